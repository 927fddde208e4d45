/**
 * What a provider has told us about one model, remembered per base URL + model so the next request is
 * worded right the first time: whether it reasons, which token-limit parameter it takes, whether it takes
 * a temperature and a reasoning effort. Names are only a first guess (request-profile.ts); the provider's
 * own answers win:
 * - a 400 naming the parameter: OpenAI's reasoning models answer `max_tokens` with "Unsupported parameter:
 *   'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead." (`param:
 *   "max_tokens"`, `code: "unsupported_parameter"`), a temperature with "Unsupported value: 'temperature'
 *   does not support 0.2 with this model. Only the default (1) value is supported." (`param: "temperature"`,
 *   `code: "unsupported_value"`), and o-series "Unsupported parameter: 'temperature' is not supported with
 *   this model." (bodies verbatim in github.com/griptape-ai/ComfyUI-Griptape/issues/312,
 *   github.com/fish2018/YPrompt/issues/26, github.com/openai/openai-python/issues/2104). Proxies relay the
 *   message with their own `code` and no `param` (github.com/caozhiyuan/copilot-api/issues/164), so the
 *   message is read too. Gemini: "Invalid reasoning_effort: minimal" (discuss.ai.google.dev/t/117875); Groq:
 *   "`reasoning_effort` is not supported with this model" (https://console.groq.com/docs/reasoning).
 * - a reply: `usage.completion_tokens_details.reasoning_tokens` > 0 (OpenAI's spec reports it for every
 *   model, 0 for those that do not reason: openai/openai-openapi, openapi.yaml, CompletionUsage), or reasoning
 *   text beside the answer (`reasoning_content` on DeepSeek, https://api-docs.deepseek.com/guides/thinking_mode;
 *   `reasoning` on Ollama and OpenRouter).
 *
 * The memory lasts as long as the background worker (or the Node process); a worker that restarts learns
 * again from the first refusal, which costs one refused round trip per parameter.
 */
import OpenAI from 'openai';

/** What is known of one model on one server. Absent fields: not learned, the name-based guess holds. */
export interface ModelTraits {
  /** The model thinks before it answers (its thinking counts against the token limit). */
  reasons?: boolean;
  tokenLimit?: 'max_tokens' | 'max_completion_tokens';
  /** False once the model refused a temperature other than its default. */
  temperature?: boolean;
  /** False once the model refused the reasoning effort. */
  effort?: boolean;
}

/** Learned traits per base URL + model. */
export interface ModelTraitStore {
  get(baseUrl: string, model: string): ModelTraits;
  /** Merges `learned` in; returns whether anything changed. */
  learn(baseUrl: string, model: string, learned: ModelTraits): boolean;
}

function keyOf(baseUrl: string, model: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '').toLowerCase()}|${model}`;
}

export function createModelTraitStore(): ModelTraitStore {
  const traits = new Map<string, ModelTraits>();
  return {
    get: (baseUrl, model) => traits.get(keyOf(baseUrl, model)) ?? {},
    learn(baseUrl, model, learned) {
      const key = keyOf(baseUrl, model);
      const before = traits.get(key) ?? {};
      const after = { ...before, ...learned };
      const changed = (Object.keys(learned) as (keyof ModelTraits)[]).some((name) => before[name] !== after[name]);
      if (changed) traits.set(key, after);
      return changed;
    },
  };
}

/** The store every adapter of this worker shares, so Test connection's lessons serve the checks. */
export const sharedModelTraits: ModelTraitStore = createModelTraitStore();

/** What a refused request (400/422) says about the model, or undefined when it names no parameter we set. */
export function traitsFromRefusal(error: unknown): ModelTraits | undefined {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 422)) return undefined;
  const param = typeof error.param === 'string' ? error.param : '';
  const message = error.message;
  const refuses = (name: string) =>
    param === name ||
    new RegExp(
      // i18n-exempt: a pattern matched against a provider's error message, not words
      `(unsupported (parameter|value)|unrecognized request argument|unknown (field|name)|invalid)[^.]*\\b${name}\\b|\\b${name}\\b'? (is not supported|does not support|is unsupported)`,
      'i',
    ).test(message);
  if (refuses('max_tokens') || /use 'max_completion_tokens'/i.test(message))
    return { tokenLimit: 'max_completion_tokens', reasons: true };
  if (refuses('max_completion_tokens')) return { tokenLimit: 'max_tokens' };
  if (refuses('temperature')) return { temperature: false };
  if (refuses('reasoning_effort') || /`reasoning_effort` is not supported/i.test(message)) return { effort: false };
  return undefined;
}

/** Whether a reply shows the model reasoned: reasoning tokens, or reasoning text beside the answer. */
export function replyShowsReasoning(
  reasoningTokens: number | undefined,
  message: Record<string, unknown> | undefined,
): boolean {
  if (typeof reasoningTokens === 'number' && reasoningTokens > 0) return true;
  const text = message?.reasoning_content ?? message?.reasoning;
  return typeof text === 'string' && text.trim().length > 0;
}
