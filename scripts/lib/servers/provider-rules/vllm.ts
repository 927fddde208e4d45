/**
 * vLLM's OpenAI-compatible server (https://docs.vllm.ai/en/stable/serving/openai_compatible_server/):
 * structured outputs through `response_format` json_schema and json_object, or its own `structured_outputs`
 * extra field (https://docs.vllm.ai/en/latest/features/structured_outputs/; the old guided_* fields were
 * removed in v0.12.0 and are refused here). `strict` is accepted and the grammar always enforced.
 * max_tokens and max_completion_tokens are both honoured. Errors use OpenAI's envelope with the HTTP status
 * as an integer `code`: `{"error":{"message":…,"type":"BadRequestError","param":null,"code":400}}`
 * (vllm/entrypoints/openai/engine/protocol.py: `class ErrorInfo: message: str; type: str; param: str | None;
 * code: int` and `class ErrorResponse: error: ErrorInfo`, github.com/vllm-project/vllm at 040a2cc; the flat
 * `{"object":"error",…}` body of github.com/vllm-project/vllm/issues/12886 was nested in v0.10.1).
 */
import { formatType, isRecord, numberParam, type ProviderRefusal, type ProviderRules } from './types';

function vllmError(status: number, type: string, message: string): ProviderRefusal {
  return { status, body: { error: { message, type, param: null, code: status } } };
}

export function vllmRules(models = ['Qwen/Qwen3-8B']): ProviderRules {
  return {
    id: 'vllm',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model)) return vllmError(404, 'NotFoundError', `The model \`${model}\` does not exist.`);
      const removed = Object.keys(body).find((key) => key.startsWith('guided_'));
      if (removed)
        return vllmError(400, 'BadRequestError', `${removed} was removed in v0.12.0; use structured_outputs.`);
      const type = formatType(body);
      if (type !== undefined && !['json_schema', 'json_object', 'text', 'structural_tag'].includes(type))
        return vllmError(400, 'BadRequestError', `Unknown response_format type: ${type}`);
      if (type === 'json_schema' && !(isRecord(body.response_format) && isRecord(body.response_format.json_schema))) {
        return vllmError(400, 'BadRequestError', 'response_format.json_schema is required when type is json_schema');
      }
      return undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
