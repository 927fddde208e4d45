/**
 * The `ChatModel` and `Embedder` ports on any OpenAI-compatible server, through the `openai` SDK.
 * Retries and concurrency belong to the core (`withResilience`), so the SDK's own retries stay off.
 */
import OpenAI from 'openai';
import { ProviderError } from '../core/errors';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse, Embedder, JsonSchemaSpec, TextSink } from '../core/ports';
import { isPrivateNetworkUrl } from '../net/private-address';
import { createOpenAiClient } from './openai-client';
import { toProviderError } from './provider-error';

/** How replies are held to a schema; `auto` starts with json_schema and falls back per model. */
export type StructuredOutputMode = 'auto' | 'json_schema' | 'json_object';

/** Options for {@link createOpenAiChatModel}. */
export interface OpenAiChatModelOptions {
  baseUrl: string;
  apiKey: string;
  fastModel: string;
  strongModel: string;
  structuredOutput: StructuredOutputMode;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Name used in error messages, e.g. the preset's label. */
  providerLabel?: string;
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
 * json_object mode cannot enforce a schema, so the schema goes into the system message instead (and the
 * word "JSON" appears in the prompt, which OpenAI's json_object mode requires).
 */
export function withSchemaInSystemMessage(messages: ChatMessage[], spec: JsonSchemaSpec): ChatMessage[] {
  const instruction = `Reply with JSON that follows this JSON Schema:\n${JSON.stringify(spec.schema)}`;
  const [first, ...rest] = messages;
  if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
  return [{ role: 'system', content: instruction }, ...messages];
}

/**
 * Whether an error means "this server does not do json_schema structured outputs": a 400/422 naming
 * response_format or json_schema (OpenAI-style `param`, vLLM/LM Studio/older Ollama messages), or an
 * explicit unsupported-parameter code about it.
 */
export function rejectsJsonSchema(error: unknown): boolean {
  if (!(error instanceof OpenAI.APIError) || (error.status !== 400 && error.status !== 422)) return false;
  const param = typeof error.param === 'string' ? error.param : '';
  if (param.startsWith('response_format')) return true;
  return /response_format|json_schema|structured output/i.test(error.message);
}

function responseFormat(mode: 'json_schema' | 'json_object', spec: JsonSchemaSpec): OpenAI.Chat.ChatCompletionCreateParams['response_format'] {
  if (mode === 'json_object') return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: schemaName(spec.name), strict: true, schema: spec.schema } };
}

