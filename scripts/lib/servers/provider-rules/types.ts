/**
 * What a real provider's OpenAI-compatible endpoint refuses, ignores and reports, for the loopback model
 * server's strict modes (`startOpenAiServer({ provider })`). One module per provider, each citing the
 * provider's own documentation (or, where the docs are silent, the reports the rule rests on).
 */

/** A chat request body as it arrived (parsed JSON). */
export type ChatBody = Record<string, unknown>;

/** The provider's answer to a request that breaks its rules: its real status and body shape. */
export interface ProviderRefusal {
  status: number;
  body: unknown;
  /** Response headers the provider sends with it (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** How a reply the provider accepted ends instead of normally: a content filter, a refusal, an error. */
export interface ProviderFinish {
  /** The `finish_reason` sent. */
  finishReason: string;
  /** The reply text (null: content omitted). */
  content: string | null;
  /** More fields of the choice, e.g. OpenRouter's `native_finish_reason`. */
  choice?: Record<string, unknown>;
}

/** One provider's behaviour. */
export interface ProviderRules {
  /** Short id, e.g. "openai". */
  readonly id: string;
  /** Model ids the provider lists on GET /v1/models; requests for others are refused its way. */
  readonly models: string[];
  /** The refusal for a request that breaks the provider's rules, or undefined when it is accepted. */
  refuse(body: ChatBody): ProviderRefusal | undefined;
  /**
   * The refusal of any request (chat, models, embeddings) for its headers (lower-cased names, as Node gives
   * them), checked after the key: e.g. Anthropic's missing `anthropic-workspace-id`.
   */
  refuseHeaders?(headers: Readonly<Record<string, string | string[] | undefined>>): ProviderRefusal | undefined;
  /** False when the provider accepts `response_format` but silently drops it (the model never sees it). */
  honoursResponseFormat(body: ChatBody): boolean;
  /** The output-token limit the provider applies (parameters it ignores are no limit), or undefined. */
  tokenLimit(body: ChatBody): number | undefined;
  /** Hidden reasoning tokens the model spends on this request (0 for models that do not reason). */
  reasoningTokens(body: ChatBody): number;
  /** When the reply does not end normally (a content filter, a refusal), how it ends; undefined otherwise. */
  finish?(body: ChatBody): ProviderFinish | undefined;
  /**
   * The runtime context in tokens: a longer prompt is cut the provider's way, silently (Ollama, see
   * ollama-context.ts), and the server records it. Undefined: no limit.
   */
  contextTokens?: number;
  /** The provider's own routes beside the OpenAI ones (Ollama's `POST /api/show`); undefined: not one of them. */
  nativeRoute?(method: string, path: string, body: unknown): ProviderRefusal | undefined;
}

/** OpenAI's error envelope (https://platform.openai.com/docs/guides/error-codes), shared by many providers. */
export function openAiError(
  status: number,
  message: string,
  type: string,
  param: string | null = null,
  code: string | null = null,
): ProviderRefusal {
  return { status, body: { error: { message, type, param, code } } };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of every message, for "the messages must contain the word JSON" rules. */
export function messagesText(body: ChatBody): string {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages
    .map((message) => {
      const content = isRecord(message) ? message.content : undefined;
      if (typeof content === 'string') return content;
      return Array.isArray(content)
        ? content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
        : '';
    })
    .join('\n');
}

/** `response_format.type`, when one was sent. */
export function formatType(body: ChatBody): string | undefined {
  return isRecord(body.response_format) && typeof body.response_format.type === 'string'
    ? body.response_format.type
    : undefined;
}

/** The first of `names` present in the body as a number. */
export function numberParam(body: ChatBody, ...names: string[]): number | undefined {
  for (const name of names) if (typeof body[name] === 'number') return body[name] as number;
  return undefined;
}

/**
 * Hidden reasoning per effort, scaled down from real figures (hundreds to thousands of tokens) so tests
 * stay fast, but large enough that a limit without headroom for it cuts the visible reply off.
 */
export const SIMULATED_REASONING: Record<string, number> = {
  none: 0,
  minimal: 16,
  low: 96,
  medium: 384,
  high: 1_536,
  xhigh: 3_072,
};

/**
 * Models whose names mark them as reasoning models: OpenAI o-series, the gpt-5 and gpt-6 families except
 * -chat ("GPT-6 Luna is OpenAI's efficient reasoning model", https://runware.ai/docs/models/openai-gpt-6-luna;
 * every model on https://developers.openai.com/api/docs/models takes a reasoning effort), gpt-oss.
 */
export function reasoningModel(model: unknown): boolean {
  const name = String(model).toLowerCase().split('/').pop() ?? '';
  return !/^gpt-[56][\w.-]*-chat/.test(name) && /^(o\d(?:$|[-.])|gpt-[56](?:$|[-.])|gpt-oss)/.test(name);
}
