/**
 * The `ChatModel` and `Embedder` ports on any OpenAI-compatible server, through the `openai` SDK.
 * Retries and concurrency belong to the core (`withResilience`), so the SDK's own retries stay off.
 */
import OpenAI from 'openai';

import { ProviderError } from '../core/errors';
import { extractJson } from '../core/model/structured-call';
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
import { createOpenAiClient } from './openai-client';
import { toProviderError } from './provider-error';
import {
  isReasoningModel,
  REASONING_HEADROOM,
  type ReasoningEffort,
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
  /** Name used in error messages, e.g. the preset's label. */
  providerLabel?: string;
  /** Extra headers sent with every request to this endpoint (the profile's `headers`). */
  headers?: Record<string, string>;
}

/** A `ChatModel` that can say how it holds each model's replies to a schema. */
export interface OpenAiChatModel extends ChatModel {
  /** The structured mode this session uses for `model` now (after any fallback). */
  structuredModeFor(model: string): StructuredMode;
}

type ErrorContext = Parameters<typeof toProviderError>[1];

function errorContext(baseUrl: string, providerLabel: string | undefined): ErrorContext {
  return { provider: providerLabel ?? 'The model server', url: baseUrl, isLocalServer: isPrivateNetworkUrl(baseUrl) };
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

function finishReasonOf(reason: string | null | undefined): ChatResponse['finishReason'] {
  if (reason === 'length') return 'length';
  return reason === 'stop' || !reason ? 'stop' : 'other';
}

/** One client per endpoint; retries are left to the core's resilience wrapper, so the SDK makes none. */
function clientFor(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  headers?: Record<string, string>;
}) {
  return createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    maxRetries: 0,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
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
  // Where each model stands in the fallback chain, in auto mode.
  const modes = new Map<string, StructuredMode>();

  const modeFor = (model: string): StructuredMode => {
    if (options.structuredOutput !== 'auto') return options.structuredOutput;
    return modes.get(model) ?? requestProfile(preset, model).firstMode;
  };

  const body = (
    request: ChatRequest,
    model: string,
    mode: StructuredMode,
  ): OpenAI.Chat.ChatCompletionCreateParamsNonStreaming => {
    const profile = requestProfile(preset, model);
    const spec = request.jsonSchema;
    const reasoning = isReasoningModel(model);
    const roleEffort = effort[request.role];
    const schema = spec && profile.schemaDialect === 'gemini' ? toGeminiSchema(spec.schema) : spec?.schema;
    const responseFormat: OpenAI.Chat.ChatCompletionCreateParams['response_format'] | undefined =
      !spec || mode === 'prompt'
        ? undefined
        : mode === 'json_object'
          ? { type: 'json_object' }
          : { type: 'json_schema', json_schema: { name: schemaName(spec.name), strict: true, schema: schema ?? {} } };
    // A reasoning model's thinking counts against the limit, so the visible reply keeps its own budget.
    const visible = request.maxTokens ?? (reasoning ? DEFAULT_REPLY_TOKENS : undefined);
    const limit = visible === undefined ? undefined : visible + (reasoning ? REASONING_HEADROOM[roleEffort] : 0);
    return {
      model,
      messages: spec && mode !== 'json_schema' ? withSchemaInSystemMessage(request.messages, spec) : request.messages,
      ...(responseFormat ? { response_format: responseFormat } : {}),
      ...(limit !== undefined ? { [profile.tokenLimit]: limit } : {}),
      ...(request.temperature !== undefined && profile.sendsTemperature ? { temperature: request.temperature } : {}),
      ...(reasoning && profile.reasoning === 'reasoning_effort' ? { reasoning_effort: roleEffort } : {}),
      // OpenRouter's own fields, outside the SDK's types: sent as extra body properties.
      ...(reasoning && profile.reasoning === 'openrouter' ? { reasoning: { effort: roleEffort } } : {}),
      ...(responseFormat && profile.requireParameters ? { provider: { require_parameters: true } } : {}),
    } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
  };

  const send = async (request: ChatRequest, model: string, mode: StructuredMode): Promise<ChatResponse> => {
    const completion = await client.chat.completions.create(body(request, model, mode), {
      signal: request.signal ?? null,
    });
    const choice = completion.choices[0];
    const message = choice?.message;
    const finishReason = finishReasonOf(choice?.finish_reason);
    const usage = completion.usage;
    const reasoningTokens = usage?.completion_tokens_details?.reasoning_tokens;
    const tokens = {
      promptTokens: usage?.prompt_tokens ?? 0,
      completionTokens: usage?.completion_tokens ?? 0,
      ...(typeof reasoningTokens === 'number' ? { reasoningTokens } : {}),
    };
    if (typeof message?.content !== 'string' || (message.content === '' && finishReason === 'length')) {
      // A refusal is the model declining this content; retrying the same request will not change that.
      if (message?.refusal)
        throw new ProviderError('bad-request', `The model declined: ${message.refusal}`, {
          provider: context.provider,
        });
      // A reasoning model that spent the whole limit thinking answers nothing, with finish_reason "length".
      if (finishReason === 'length') return { text: '', model: completion.model || model, usage: tokens, finishReason };
      throw new ProviderError('malformed', `${context.provider} sent a reply without text.`, {
        provider: context.provider,
        url: context.url,
      });
    }
    return { text: message.content, model: completion.model || model, usage: tokens, finishReason };
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
    const params = {
      ...body(request, model, mode),
      stream: true,
      stream_options: { include_usage: true },
    } as OpenAI.Chat.ChatCompletionCreateParamsStreaming;
    const stream = await client.chat.completions.create(params, { signal: request.signal ?? null });
    let text = '';
    let refusal = '';
    let served = '';
    let finish: string | null | undefined;
    let usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
    for await (const chunk of stream) {
      served ||= chunk.model;
      const choice = chunk.choices[0];
      const delta = choice?.delta;
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (delta?.refusal) refusal += delta.refusal;
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
    if (refusal && !text)
      throw new ProviderError('bad-request', `The model declined: ${refusal}`, { provider: context.provider });
    return { text, model: served || model, usage, finishReason: finishReasonOf(finish) };
  };

  // Models whose server refused a streamed request (400/422 before any text): not streamed again this session.
  const noStreaming = new Set<string>();

  return {
    structuredModeFor: modeFor,
    async stream(request, onText) {
      const model = request.role === 'strong' ? options.strongModel : options.fastModel;
      // A provider that streams no structured reply (the request profile says which): do not spend a
      // refused round trip finding out.
      if (
        noStreaming.has(model) ||
        (request.jsonSchema !== undefined &&
          modeFor(model) !== 'prompt' &&
          !requestProfile(preset, model).streamsStructured)
      ) {
        throw new ProviderError('bad-request', `${context.provider} does not stream structured replies for ${model}.`, {
          provider: context.provider,
        });
      }
      try {
        return await sendStreamed(request, model, modeFor(model), onText);
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
      for (;;) {
        try {
          const response = await send(request, model, mode);
          const next = weaker(mode, preset);
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
  providerLabel?: string;
  headers?: Record<string, string>;
}

/** An `Embedder` that knows when its server has no embeddings. */
export interface OpenAiEmbedder extends Embedder {
  /** True once the server answered 404 (no /embeddings endpoint or no such model); later calls send nothing. */
  readonly unavailable: boolean;
}

/**
 * An `Embedder` on POST /embeddings, or `undefined` when no embedding model is configured. A 404 is
 * remembered: `embed` then throws `ProviderError('not-found')` at once, so passage ranking falls back to
 * BM25 without asking again for every claim.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): OpenAiEmbedder | undefined {
  const model = options.model?.trim();
  if (!model) return undefined;
  const client = clientFor(options);
  const context = errorContext(options.baseUrl, options.providerLabel);
  let unavailable = false;
  const notFound = (): ProviderError =>
    new ProviderError('not-found', `${context.provider} offers no embeddings for "${model}".`, {
      provider: context.provider,
      url: context.url,
      status: 404,
    });

  return {
    get unavailable() {
      return unavailable;
    },
    async embed(texts, signal) {
      if (unavailable) throw notFound();
      if (texts.length === 0) return [];
      try {
        const reply = await client.embeddings.create({ model, input: texts }, { signal: signal ?? null });
        const vectors = [...reply.data].sort((a, b) => a.index - b.index).map((item) => Array.from(item.embedding));
        if (vectors.length !== texts.length) {
          throw new ProviderError(
            'malformed',
            `${context.provider} returned ${vectors.length} embeddings for ${texts.length} texts.`,
            { provider: context.provider },
          );
        }
        return vectors;
      } catch (error) {
        const failure = toProviderError(error, context);
        if (failure.kind !== 'not-found') throw failure;
        unavailable = true;
        throw notFound();
      }
    },
  };
}
