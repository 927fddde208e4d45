/**
 * Groq's OpenAI-compatible API (https://console.groq.com/docs/api-reference#chat-create).
 * - json_schema only on the models listed in https://console.groq.com/docs/structured-outputs (strict:
 *   true on openai/gpt-oss-20b and -120b); other models answer 400 "This model does not support response
 *   format `json_schema`" (body as in github.com/ItzCrazyKns/Vane/issues/980: message and type only).
 * - Strict schemas follow OpenAI's rules (same page: "all fields must be required and objects must set
 *   additionalProperties: false").
 * - json_object: "you must also instruct the model to produce JSON yourself via a system or user message"
 *   (https://console.groq.com/docs/text-chat#json-mode); without the word JSON the request is refused.
 * - reasoning_effort (low/medium/high) only on reasoning models (https://console.groq.com/docs/reasoning);
 *   reasoning tokens in usage.completion_tokens_details.
 * - Fields Groq does not know are refused ("property 'x' is unsupported"); max_tokens is deprecated in
 *   favour of max_completion_tokens but still honoured.
 * - Streaming: JSON mode "does not support streaming" (https://console.groq.com/docs/text-chat, "Beta
 *   Limitations"), and the structured-outputs page said "streaming is not currently supported with
 *   Structured Outputs" (https://console.groq.com/docs/structured-outputs). So any response_format with
 *   `stream: true` is refused with a 400. The exact wording is not documented; this one names
 *   response_format, as Groq's other response_format errors do.
 */
import { jsonModeRefusal, OPENAI_FIELDS } from './openai';
import { strictSchemaViolation } from './strict-schema';
import {
  formatType,
  isRecord,
  numberParam,
  type ProviderRefusal,
  type ProviderRules,
  reasoningModel,
  SIMULATED_REASONING,
} from './types';

/** Groq's error body: message and type (no param or code on these). */
function groqError(message: string): ProviderRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error' } } };
}

const JSON_SCHEMA_MODELS = new Set(['openai/gpt-oss-20b', 'openai/gpt-oss-120b']);

export function groqRules(
  models = ['openai/gpt-oss-20b', 'openai/gpt-oss-120b', 'llama-3.1-8b-instant', 'llama-3.3-70b-versatile'],
): ProviderRules {
  return {
    id: 'groq',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return {
          status: 404,
          body: {
            error: {
              message: `The model \`${model}\` does not exist or you do not have access to it.`,
              type: 'invalid_request_error',
              code: 'model_not_found',
            },
          },
        };
      const unknown = Object.keys(body).find((key) => !OPENAI_FIELDS.has(key));
      if (unknown) return groqError(`property '${unknown}' is unsupported`);
      if (body.reasoning_effort !== undefined) {
        if (!reasoningModel(model)) return groqError('`reasoning_effort` is not supported with this model');
        if (!['low', 'medium', 'high'].includes(String(body.reasoning_effort)))
          return groqError("'reasoning_effort' must be one of 'low', 'medium' or 'high'");
      }
      if (body.stream === true && formatType(body) !== undefined && formatType(body) !== 'text') {
        return groqError('`response_format` does not support streaming');
      }
      if (formatType(body) === 'json_schema') {
        if (!JSON_SCHEMA_MODELS.has(model))
          return groqError(
            'This model does not support response format `json_schema`. See supported models at https://console.groq.com/docs/structured-outputs#supported-models',
          );
        const spec =
          isRecord(body.response_format) && isRecord(body.response_format.json_schema)
            ? body.response_format.json_schema
            : {};
        const problem = spec.strict === true ? strictSchemaViolation(String(spec.name ?? ''), spec.schema) : undefined;
        if (problem) return groqError(problem);
      }
      const jsonMode = jsonModeRefusal(body);
      return jsonMode ? groqError((jsonMode.body as { error: { message: string } }).error.message) : undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: (body) =>
      reasoningModel(body.model) ? (SIMULATED_REASONING[String(body.reasoning_effort ?? 'medium')] ?? 0) : 0,
  };
}
