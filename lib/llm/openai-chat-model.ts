/**
 * The `ChatModel` and `Embedder` ports on any OpenAI-compatible server, through the `openai` SDK.
 * Retries and concurrency belong to the core (`withResilience`, `withResilientEmbedder`), so the SDK's own retries
 * stay off.
 */
import OpenAI from 'openai';

import { type ErrorNotice, named, type RefusalWhy } from '../core/error-notices';
import { ProviderError } from '../core/errors';
import { extractJson } from '../core/model/structured-call';
import type { RunNotice } from '../core/notices';
import {
  type ChatMessage,
  type ChatModel,
  type ChatRequest,
  type ChatResponse,
  DEFAULT_REPLY_TOKENS,
  type Embedder,
  type JsonSchemaSpec,
  type TextSink,
  type TokenUsage,
} from '../core/ports';
import { isPrivateNetworkUrl } from '../net/private-address';
import type { ModelPresetId } from '../settings/model-presets';
import { DEFAULT_REASONING_EFFORT } from '../settings/schema';
import { type ModelTraitStore, replyShowsReasoning, sharedModelTraits, traitsFromRefusal } from './model-traits';
import { createOpenAiClient } from './openai-client';
import { fitPrompt } from './prompt-fit';
import { displayUrl, type ErrorContext, toProviderError } from './provider-error';
import { isRefusalReason, refusalNotice } from './refusals';
import type { ReplyDeadlines } from './reply-deadlines';
import {
  deepSeekThinking,
  REASONING_HEADROOM,
  type ReasoningEffort,
  type RequestProfile,
  requestProfile,
  type StructuredMode,
  toGeminiSchema,
} from './request-profile';

/** How replies are held to a schema; `auto` starts where the provider allows and falls back per model. */
export type StructuredOutputMode = 'auto' | StructuredMode;

/** Options for {@link createOpenAiChatModel}. */
export interface OpenAiChatModelOptions {
  baseUrl: string;
  apiKey: string;
  fastModel: string;
  strongModel: string;
  structuredOutput: StructuredOutputMode;
  /** The preset the endpoint belongs to: decides parameter names and the first structured mode (default `custom`). */
  preset?: ModelPresetId;
  /** reasoning_effort per role for reasoning models (default low for fast, medium for strong). */
  reasoningEffort?: { fast: ReasoningEffort; strong: ReasoningEffort };
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Idle and overall deadlines of each reply (default {@link DEFAULT_REPLY_DEADLINES}). */
  replyDeadlines?: ReplyDeadlines;
  /** Name used in error messages, e.g. the preset's label. */
  providerLabel?: string;
  /** What providers taught about models, per base URL + model (default: the worker's shared store). */
  modelTraits?: ModelTraitStore;
  /** Extra headers sent with every request to this endpoint (the profile's `headers`). */
  headers?: Record<string, string>;
  /**
   * The context window `model` runs with, for a server that cuts longer prompts silently (Ollama): every prompt
   * is then measured and its longest data blocks trimmed to fit (prompt-fit.ts), and the reply's `notice` says so.
   */
  contextWindow?: ContextWindow;
}

/** A server's context window per model, and the words that tell a person prompts were shortened to fit it. */
export interface ContextWindow {
  tokensFor(model: string): Promise<number>;
  /** A prompt's size in the server's tokens, rounded up. */
  measure(messages: readonly ChatMessage[]): number;
  /** The warning when prompts were shortened, as a code worded when shown (the same for every call of a check). */
  notice(tokens: number): RunNotice;
  /**
   * The error when a prompt does not fit even with every data block trimmed: a code with the window's size,
   * worded when shown (its English is the error's message).
   */
  tooLong(tokens: number): ErrorNotice;
}

/** A `ChatModel` that can say how it holds each model's replies to a schema. */
export interface OpenAiChatModel extends ChatModel {
  /** The structured mode this session uses for `model` now (after any fallback). */
  structuredModeFor(model: string): StructuredMode;
  /** How requests to `model` are worded now, with what its provider taught (token parameter, reasoning). */
  profileFor(model: string): RequestProfile;
  /** Marks `model` as one that thinks before it answers (a probe whose small limit was spent thinking). */
  learnReasons(model: string): void;
}

