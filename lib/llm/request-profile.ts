/**
 * How a chat request is worded for each provider, so the first request of a check is one the provider
 * accepts. Every rule here cites the provider's own documentation; the loopback servers in
 * scripts/lib/servers/provider-rules/ refuse what each real service refuses, and the provider-matrix test runs
 * every stage against them.
 */
import type { ModelPresetId } from '../settings/model-presets';
import type { ModelTraits } from './model-traits';

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
   * Ollama's OpenAI endpoint takes only `max_tokens`: its request struct has no `max_completion_tokens`
   * field and Go's JSON decoding drops fields it does not know, so that one would be no limit at all
   * (github.com/ollama/ollama, openai/openai.go, ChatCompletionRequest, at commit fb30760).
   */
  tokenLimit: 'max_tokens' | 'max_completion_tokens';
  /**
   * Whether a stage's temperature is sent. Reasoning models refuse any but the default ("Only the default
   * (1) value is supported"); Gemini 3 models should keep the default 1.0 ("For Gemini 3, we strongly
   * recommend keeping the temperature parameter at its default value of 1.0 … setting it to less than 1.0
   * may lead to unexpected behavior, looping, or degraded performance",
   * https://docs.cloud.google.com/vertex-ai/generative-ai/docs/start/gemini-3-prompting-guide); DeepSeek's
   * thinking mode ignores it (https://api-docs.deepseek.com/guides/thinking_mode).
   */
  sendsTemperature: boolean;
  /** How reasoning is steered: reasoning_effort, OpenRouter's reasoning object, DeepSeek's thinking toggle. */
  reasoning: 'reasoning_effort' | 'openrouter' | 'deepseek' | 'none';
  /** Whether the model thinks before it answers (by name, or as learned from the provider). */
  reasons: boolean;
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
 * Models that think before they answer, by name: OpenAI's o-series, gpt-5 and gpt-6 families
 * (https://platform.openai.com/docs/guides/reasoning; every current OpenAI chat model is one,
 * https://developers.openai.com/api/docs/models), the open-weight gpt-oss (Groq, Ollama, OpenRouter, vLLM),
 * Gemini 3 models (thinking is on by default and cannot be turned off on Pro,
 * https://ai.google.dev/gemini-api/docs/thinking) and DeepSeek's V4 models ("Thinking mode is enabled by
 * default", https://api-docs.deepseek.com/guides/thinking_mode), with or without a vendor prefix
 * ("openai/gpt-5.4-mini" on OpenRouter). -chat models are not reasoning models. Any other model that
 * reasons is learned from its provider's answers (model-traits.ts).
 */
export function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase().split('/').pop() ?? '';
  if (/^gpt-[56][\w.-]*-chat/.test(name)) return false;
  return /^(o\d(?:$|[-.])|gpt-[56](?:$|[-.])|gpt-oss|gemini-3|deepseek-(?:flash|v4))/.test(name);
}

/**
 * Claude models that refuse sampling parameters, on any preset (Anthropic, OpenRouter, a Custom proxy): Opus
 * 4.7 and later ("temperature, top_p, and top_k … Setting any non-default value returns 400", "temperature is
 * deprecated for this model.", https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7)
 * and the 5.x family ("Remove temperature, top_p and top_k from your requests",
 * https://platform.claude.com/docs/en/models/haiku-5-5/migration-guide). Spelled `claude-opus-4-7` by Anthropic,
 * `anthropic/claude-opus-4.7` or `anthropic/claude-4.7-opus` by OpenRouter
 * (https://openrouter.ai/docs/guides/evaluate-and-optimize/model-migrations/claude-4-7).
 */
export function refusesSampling(model: string): boolean {
  return /(^|\/)claude-(?:[a-z]+-(?:5|4[.-][7-9])|(?:5|4\.[7-9])\b)/.test(model.toLowerCase());
}

/** The request profile for `model` on `preset`, with what the provider taught about the model (`traits`). */
export function requestProfile(preset: ModelPresetId, model: string, traits: ModelTraits = {}): RequestProfile {
  const reasons = traits.reasons ?? isReasoningModel(model);
  const base: RequestProfile = {
    tokenLimit: 'max_tokens',
    sendsTemperature: !reasons,
    reasoning: 'none',
    reasons,
    firstMode: 'json_schema',
    requireParameters: false,
    schemaDialect: 'openai',
    streamsStructured: true,
  };
  const profile = presetProfile(preset, model, base);
  return {
    ...profile,
    ...(traits.tokenLimit ? { tokenLimit: traits.tokenLimit } : {}),
    ...(traits.temperature === false || refusesSampling(model) ? { sendsTemperature: false } : {}),
    ...(traits.effort === false && profile.reasoning !== 'deepseek' ? { reasoning: 'none' as const } : {}),
  };
}

function presetProfile(preset: ModelPresetId, model: string, base: RequestProfile): RequestProfile {
  const { reasons } = base;
  switch (preset) {
    case 'openai':
      // https://platform.openai.com/docs/guides/reasoning: max_completion_tokens and reasoning_effort.
      return { ...base, tokenLimit: 'max_completion_tokens', reasoning: reasons ? 'reasoning_effort' : 'none' };
    case 'groq':
      // https://console.groq.com/docs/reasoning: gpt-oss takes reasoning_effort low/medium/high; other
      // models refuse it. Temperature is accepted by Groq's gpt-oss.
      // https://console.groq.com/docs/structured-outputs: strict json_schema only on gpt-oss; other models
      // refuse json_schema or only try their best, so they start in JSON mode (no refused round trip per check).
      return {
        ...base,
        tokenLimit: 'max_completion_tokens',
        sendsTemperature: true,
        reasoning: reasons ? 'reasoning_effort' : 'none',
        firstMode: /(^|\/)gpt-oss-/.test(model) ? 'json_schema' : 'json_object',
        streamsStructured: false,
      };
    case 'openrouter':
      // https://openrouter.ai/docs/features/provider-routing: without require_parameters, a provider that
      // lacks response_format is still chosen and the parameter silently dropped.
      // https://openrouter.ai/docs/use-cases/reasoning-tokens: reasoning: { effort }.
      return { ...base, reasoning: reasons ? 'openrouter' : 'none', requireParameters: true };
    case 'ollama':
      // reasoning_effort: "none" turns thinking off, low/medium/high/max set it (openai/openai.go at fb30760;
      // https://docs.ollama.com/api/openai-compatibility lists it). Without a temperature Ollama's OpenAI
      // endpoint samples at 1.0 (openai/openai.go: `options["temperature"] = 1.0`), so one is always sent.
      return { ...base, sendsTemperature: true, reasoning: reasons ? 'reasoning_effort' : 'none' };
    case 'lmstudio':
      // https://lmstudio.ai/docs/advanced/structured-output: json_schema; json_object is refused
      // ("'response_format.type' must be 'json_schema' or 'text'"), so the chain goes json_schema → prompt.
      return { ...base, sendsTemperature: true };
    case 'gemini':
      // https://ai.google.dev/gemini-api/docs/openai: OpenAI-style response_format and reasoning_effort; the
      // schema goes through Gemini's own Schema object, a subset of JSON Schema. Gemini 3 models keep the
      // default temperature (see `sendsTemperature`).
      return {
        ...base,
        sendsTemperature: !/(^|\/)gemini-3/.test(model),
        reasoning: reasons ? 'reasoning_effort' : 'none',
        schemaDialect: 'gemini',
      };
    case 'anthropic':
      // https://docs.claude.com/en/api/openai-sdk: "response_format: Ignored", reasoning_effort ignored.
      // Sending a schema the server drops would only cost a failed reply, so the prompt carries it.
      // Claude models that refuse sampling parameters keep their default temperature on every preset (see
      // `refusesSampling`).
      return { ...base, firstMode: 'prompt' };
    case 'deepseek':
      // https://api-docs.deepseek.com/guides/json_mode: JSON Output is response_format json_object only;
      // json_schema answers 400 "This response_format type is unavailable now".
      // https://api-docs.deepseek.com/guides/thinking_mode: thinking on by default at high effort, toggled by
      // `thinking: {type}` and steered by `reasoning_effort`; see `deepSeekThinking`.
      return { ...base, firstMode: 'json_object', reasoning: reasons ? 'deepseek' : 'none' };
    case 'custom':
    default:
      // vLLM (https://docs.vllm.ai/en/latest/features/structured_outputs/) and other servers: OpenAI's
      // shape. A reasoning model behind a proxy still needs max_completion_tokens.
      return reasons ? { ...base, tokenLimit: 'max_completion_tokens', reasoning: 'reasoning_effort' } : base;
  }
}

/**
 * DeepSeek's thinking for a role: claim extraction, queries and source types (the fast role) run with
 * thinking off, where it buys nothing and every thought counts against `max_tokens`; judgement (the strong
 * role) thinks at the profile's effort. DeepSeek maps medium to high ("medium→high"), so a medium call gets
 * high's room. Source: https://api-docs.deepseek.com/guides/thinking_mode.
 */
export function deepSeekThinking(
  role: 'fast' | 'strong',
  effort: ReasoningEffort,
): { fields: Record<string, unknown>; thinks: boolean; headroom: ReasoningEffort } {
  if (role === 'fast') return { fields: { thinking: { type: 'disabled' } }, thinks: false, headroom: 'low' };
  return {
    fields: { thinking: { type: 'enabled' }, reasoning_effort: effort },
    thinks: true,
    headroom: effort === 'low' ? 'low' : 'high',
  };
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
