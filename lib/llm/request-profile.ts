/**
 * How a chat request is worded for each provider, so the first request of a check is one the provider
 * accepts. Every rule here cites the provider's own documentation; the loopback servers in
 * scripts/lib/servers/provider-rules/ refuse what each real service refuses, and the provider-matrix test runs
 * every stage against them.
 */
import type { ModelPresetId } from '../settings/model-presets';

/** How a reply is held to a schema, strongest first. `prompt`: no response_format, schema described in the prompt. */
export type StructuredMode = 'json_schema' | 'json_object' | 'prompt';

/** OpenAI's reasoning_effort values that every reasoning model family we target accepts. */
export type ReasoningEffort = 'low' | 'medium' | 'high';

/** What to send, and how, for one model of one provider. */
export interface RequestProfile {
  /**
   * The token-limit parameter. OpenAI's reasoning models refuse `max_tokens` ("Use
   * 'max_completion_tokens' instead", https://platform.openai.com/docs/guides/reasoning); OpenAI and Groq
   * document `max_completion_tokens` for every model, with `max_tokens` deprecated
   * (https://platform.openai.com/docs/api-reference/chat/create, https://console.groq.com/docs/api-reference#chat-create).
   * Ollama's OpenAI endpoint lists only `max_tokens` (https://docs.ollama.com/api/openai-compatibility) and
   * ignores fields it does not know, so there `max_completion_tokens` would be no limit at all.
   */
  tokenLimit: 'max_tokens' | 'max_completion_tokens';
  /** Reasoning models refuse any temperature but the default ("Only the default (1) value is supported"). */
  sendsTemperature: boolean;
  /** How reasoning effort is sent to a reasoning model, if at all. */
  reasoning: 'reasoning_effort' | 'openrouter' | 'none';
  /** The first structured mode to try in auto mode. */
  firstMode: StructuredMode;
  /** OpenRouter: route only to providers that honour every parameter (otherwise unsupported ones are dropped). */
  requireParameters: boolean;
  /** Gemini's schema subset: keywords it does not know are refused, so they are removed first. */
  schemaDialect: 'openai' | 'gemini';
  /**
   * Whether a structured request (json_schema or JSON mode) may be streamed. Groq's JSON modes "do not
   * support streaming" (https://console.groq.com/docs/text-chat), so streaming one would only cost a
   * refused round trip before the plain call.
   */
  streamsStructured: boolean;
}

/**
 * Reasoning models by name: OpenAI's o-series and gpt-5 family (https://platform.openai.com/docs/guides/reasoning)
 * and the open-weight gpt-oss (Groq, Ollama, OpenRouter, vLLM), with or without a vendor prefix
 * ("openai/gpt-5.4-mini" on OpenRouter). gpt-5-chat models are not reasoning models.
 */
export function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase().split('/').pop() ?? '';
  if (/^gpt-5[\w.-]*-chat/.test(name)) return false;
  return /^(o\d(?:$|[-.])|gpt-5|gpt-oss)/.test(name);
}