/** Room kept for a reply when the request sets no limit, in a fitted prompt (most stages' replies are shorter). */
const DEFAULT_FITTED_REPLY = 1_024;

function errorContext(baseUrl: string, providerLabel: string | undefined): ErrorContext {
  return {
    // Absent when the settings give none: the notices leave it out, and the views word "the model server".
    provider: providerLabel,
    url: displayUrl(baseUrl),
    isLocalServer: isPrivateNetworkUrl(baseUrl),
  };
}

/** OpenAI requires `^[a-zA-Z0-9_-]{1,64}$` for schema names. */
function schemaName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'reply';
}

/**
 * json_object and prompt modes cannot enforce a schema, so the schema goes into the system message instead
 * (with the word "JSON", which OpenAI's, Groq's and DeepSeek's json_object modes require in the messages).
 * The schema's name is given too, so a reply can be told apart in logs and by test servers.
 */
export function withSchemaInSystemMessage(messages: ChatMessage[], spec: JsonSchemaSpec): ChatMessage[] {
  // i18n-exempt: a prompt sent to the model, English by design
  const instruction = `Reply with only a JSON object (no other text) that follows this JSON Schema, named "${schemaName(spec.name)}":\n${JSON.stringify(spec.schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

/** OpenRouter's answer when require_parameters leaves no provider (https://openrouter.ai/docs/features/provider-routing). */
const NO_ENDPOINT = /no endpoints found that (?:can handle|support) the requested parameters/i;

/**
 * Whether an error means "this server does not take this response_format": a 400/422 naming
 * response_format, json_schema, json_object or a response schema (OpenAI-style `param`, vLLM, LM Studio,
 * Groq, DeepSeek and Gemini messages), or OpenRouter's 404 when no provider honours the parameters.
 */
export function rejectsResponseFormat(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError)) return false;
  if (error.status === 404) return NO_ENDPOINT.test(error.message);
  if (error.status !== 400 && error.status !== 422) return false;
  const param = typeof error.param === 'string' ? error.param : '';
  if (param.startsWith('response_format')) return true;
  return (
    /response_format|response_schema|json_schema|json_object|structured output|responseSchema/i.test(error.message) ||
    NO_ENDPOINT.test(error.message)
  );
}

/** The next, weaker mode after `mode` was refused or ignored. */
function weaker(mode: StructuredMode, preset: ModelPresetId): StructuredMode | undefined {
  if (mode === 'json_schema') return preset === 'lmstudio' ? 'prompt' : 'json_object';
  if (mode === 'json_object') return 'prompt';
  return undefined;
}

/** Whether a reply is a JSON object at all (a server that honoured response_format never sends prose). */
function looksLikeJson(text: string): boolean {
  try {
    extractJson(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The refusal a finished reply carries, if any (see refusals.ts): a content-filter finish reason (OpenAI's,
 * or a provider's native one passed through), OpenRouter's `error` finish with a native safety reason,
 * the model's own `refusal`, or no choice at all.
 */
function refusalIn(
  reply: { finish?: string | null | undefined; native?: unknown; refusal?: string | null | undefined; choices: number },
  provider: string | undefined,
): ProviderError | undefined {
  const refused = (why: RefusalWhy, detail?: string) =>
    new ProviderError('refused', refusalNotice(provider, why, detail), { provider });
  if (reply.choices === 0) return refused('no-reply');
  if (isRefusalReason(reply.finish) || isRefusalReason(reply.native))
    return reply.finish === 'content_filter' || reply.native === 'content_filter'
      ? refused('content-filter')
      : refused('finish-reason', String(isRefusalReason(reply.native) ? reply.native : reply.finish));
  if (reply.refusal) return refused('declined', reply.refusal);
  return undefined;
}

/** OpenRouter's `finish_reason: "error"`: the model failed mid-reply (a refusal is read before this). */
function failedMidReply(
  finish: string | null | undefined,
  detail: unknown,
  provider: string | undefined,
): ProviderError | undefined {
  if (finish !== 'error') return undefined;
  const message =
    typeof detail === 'object' && detail !== null && typeof (detail as { message?: unknown }).message === 'string'
      ? (detail as { message: string }).message
      : '';
  // A code, worded when shown (lib/view/error-words.ts); the provider's own words kept as given.
  return new ProviderError(
    'server',
    { code: 'failed-mid-reply', provider, ...(message ? { detail: message } : {}) },
    { provider },
  );
}

function finishReasonOf(reason: string | null | undefined): ChatResponse['finishReason'] {
  if (reason === 'length') return 'length';
  return reason === 'stop' || !reason ? 'stop' : 'other';
}

/**
 * One client per endpoint; retries are left to the core's resilience wrapper, so the SDK makes none. Every
 * reply is held to the idle and overall deadlines (reply-deadlines.ts).
 */
function clientFor(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  replyDeadlines?: ReplyDeadlines;
  headers?: Record<string, string>;
}) {
  return createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    maxRetries: 0,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.replyDeadlines ? { replyDeadlines: options.replyDeadlines } : {}),
  });
}

/**
 * A `ChatModel` on an OpenAI-compatible chat completions endpoint, worded for its provider (see
 * request-profile.ts). In auto mode each model walks json_schema → json_object → schema in the prompt as far
 * as the server requires, remembered for the session: a refused response_format (400/422, OpenRouter's
 * 404) or one the server ignored (prose where JSON was demanded) moves it one step down. Errors are
 * `ProviderError`s.
 */
export function createOpenAiChatModel(options: OpenAiChatModelOptions): OpenAiChatModel {
  const client = clientFor(options);
  const context = errorContext(options.baseUrl, options.providerLabel);
  const preset = options.preset ?? 'custom';
  const effort = options.reasoningEffort ?? DEFAULT_REASONING_EFFORT;
  const traits = options.modelTraits ?? sharedModelTraits;
  // Where each model stands in the fallback chain, in auto mode.
  const modes = new Map<string, StructuredMode>();
  const profileOf = (model: string) => requestProfile(preset, model, traits.get(options.baseUrl, model));

  const modeFor = (model: string): StructuredMode => {
    if (options.structuredOutput !== 'auto') return options.structuredOutput;
    return modes.get(model) ?? profileOf(model).firstMode;
  };

  /**
   * Learns from a refusal that names a parameter (max_tokens, temperature, reasoning_effort): true when the
   * model's profile changed, so the same request, worded anew, can be sent once more.
   */
  const learnFromRefusal = (error: unknown, model: string): boolean => {
    const learned = traitsFromRefusal(error);
    return learned !== undefined && traits.learn(options.baseUrl, model, learned);
  };

  /**
   * The messages fitted into the server's context window (when one is known), with room kept for the reply:
   * a prompt the server would cut silently is trimmed here by rule, and the notice says so.
   */
  const fitted = async (
    messages: ChatMessage[],
    model: string,
    replyTokens: number | undefined,
  ): Promise<{ messages: ChatMessage[]; notice?: RunNotice; replyRoom?: number }> => {
    const window = options.contextWindow;
    if (!window) return { messages };
    const tokens = await window.tokensFor(model);
    const room = tokens - Math.min(replyTokens ?? DEFAULT_FITTED_REPLY, Math.floor(tokens / 3));
    const fit = await fitPrompt(messages, room, (current) => window.measure(current));
    if (!fit)
      throw new ProviderError('bad-request', window.tooLong(tokens), { provider: context.provider, url: context.url });
    // The reply shares the window with the prompt: a longer one makes Ollama shift its context and drop the middle.
    const replyRoom = tokens - window.measure(fit.input);
    return { messages: fit.input, replyRoom, ...(fit.trimmed.length ? { notice: window.notice(tokens) } : {}) };
  };

  const body = async (
    request: ChatRequest,
    model: string,
    mode: StructuredMode,
  ): Promise<{ params: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming; notice?: RunNotice }> => {
    const profile = profileOf(model);
    const spec = request.jsonSchema;
    const roleEffort = effort[request.role];
    // DeepSeek thinks unless told not to; the fast role is told not to (deepSeekThinking).
    const deepSeek = profile.reasoning === 'deepseek' ? deepSeekThinking(request.role, roleEffort) : undefined;
    const reasoning = deepSeek ? deepSeek.thinks : profile.reasons;
    const headroom = deepSeek ? deepSeek.headroom : roleEffort;
    const schema = spec && profile.schemaDialect === 'gemini' ? toGeminiSchema(spec.schema) : spec?.schema;
    const responseFormat: OpenAI.Chat.ChatCompletionCreateParams['response_format'] | undefined =
      !spec || mode === 'prompt'
        ? undefined
        : mode === 'json_object'
          ? { type: 'json_object' }
          : { type: 'json_schema', json_schema: { name: schemaName(spec.name), strict: true, schema: schema ?? {} } };
    // A reasoning model's thinking counts against the limit, so the visible reply keeps its own budget.
    const visible = request.maxTokens ?? (reasoning ? DEFAULT_REPLY_TOKENS : undefined);
    const limit = visible === undefined ? undefined : visible + (reasoning ? REASONING_HEADROOM[headroom] : 0);
    const prompt = await fitted(
      spec && mode !== 'json_schema' ? withSchemaInSystemMessage(request.messages, spec) : request.messages,
      model,
      limit,
    );
    // Within a known window the limit is what the prompt left: never more, even when the caller doubled it after a
    // cut-off reply; with no limit the server would generate until its context shifts (ollama-context.ts).
    const sentLimit = prompt.replyRoom === undefined ? limit : Math.min(limit ?? prompt.replyRoom, prompt.replyRoom);
    const params = {
      model,
      messages: prompt.messages,
      ...(responseFormat ? { response_format: responseFormat } : {}),
      ...(sentLimit !== undefined ? { [profile.tokenLimit]: sentLimit } : {}),
      ...(request.temperature !== undefined && profile.sendsTemperature ? { temperature: request.temperature } : {}),
      ...(reasoning && profile.reasoning === 'reasoning_effort' ? { reasoning_effort: roleEffort } : {}),
      // OpenRouter's own fields, outside the SDK's types: sent as extra body properties.
      ...(reasoning && profile.reasoning === 'openrouter' ? { reasoning: { effort: roleEffort } } : {}),
      ...(deepSeek?.fields ?? {}),
      ...(responseFormat && profile.requireParameters ? { provider: { require_parameters: true } } : {}),
    } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
    return { params, ...(prompt.notice ? { notice: prompt.notice } : {}) };
  };

  /** A reply that shows thinking marks its model as reasoning, so later calls get headroom and effort. */
  const noteReasoning = (
    model: string,
    reasoningTokens: number | undefined,
    message: Record<string, unknown> | undefined,
  ): void => {
    if (!profileOf(model).reasons && replyShowsReasoning(reasoningTokens, message))
      traits.learn(options.baseUrl, model, { reasons: true });
  };

  const send = async (request: ChatRequest, model: string, mode: StructuredMode): Promise<ChatResponse> => {
    const { params, notice } = await body(request, model, mode);
    const completion = await client.chat.completions.create(params, { signal: request.signal ?? null });
    const choice = completion.choices[0];
    const message = choice?.message;
    const extra = choice as { native_finish_reason?: unknown; error?: unknown } | undefined;
    const stop =
      refusalIn(
        {
          finish: choice?.finish_reason,
          native: extra?.native_finish_reason,
          refusal: message?.refusal,
          choices: completion.choices.length,
        },
        context.provider,
      ) ?? failedMidReply(choice?.finish_reason, extra?.error, context.provider);
    if (stop) throw stop;
    const finishReason = finishReasonOf(choice?.finish_reason);
    const usage = completion.usage;
    const reasoningTokens = usage?.completion_tokens_details?.reasoning_tokens;
    noteReasoning(model, reasoningTokens, message as unknown as Record<string, unknown> | undefined);
    const tokens = {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      ...(typeof reasoningTokens === 'number' ? { reasoningTokens } : {}),
    };
    if (typeof message?.content !== 'string' || (message.content === '' && finishReason === 'length')) {
      // A reasoning model that spent the whole limit thinking answers nothing, with finish_reason "length".
      if (finishReason === 'length')
        return {
          text: '',
          model: completion.model || model,
          usage: tokens,
          finishReason,
          ...(notice ? { notice } : {}),
        };
      throw new ProviderError(
        'malformed',
        { code: 'reply-without-text', provider: context.provider },
        { provider: context.provider, url: context.url },
      );
    }
    return {
      text: message.content,
      model: completion.model || model,
      usage: tokens,
      finishReason,
      ...(notice ? { notice } : {}),
    };
  };

  /**
   * The same request with `stream: true`: OpenAI's SSE chunks, each `choices[0].delta.content` handed to
   * `onText`, usage from the final chunk that `stream_options.include_usage` asks for (empty `choices`).
   */
  const sendStreamed = async (
    request: ChatRequest,
    model: string,
    mode: StructuredMode,
    onText: TextSink,
  ): Promise<ChatResponse> => {
    const { params: plain, notice } = await body(request, model, mode);
    const params = {
      ...plain,
      stream: true,
      stream_options: { include_usage: true },
    } as OpenAI.Chat.ChatCompletionCreateParamsStreaming;
    const stream = await client.chat.completions.create(params, { signal: request.signal ?? null });
    let text = '';
    let refusal = '';
    let served = '';
    let finish: string | null | undefined;
    let native: unknown;
    let failure: unknown;
    let usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
    let thought = '';
    for await (const chunk of stream) {
      served ||= chunk.model;
      const choice = chunk.choices[0];
      const delta = choice?.delta;
      if (choice?.finish_reason) {
        finish = choice.finish_reason;
        const extra = choice as { native_finish_reason?: unknown; error?: unknown };
        native = extra.native_finish_reason;
        failure = extra.error;
      }
      if (delta?.refusal) refusal += delta.refusal;
      const reasoningDelta = delta as { reasoning_content?: unknown; reasoning?: unknown } | undefined;
      const thinking = reasoningDelta?.reasoning_content ?? reasoningDelta?.reasoning;
      if (typeof thinking === 'string') thought += thinking;
      if (delta?.content) {
        text += delta.content;
        onText(delta.content);
      }
      if (chunk.usage) {
        const reasoningTokens = chunk.usage.completion_tokens_details?.reasoning_tokens;
        usage = {
          promptTokens: chunk.usage.prompt_tokens,
          completionTokens: chunk.usage.completion_tokens,
          ...(typeof reasoningTokens === 'number' ? { reasoningTokens } : {}),
        };
      }
    }
    const stop =
      refusalIn({ finish, native, refusal: text ? '' : refusal, choices: 1 }, context.provider) ??
      failedMidReply(finish, failure, context.provider);
    if (stop) throw stop;
    noteReasoning(model, usage.reasoningTokens, { reasoning: thought });
    return {
      text,
      model: served || model,
      usage,
      finishReason: finishReasonOf(finish),
      ...(notice ? { notice } : {}),
    };
  };

  // Models whose server refused a streamed request (400/422 before any text): not streamed again this session.
  const noStreaming = new Set<string>();

  return {
    structuredModeFor: modeFor,
    profileFor: profileOf,
    learnReasons: (model) => void traits.learn(options.baseUrl, model, { reasons: true }),
    async stream(request, onText) {
      const model = request.role === 'strong' ? options.strongModel : options.fastModel;
      // A provider that streams no structured reply (the request profile says which): do not spend a
      // refused round trip finding out.
      if (
        noStreaming.has(model) ||
        (request.jsonSchema !== undefined && modeFor(model) !== 'prompt' && !profileOf(model).streamsStructured)
      ) {
        // i18n-exempt: caught by every streaming caller, which asks again without streaming; never shown
        throw new ProviderError(
          'bad-request',
          `${named(context.provider)} does not stream structured replies for ${model}.`,
          {
            provider: context.provider,
          },
        );
      }
      try {
        try {
          return await sendStreamed(request, model, modeFor(model), onText);
        } catch (error) {
          // Refused before any text for a parameter we now know to word differently: once more, reworded.
          if (!learnFromRefusal(error, model)) throw error;
          return await sendStreamed(request, model, modeFor(model), onText);
        }
      } catch (error) {
        // A 400/422 before any text means this server will not stream such a request: the caller (claim
        // extraction) asks again without streaming, where `complete` walks the fallback chain if the
        // response_format itself is refused. A streamed refusal must not weaken the mode of every later
        // call: some servers refuse only the combination of streaming and response_format.
        if (error instanceof OpenAI.APIError && (error.status === 400 || error.status === 422)) noStreaming.add(model);
        throw toProviderError(error, context);
      }
    },
    async complete(request) {
      const model = request.role === 'strong' ? options.strongModel : options.fastModel;
      const auto = options.structuredOutput === 'auto' && request.jsonSchema !== undefined;
      let mode = modeFor(model);
      let spent: TokenUsage | undefined;
      // Each parameter can be learned once per call; a server that refuses every wording gets its error shown.
      let rewordings = 3;
      for (;;) {
        try {
          const response = await send(request, model, mode);
          const next = weaker(mode, preset);
          // A blank reply that says it finished: DeepSeek's JSON Output replaces what is not JSON with spaces
          // and documents "handle blank content in your code (e.g., retry the request)"
          // (https://api-docs.deepseek.com/guides/json_mode). Not a sign the mode is ignored: asked again.
          // Retryable ('malformed'): the resilient model asks again; its code says it if every try was blank.
          if (request.jsonSchema && response.finishReason === 'stop' && response.text.trim() === '')
            throw new ProviderError(
              'malformed',
              { code: 'reply-without-text', provider: context.provider },
              { provider: context.provider },
            );
          // Prose where a response_format demanded JSON: the server ignored the parameter (Anthropic's
          // endpoint, OpenRouter without require_parameters). The prompt has to carry the schema.
          if (auto && next && mode !== 'prompt' && response.finishReason === 'stop' && !looksLikeJson(response.text)) {
            modes.set(model, 'prompt');
            spent = addUsage(spent, response.usage);
            mode = 'prompt';
            continue;
          }
          return spent ? { ...response, usage: addUsage(spent, response.usage) } : response;
        } catch (error) {
          if (error instanceof ProviderError) throw error;
          // A 400 naming a parameter (max_tokens, temperature, reasoning_effort): learned, then asked anew.
          if (rewordings-- > 0 && learnFromRefusal(error, model)) continue;
          const next = weaker(mode, preset);
          if (!auto || !next || !rejectsResponseFormat(error)) throw toProviderError(error, context);
          modes.set(model, next);
          mode = next;
        }
      }
    },
  };
}

function addUsage(a: TokenUsage | undefined, b: TokenUsage): TokenUsage {
  if (!a) return b;
  const reasoning = (a.reasoningTokens ?? 0) + (b.reasoningTokens ?? 0);
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    ...(a.reasoningTokens !== undefined || b.reasoningTokens !== undefined ? { reasoningTokens: reasoning } : {}),
  };
}

/** Options for {@link createOpenAiEmbedder}. */
export interface OpenAiEmbedderOptions {
  baseUrl: string;
  apiKey: string;
  /** Embedding model; without one there is no embedder. */
  model: string | undefined;
  fetch?: typeof fetch;
  timeoutMs?: number;
  replyDeadlines?: ReplyDeadlines;
  providerLabel?: string;
  headers?: Record<string, string>;
}

/** An `Embedder` that knows when its server has no embeddings. */
export interface OpenAiEmbedder extends Embedder {
  /**
   * True once the server refused embeddings for good (see {@link createOpenAiEmbedder}); later calls send nothing.
   */
  readonly unavailable: boolean;
}

/**
 * Whether an answer of POST /embeddings with this status says the server will not embed with this model, whatever
 * the moment: any 4xx but 408 and 429, and 501 Not Implemented (Ollama's runner answers a chat model's embeddings
 * request so: "this model does not support embeddings", github.com/ollama/ollama/pull/9742), or any 5xx saying those
 * words. Other 5xx are a bad moment, retried.
 */
function refusesEmbeddingsForGood(status: number | undefined, said: string): boolean {
  if (status === undefined) return false;
  // Ollama before its 501 answered the same words with a 500 (github.com/chunkhound/chunkhound/issues/41).
  if (status >= 500) return status === 501 || /does not support embeddings/i.test(said);
  return status !== 408 && status !== 429 && status >= 400;
}

/**
 * An `Embedder` on POST /embeddings, or `undefined` when no embedding model is configured. A refusal that waiting
 * cannot fix is remembered: any 4xx but 408 and 429, and a 501 (refusesEmbeddingsForGood). Providers without
 * embeddings answer in many ways: Ollama 501 for a chat model; DeepSeek and Groq have no embeddings API and answer
 * 404 (Groq: `unknown_url`, DeepSeek a non-OpenAI body; github.com/infiniflow/ragflow/issues/14715,
 * github.com/i-am-bee/beeai-framework/issues/1537), DeepSeek once a WAF's 418, gateways 405 for a route without
 * POST, 400 for a model that is not an embedding model, and 401/403 when the chat key does not cover embeddings.
 * `embed` then throws at once, without asking again for every claim: `ProviderError('auth')` with the server's
 * answer for a refused key (the person may want to fix it; an eval with `--embeddings` stops on it),
 * `ProviderError('not-found')` otherwise. Passage selection ranks by words alone on either (select-passages.ts).
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): OpenAiEmbedder | undefined {
  const model = options.model?.trim();
  if (!model) return undefined;
  const client = clientFor(options);
  const context = errorContext(options.baseUrl, options.providerLabel);
  let unavailable = false;
  let refusedWith = 404;
  /** The refusal every later call repeats: the key's own (401/403), else "no embeddings here". */
  let refusal: ProviderError | undefined;
  const notFound = (): ProviderError =>
    new ProviderError(
      'not-found',
      // i18n-exempt: caught by passage selection, which ranks by words alone (select-passages.ts); never shown
      `${named(context.provider)} offers no embeddings for "${model}" (it answered ${refusedWith}): passages are ranked by their words alone.`,
      { provider: context.provider, url: context.url, status: refusedWith },
    );

  return {
    get unavailable() {
      return unavailable;
    },
    async embed(texts, signal) {
      if (unavailable) throw refusal ?? notFound();
      if (texts.length === 0) return [];
      try {
        const reply = await client.embeddings.create({ model, input: texts }, { signal: signal ?? null });
        const vectors = [...reply.data].sort((a, b) => a.index - b.index).map((item) => Array.from(item.embedding));
        if (vectors.length !== texts.length) {
          throw new ProviderError(
            'malformed',
            { code: 'embeddings-miscounted', provider: context.provider, got: vectors.length, expected: texts.length },
            { provider: context.provider },
          );
        }
        return vectors;
      } catch (error) {
        const failure = toProviderError(error, context);
        if (!refusesEmbeddingsForGood(failure.details.status, `${failure.message} ${String(error)}`)) throw failure;
        const status = failure.details.status!;
        unavailable = true;
        refusedWith = status;
        refusal = failure.kind === 'auth' ? failure : notFound();
        throw refusal;
      }
    },
  };
}
