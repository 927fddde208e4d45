/**
 * Ollama's OpenAI-compatible endpoint (https://docs.ollama.com/api/openai-compatibility).
 * - Supported request fields include response_format, temperature, top_p, max_tokens, reasoning_effort;
 *   max_completion_tokens is not among them, and fields Ollama does not know are ignored (Go's JSON
 *   decoding), so that one is no limit at all.
 * - response_format: json_schema, json_object and text ("JSON mode" and structured outputs,
 *   https://docs.ollama.com/capabilities/structured-outputs); another type is a 400.
 * - A model that is not pulled: 404 `{"error":{"message":"model \"x\" not found, try pulling it first",
 *   "type":"api_error","param":null,"code":null}}` (Ollama's openai middleware wraps errors in OpenAI's envelope).
 * - The origin check (403, empty body) is the server's `forbiddenOrigin` option.
 */
import { formatType, numberParam, openAiError, type ProviderRules } from './types';

export function ollamaRules(models = ['llama3.1:8b', 'qwen3:8b']): ProviderRules {
  return {
    id: 'ollama',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return openAiError(404, `model "${model}" not found, try pulling it first`, 'api_error');
      const type = formatType(body);
      if (type !== undefined && !['json_schema', 'json_object', 'text'].includes(type))
        return openAiError(400, 'invalid response format', 'invalid_request_error');
      return undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
