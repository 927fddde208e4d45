/**
 * Gemini's OpenAI-compatible endpoint (https://ai.google.dev/gemini-api/docs/openai, request fields in
 * https://ai.google.dev/api/compatibility). The body is a protobuf message: an unknown field is a 400
 * "Invalid JSON payload received. Unknown name \"x\": Cannot find field." The json_schema of
 * response_format becomes Gemini's Schema object (an OpenAPI 3.0 subset,
 * https://ai.google.dev/api/caching#Schema), which has no field for additionalProperties, $ref/$defs,
 * const, oneOf/allOf/not, uniqueItems, contains, multipleOf, propertyNames, patternProperties,
 * unevaluated*, if/then/else: the same "Unknown name … Cannot find field" 400 (reported for these keywords
 * in github.com/decolua/9router/pull/3018 and github.com/bestruirui/octopus/pull/255;
 * "additionalProperties is not supported in the Gemini API", github.com/ag2ai/ag2/issues/2348). The docs do
 * not say whether newer models take more of JSON Schema, so the conservative subset is encoded.
 * Errors of the compatibility endpoint come as a one-element array of Google's error object
 * (`[{"error":{"code":400,"message":…,"status":"INVALID_ARGUMENT"}}]`), as client reports show; the docs do
 * not show the body.
 */
import { type ChatBody, formatType, isRecord, numberParam, type ProviderRefusal, type ProviderRules } from './types';

const FIELDS = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'modalities',
  'n',
  'stop',
  'max_completion_tokens',
  'max_tokens',
  'temperature',
  'top_p',
  'response_format',
  'reasoning_effort',
  'audio',
  'presence_penalty',
  'frequency_penalty',
  'seed',
  'logprobs',
  'top_logprobs',
  'extra_body',
]);
const REFUSED_KEYWORDS = new Set([
  'additionalProperties',
  '$ref',
  '$defs',
  'definitions',
  'const',
  'oneOf',
  'allOf',
  'not',
  'uniqueItems',
  'contains',
  'multipleOf',
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
]);

function googleError(status: number, message: string, code = 'INVALID_ARGUMENT'): ProviderRefusal {
  return { status, body: [{ error: { code: status, message, status: code } }] };
}

/** The first refused keyword in a schema, with Gemini's path to it. */
function refusedKeyword(node: unknown, path: string): { keyword: string; path: string } | undefined {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const found = refusedKeyword(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (REFUSED_KEYWORDS.has(key)) return { keyword: key, path };
    if (key === 'properties' && isRecord(value)) {
      for (const [index, sub] of Object.values(value).entries()) {
        const found = refusedKeyword(sub, `${path}.properties[${index}].value`);
        if (found) return found;
      }
    } else if (key === 'items' || key === 'anyOf') {
      const found = refusedKeyword(value, `${path}.${key === 'items' ? 'items' : 'any_of'}`);
      if (found) return found;
    }
  }
  return undefined;
}

export function geminiRules(models = ['gemini-3.5-flash-lite', 'gemini-3.6-flash']): ProviderRules {
  return {
    id: 'gemini',
    models,
    refuse(body: ChatBody) {
      const model = String(body.model);
      if (!models.includes(model))
        return googleError(
          404,
          `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
          'NOT_FOUND',
        );
      const unknown = Object.keys(body).find((key) => !FIELDS.has(key));
      if (unknown)
        return googleError(400, `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
      if (formatType(body) === 'json_schema') {
        const spec =
          isRecord(body.response_format) && isRecord(body.response_format.json_schema)
            ? body.response_format.json_schema
            : {};
        const found = refusedKeyword(spec.schema, 'generation_config.response_schema');
        if (found)
          return googleError(
            400,
            `Invalid JSON payload received. Unknown name "${found.keyword}" at '${found.path}': Cannot find field.`,
          );
      }
      if (
        body.reasoning_effort !== undefined &&
        !['none', 'minimal', 'low', 'medium', 'high'].includes(String(body.reasoning_effort))
      ) {
        return googleError(400, `Invalid reasoning_effort: ${String(body.reasoning_effort)}`);
      }
      return undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
