/**
 * LM Studio's OpenAI-compatible server (https://lmstudio.ai/docs/api/openai-api,
 * https://lmstudio.ai/docs/advanced/structured-output): structured output through
 * `response_format: { type: "json_schema", json_schema }`; `json_object` is refused with 400
 * `{"error":"'response_format.type' must be 'json_schema' or 'text'"}` (the error is a bare string:
 * github.com/lmstudio-ai/lmstudio-bug-tracker/issues/189 and /307, github.com/LoadShine/tada/issues/16),
 * and a json_schema without a schema object with `{"error":"'response_format.json_schema.schema' must be
 * an object"}` (github.com/bhimrazy/receipt-ocr/issues/20). The docs list max_tokens; nothing documents
 * max_completion_tokens, so it is treated as unknown and ignored (the conservative reading).
 */
import { formatType, isRecord, numberParam, type ProviderRules } from './types';

export function lmStudioRules(models = ['qwen3-8b']): ProviderRules {
  return {
    id: 'lmstudio',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return { status: 404, body: { error: `Model "${model}" not found. Please load the model first.` } };
      const type = formatType(body);
      if (type !== undefined && type !== 'json_schema' && type !== 'text')
        return { status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } };
      if (type === 'json_schema') {
        const spec = isRecord(body.response_format) ? body.response_format.json_schema : undefined;
        if (!isRecord(spec) || !isRecord(spec.schema))
          return { status: 400, body: { error: "'response_format.json_schema.schema' must be an object" } };
      }
      return undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