/** One client per endpoint; retries are left to the core's resilience wrapper, so the SDK makes none. */
function clientFor(options: { baseUrl: string; apiKey: string; timeoutMs?: number; fetch?: typeof fetch }) {
  return createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    maxRetries: 0,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** A `ChatModel` on an OpenAI-compatible chat completions endpoint. Errors are `ProviderError`s. */
export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const client = clientFor(options);
  const context = errorContext(options.baseUrl, options.providerLabel);
  // Models that refused json_schema in auto mode: asked in json_object mode for the rest of the session.
  const jsonObjectOnly = new Set<string>();

  const send = async (request: ChatRequest, model: string, mode: 'json_schema' | 'json_object'): Promise<ChatResponse> => {
    const spec = request.jsonSchema;
    const completion = await client.chat.completions.create(
      {
        model,
        messages: spec && mode === 'json_object' ? withSchemaInSystemMessage(request.messages, spec) : request.messages,
        ...(spec ? { response_format: responseFormat(mode, spec) } : {}),
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      },
      { signal: request.signal ?? null },
    );
    const message = completion.choices[0]?.message;
    if (typeof message?.content !== 'string') {
      // A refusal is the model declining this content; retrying the same request will not change that.
      if (message?.refusal) throw new ProviderError('bad-request', `The model declined: ${message.refusal}`, { provider: context.provider });
      throw new ProviderError('malformed', `${context.provider} sent a reply without text.`, { provider: context.provider, url: context.url });
    }
    return {
      text: message.content,
      model: completion.model || model,
      usage: { promptTokens: completion.usage?.prompt_tokens ?? 0, completionTokens: completion.usage?.completion_tokens ?? 0 },
    };
  };

  /**
   * The same request with `stream: true`: OpenAI's SSE chunks, each `choices[0].delta.content` handed to
   * `onText`, usage from the final chunk that `stream_options.include_usage` asks for (empty `choices`).
   */
  const sendStreamed = async (request: ChatRequest, model: string, mode: 'json_schema' | 'json_object', onText: TextSink): Promise<ChatResponse> => {
    const spec = request.jsonSchema;
    const stream = await client.chat.completions.create(
      {
        model,
        messages: spec && mode === 'json_object' ? withSchemaInSystemMessage(request.messages, spec) : request.messages,
        ...(spec ? { response_format: responseFormat(mode, spec) } : {}),
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal: request.signal ?? null },
    );
    let text = '';
    let refusal = '';
    let served = '';
    let usage = { promptTokens: 0, completionTokens: 0 };
    for await (const chunk of stream) {
      served ||= chunk.model;
      const delta = chunk.choices[0]?.delta;
      if (delta?.refusal) refusal += delta.refusal;
      if (delta?.content) {
        text += delta.content;
        onText(delta.content);
      }
      if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
    }
    if (refusal && !text) throw new ProviderError('bad-request', `The model declined: ${refusal}`, { provider: context.provider });
    return { text, model: served || model, usage };
  };

  const modeFor = (model: string): 'json_schema' | 'json_object' => {
    const configured = options.structuredOutput;
    return configured === 'json_object' || (configured === 'auto' && jsonObjectOnly.has(model)) ? 'json_object' : 'json_schema';
  };

  // Models whose server refused a streamed request (400/422 before any text): not streamed again this session.
  const noStreaming = new Set<string>();

  return {
    async stream(request, onText) {
      const model = request.role === 'strong' ? options.strongModel : options.fastModel;
      if (noStreaming.has(model)) {
        throw new ProviderError('bad-request', `${context.provider} does not stream structured replies for ${model}.`, { provider: context.provider });
      }
      let mode = modeFor(model);
      for (;;) {
        try {
          return await sendStreamed(request, model, mode, onText);
        } catch (error) {
          // Same json_schema → json_object fallback as `complete`; a refusal is always before any text.
          if (options.structuredOutput === 'auto' && mode === 'json_schema' && request.jsonSchema && rejectsJsonSchema(error)) {
            jsonObjectOnly.add(model);
            mode = 'json_object';
            continue;
          }
          // Any other 400/422 means this server cannot stream such a request: the caller (claim extraction)
          // asks again without streaming, and later calls go straight there.
          if (error instanceof OpenAI.APIError && (error.status === 400 || error.status === 422)) noStreaming.add(model);
          throw toProviderError(error, context);
        }
      }
    },
    async complete(request) {
      const model = request.role === 'strong' ? options.strongModel : options.fastModel;
      const configured = options.structuredOutput;
      const mode = modeFor(model);
      try {
        return await send(request, model, mode);
      } catch (error) {
        if (configured !== 'auto' || mode !== 'json_schema' || !request.jsonSchema || !rejectsJsonSchema(error)) {
          throw toProviderError(error, context);
        }
        jsonObjectOnly.add(model);
        try {
          return await send(request, model, 'json_object');
        } catch (fallbackError) {
          throw toProviderError(fallbackError, context);
        }
      }
    },
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
    new ProviderError('not-found', `${context.provider} offers no embeddings for "${model}".`, { provider: context.provider, url: context.url, status: 404 });

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
          throw new ProviderError('malformed', `${context.provider} returned ${vectors.length} embeddings for ${texts.length} texts.`, { provider: context.provider });
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
