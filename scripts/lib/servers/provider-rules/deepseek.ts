/**
 * DeepSeek (https://api-docs.deepseek.com/api/create-chat-completion): response_format is `text` or
 * `json_object` ("JSON Output", https://api-docs.deepseek.com/guides/json_mode, which also requires the
 * word "json" in the system or user prompt). `json_schema` answers 400 `{"error":{"message":"This
 * response_format type is unavailable now","type":"invalid_request_error","param":null,
 * "code":"invalid_request_error"}}` (body verbatim in github.com/llm-exe/llm-exe/issues/662; also
 * github.com/ItzCrazyKns/Vane/issues/969). The json-word refusal's wording is from
 * github.com/browserbase/stagehand/issues/1204. The docs name max_tokens; max_completion_tokens is treated
 * as unknown (conservative).
 * - Thinking (https://api-docs.deepseek.com/guides/thinking_mode): "Thinking mode is enabled by default, with
 *   the default effort being `high`"; `thinking: {type: "disabled"}` turns it off; `reasoning_effort` maps
 *   minimal/low→low, medium/high/xhigh→high, max→max. The reasoning counts against `max_tokens`
 *   ("max_tokens：模型单次回答的最大长度（含思维链输出）", https://api-docs.deepseek.com/zh-cn/guides/reasoning_model),
 *   and temperature is accepted but has no effect in thinking mode.
 * - Blank JSON (`blankJson`): "the API replaces the non-JSON content with spaces … the returned `content` may
 *   contain only spaces (appearing empty, even when `finish_reason` is `stop`)"
 *   (https://api-docs.deepseek.com/guides/json_mode): the first json_object replies are spaces.
 * - Out of balance (`outOfBalance`): "402 - Insufficient Balance | Cause: You have run out of balance"
 *   (https://api-docs.deepseek.com/quick_start/error_codes).
 */
import { jsonModeRefusal } from './openai';
import { formatType, isRecord, numberParam, openAiError, type ProviderRules, SIMULATED_REASONING } from './types';

/** DeepSeek's effort mapping (thinking_mode guide). */
const DEEPSEEK_EFFORT: Record<string, string> = {
  minimal: 'low',
  low: 'low',
  medium: 'high',
  high: 'high',
  xhigh: 'high',
  max: 'xhigh',
};

/** Options of {@link deepSeekRules}. */
export interface DeepSeekRulesOptions {
  models?: string[];
  /** How many json_object replies come back as only spaces before real ones. */
  blankJson?: number;
  /** The account has no balance left: every request is a 402. */
  outOfBalance?: boolean;
}

/** Hidden reasoning a DeepSeek request spends (the loopback's scale, see SIMULATED_REASONING). */
export function deepSeekReasoning(body: Record<string, unknown>): number {
  if (isRecord(body.thinking) && body.thinking.type === 'disabled') return 0;
  const effort = DEEPSEEK_EFFORT[String(body.reasoning_effort ?? 'high')] ?? 'high';
  return SIMULATED_REASONING[effort] ?? 0;
}

export function deepSeekRules(options: DeepSeekRulesOptions = {}): ProviderRules {
  const models = options.models ?? ['deepseek-flash', 'deepseek-v4-pro'];
  let blanks = options.blankJson ?? 0;
  return {
    id: 'deepseek',
    models,
    refuse(body) {
      if (options.outOfBalance)
        return openAiError(402, 'Insufficient Balance', 'unknown_error', null, 'invalid_request_error');
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
    reasoningTokens: deepSeekReasoning,
    finish(body) {
      if (blanks <= 0 || formatType(body) !== 'json_object') return undefined;
      blanks -= 1;
      return { finishReason: 'stop', content: '   ' };
    },
  };
}