/** The request profile for `model` on `preset`. */
export function requestProfile(preset: ModelPresetId, model: string): RequestProfile {
  const reasoning = isReasoningModel(model);
  const base: RequestProfile = {
    tokenLimit: 'max_tokens',
    sendsTemperature: !reasoning,
    reasoning: 'none',
    firstMode: 'json_schema',
    requireParameters: false,
    schemaDialect: 'openai',
    streamsStructured: true,
  };
  switch (preset) {
    case 'openai':
      // https://platform.openai.com/docs/guides/reasoning: max_completion_tokens and reasoning_effort.
      return { ...base, tokenLimit: 'max_completion_tokens', reasoning: reasoning ? 'reasoning_effort' : 'none' };
    case 'groq':
      // https://console.groq.com/docs/reasoning: gpt-oss takes reasoning_effort low/medium/high; other
      // models refuse it. Temperature is accepted by Groq's gpt-oss.
      // https://console.groq.com/docs/structured-outputs: strict json_schema only on gpt-oss; other models
      // refuse json_schema or only try their best, so they start in JSON mode (no refused round trip per check).
      return {
        ...base,
        tokenLimit: 'max_completion_tokens',
        sendsTemperature: true,
        reasoning: reasoning ? 'reasoning_effort' : 'none',
        firstMode: /(^|\/)gpt-oss-/.test(model) ? 'json_schema' : 'json_object',
        streamsStructured: false,
      };
    case 'openrouter':
      // https://openrouter.ai/docs/features/provider-routing: without require_parameters, a provider that
      // lacks response_format is still chosen and the parameter silently dropped.
      // https://openrouter.ai/docs/use-cases/reasoning-tokens: reasoning: { effort }.
      return { ...base, reasoning: reasoning ? 'openrouter' : 'none', requireParameters: true };
    case 'ollama':
      // https://docs.ollama.com/api/openai-compatibility lists reasoning_effort for thinking models.
      return { ...base, sendsTemperature: true, reasoning: reasoning ? 'reasoning_effort' : 'none' };
    case 'lmstudio':
      // https://lmstudio.ai/docs/advanced/structured-output: json_schema; json_object is refused
      // ("'response_format.type' must be 'json_schema' or 'text'"), so the chain goes json_schema → prompt.
      return { ...base, sendsTemperature: true };
    case 'gemini':
      // https://ai.google.dev/gemini-api/docs/openai: OpenAI-style response_format; the schema goes through
      // Gemini's own Schema object, a subset of JSON Schema.
      return { ...base, sendsTemperature: true, schemaDialect: 'gemini' };
    case 'anthropic':
      // https://docs.claude.com/en/api/openai-sdk: "response_format: Ignored", reasoning_effort ignored.
      // Sending a schema the server drops would only cost a failed reply, so the prompt carries it.
      return { ...base, sendsTemperature: true, firstMode: 'prompt' };
    case 'deepseek':
      // https://api-docs.deepseek.com/guides/json_mode: JSON Output is response_format json_object only;
      // json_schema answers 400 "This response_format type is unavailable now".
      return { ...base, sendsTemperature: true, firstMode: 'json_object' };
    case 'custom':
    default:
      // vLLM (https://docs.vllm.ai/en/latest/features/structured_outputs/) and other servers: OpenAI's
      // shape. An o-series/gpt-5 model behind a proxy still needs max_completion_tokens.
      return reasoning ? { ...base, tokenLimit: 'max_completion_tokens', reasoning: 'reasoning_effort' } : base;
  }
}

/**
 * Tokens a reasoning model may spend thinking before its visible reply, per effort. Reasoning tokens
 * count against max_completion_tokens (https://platform.openai.com/docs/guides/reasoning#allocating-space-for-reasoning),
 * so the visible reply's budget gets this much on top.
 */
export const REASONING_HEADROOM: Record<ReasoningEffort, number> = { low: 2_048, medium: 8_192, high: 16_384 };

/** Schema keywords Gemini's Schema object has no field for (see provider-rules/gemini.ts for the sources). */
const GEMINI_DROPPED = new Set(['additionalProperties', '$defs', 'definitions', 'title', '$schema', 'strict']);

/**
 * A strict OpenAI schema rewritten into Gemini's subset: `$ref` inlined from `$defs`, and the keywords
 * Gemini refuses removed. The reply is still validated by zod, so nothing is lost.
 */
export function toGeminiSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const rewrite = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, depth));
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && depth < 32) {
      const target = defs[record.$ref.replace(/^#\/\$defs\//, '')];
      return rewrite(target ?? {}, depth + 1);
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      if (GEMINI_DROPPED.has(key)) continue;
      // `properties` maps names to schemas: rewrite each value, keep every name.
      out[key] =
        key === 'properties'
          ? Object.fromEntries(
              Object.entries(value as Record<string, unknown>).map(([name, sub]) => [name, rewrite(sub, depth)]),
            )
          : rewrite(value, depth);
    }
    return out;
  };
  return rewrite(schema, 0) as Record<string, unknown>;
}

/** For `estimateCheck`: the reasoning effort of each role whose model reasons. */
export function reasoningForEstimate(profile: {
  fastModel: string;
  strongModel: string;
  reasoningEffort?: { fast: ReasoningEffort; strong: ReasoningEffort } | undefined;
}): {
  fast?: ReasoningEffort;
  strong?: ReasoningEffort;
} {
  const effort = profile.reasoningEffort ?? { fast: 'low', strong: 'medium' };
  return {
    ...(isReasoningModel(profile.fastModel) ? { fast: effort.fast } : {}),
    ...(isReasoningModel(profile.strongModel) ? { strong: effort.strong } : {}),
  };
}
