/**
 * DeepSeek (https://api-docs.deepseek.com/api/create-chat-completion): response_format is `text` or
 * `json_object` ("JSON Output", https://api-docs.deepseek.com/guides/json_mode, which also requires the
 * word "json" in the system or user prompt). `json_schema` answers 400 `{"error":{"message":"This
 * response_format type is unavailable now","type":"invalid_request_error","param":null,
 * "code":"invalid_request_error"}}` (body verbatim in github.com/llm-exe/llm-exe/issues/662; also
 * github.com/ItzCrazyKns/Vane/issues/969). The json-word refusal's wording is from
 * github.com/browserbase/stagehand/issues/1204. The models think by default
 * (https://api-docs.deepseek.com/quick_start/pricing: "thinking mode (default)"), so replies carry reasoning
 * tokens. The docs name max_tokens; max_completion_tokens is treated as unknown (conservative).
 */
import { jsonModeRefusal } from './openai';
import { formatType, numberParam, openAiError, type ProviderRules, SIMULATED_REASONING } from './types';

export function deepSeekRules(models = ['deepseek-flash', 'deepseek-v4-pro']): ProviderRules {
  return {
    id: 'deepseek',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return openAiError(400, 'Model Not Exist', 'invalid_request_error', null, 'invalid_request_error');
      if (formatType(body) === 'json_schema')
        return openAiError(
          400,
          'This response_format type is unavailable now',
          'invalid_request_error',
          null,
          'invalid_request_error',
        );
      return jsonModeRefusal(
        body,
        "Prompt must contain the word 'json' in some form to use 'response_format' of type 'json_object'.",
      );
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_tokens'),
    reasoningTokens: () => SIMULATED_REASONING.low ?? 0,
  };
}
