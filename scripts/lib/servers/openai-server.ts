/**
 * A loopback OpenAI-compatible server (the API shape OpenAI, Ollama, LM Studio and vLLM share) for tests:
 * /v1/models, /v1/chat/completions (JSON and SSE streaming, structured outputs) and /v1/embeddings, with
 * OpenAI's error bodies, optional API key, Ollama's origin check, CORS, and the shared fault switches.
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

import type OpenAI from 'openai';

import { countTokens, embedText, toBase64Float32 } from './embeddings';
import { type FaultResponses, type HttpReply, sendStalled } from './faults';
import { type RecordedRequest, type RequestContext, sendJson, type ServerBase, startHarness } from './harness';
import { exampleFromSchema, type JsonSchema } from './json-schema-example';
import { type ScaledLatency, waitForCall, writePaced } from './latency';
import { type ProviderRules, understoodRequest } from './provider-rules';
import { cutToContext, promptTokensOf } from './provider-rules/ollama-context';
import { inSchemaOrder } from './schema-order';

/** What a responder receives: the parsed chat request plus the HTTP headers and the last user message's text. */
export type ChatRequest = OpenAI.Chat.ChatCompletionCreateParams & {
  headers: IncomingHttpHeaders;
  /** Text of the last `user` message (text parts joined), for responders that switch on the prompt. */
  userText: string;
};

/** Produces the assistant's reply content; objects are sent JSON-stringified. */
export type ChatResponder = (request: ChatRequest) => string | object | Promise<string | object>;

/** Options for {@link startOpenAiServer}. */
export interface OpenAiServerOptions {
  /** Model ids listed by GET /v1/models (default `['fake-fast', 'fake-strong']`). */
  models?: string[];
  /** When set, requests need `Authorization: Bearer <apiKey>` or get OpenAI's 401. */
  apiKey?: string;
  /**
   * False for a server without an embeddings API: POST /v1/embeddings is then an unknown URL, answered with this
   * server's 404 like any other (OpenAI's body; Groq and DeepSeek also answer 404, with bodies of their own, which the
   * adapter does not read) (default true).
   */
  embeddings?: boolean;
  /** Length of embedding vectors when the request has no `dimensions` (default 64). */
  embeddingDimensions?: number;
  /** Ollama-style origin check: `true` for an `Origin` header means 403 with an empty body. */
  forbiddenOrigin?: (origin: string) => boolean;
  /** Chat requests for models not in `models` get OpenAI's 404 `model_not_found`. */
  strictModels?: boolean;
  /** CORS headers and preflight answers, as a server used from a browser sends them (default true). */
  cors?: boolean;
  /** Fixed port; default picks a free one. */
  port?: number;
  /**
   * Behave as this real provider does (scripts/lib/servers/provider-rules): refuse what it refuses with its error
   * body, drop what it ignores, apply its token limit, report its reasoning tokens. Its models are listed.
   */
  provider?: ProviderRules;
}

/** A running fake OpenAI-compatible server. */
export interface OpenAiServer extends ServerBase {
  /** e.g. `http://127.0.0.1:PORT/v1`, ready for `new OpenAI({ baseURL })`. */
  baseUrl: string;
  /** Scripts chat replies; `null` restores the default (schema example for json_schema, else "OK"). */
  respondWith(responder: ChatResponder | null): void;
  /** Token-aware latency for chat replies (TTFT + output tokens / rate; streams paced); `null` = none. */
  modelLatency(latency: ScaledLatency | null): void;
  /**
   * Chat requests for which `predicate` holds get the start of a reply and then silence (the `stall` fault,
   * chosen by content rather than by order); `null` stops it.
   */
  stallWhen(predicate: ((request: ChatRequest) => boolean) | null): void;
  /**
   * Every prompt the provider's context cut (`provider.contextTokens`), as the model saw it: how many tokens were
   * sent and how many kept. Real servers say nothing; tests read it to prove no prompt was cut.
   */
  readonly promptCuts: PromptCut[];
}

/** One prompt cut to the provider's context. */
export interface PromptCut {
  model: string;
  sentTokens: number;
  keptTokens: number;
}

/** OpenAI's error envelope. */
function apiError(message: string, type: string, code: string | null, param: string | null = null) {
  return { error: { message, type, param, code } };
}

const CREATED = 1_700_000_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Text of a message's content, whether a string or an array of parts. */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

/**
 * The start of a reply that then stalls: for a stream, the role chunk and a first piece of content as
 * well-formed SSE events (so the client has begun to read); for a plain reply, headers and half a body.
 */
function stalledReply(streamed: boolean): HttpReply {
  const chunk = (delta: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: 'chatcmpl-stalled', object: 'chat.completion.chunk', created: CREATED, model: 'stalled', choices: [{ index: 0, delta, logprobs: null, finish_reason: null }] })}\n\n`;
  return streamed
    ? {
        status: 200,
        headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
        body: chunk({ role: 'assistant', content: '' }) + chunk({ content: '{"' }),
      }
    : {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
        body: '{"id":"chatcmpl-stalled","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"{\\"',
      };
}

/** Answers every fault the OpenAI way, including a broken SSE event when the request asked for a stream. */
const faultResponses: FaultResponses = {
  stalled: (request: RecordedRequest) => stalledReply(isRecord(request.body) && request.body.stream === true),
  rateLimit: () => ({
    status: 429,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(apiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded')),
  }),
  serverError: () => ({
    status: 500,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(
      apiError('The server had an error while processing your request. Sorry about that!', 'server_error', null),
    ),
  }),
  malformed: (request: RecordedRequest) =>
    isRecord(request.body) && request.body.stream === true
      ? {
          status: 200,
          headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
          body: 'data: {"id":"chatcmpl-broken","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"Hel\n\n',
        }
      : {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: '{"id":"chatcmpl-broken","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hel',
        },
};

/** Starts the server on 127.0.0.1. */
export async function startOpenAiServer(options: OpenAiServerOptions = {}): Promise<OpenAiServer> {
  const models = options.models ?? options.provider?.models ?? ['fake-fast', 'fake-strong'];
  const dimensions = options.embeddingDimensions ?? 64;
  let responder: ChatResponder | null = null;
  let latency: ScaledLatency | null = null;
  let stallWhen: ((request: ChatRequest) => boolean) | null = null;
  let sequence = 0;
  const promptCuts: PromptCut[] = [];

  const modelObject = (id: string): OpenAI.Models.Model => ({
    id,
    object: 'model',
    created: CREATED,
    owned_by: 'factlight-tests',
  });

  /** Default reply: a schema-valid example for structured outputs, "{}" for JSON mode, else "OK". */
  const defaultContent = (body: OpenAI.Chat.ChatCompletionCreateParams): string => {
    const format = body.response_format;
    if (format?.type === 'json_schema')
      return JSON.stringify(exampleFromSchema((format.json_schema.schema ?? {}) as JsonSchema));
    if (format?.type === 'json_object') return '{}';
    return 'OK';
  };

  const chat = async ({ request, res, closing }: RequestContext): Promise<void> => {
    const body = request.body;
    if (!isRecord(body)) {
      return sendJson(
        res,
        400,
        apiError('We could not parse the JSON body of your request.', 'invalid_request_error', null),
      );
    }
    if (typeof body.model !== 'string' || body.model === '') {
      return sendJson(res, 400, apiError('you must provide a model parameter', 'invalid_request_error', null));
    }
    if (!Array.isArray(body.messages)) {
      const message = "Missing required parameter: 'messages'.";
      return sendJson(res, 400, apiError(message, 'invalid_request_error', 'missing_required_parameter', 'messages'));
    }
    if (options.strictModels && !models.includes(body.model)) {
      return sendJson(
        res,
        404,
        apiError(`The model \`${body.model}\` does not exist`, 'invalid_request_error', 'model_not_found'),
      );
    }
    const format = body.response_format;
    if (
      isRecord(format) &&
      format.type === 'json_schema' &&
      !(isRecord(format.json_schema) && typeof format.json_schema.name === 'string')
    ) {
      const message = "Missing required parameter: 'response_format.json_schema.name'.";
      return sendJson(
        res,
        400,
        apiError(message, 'invalid_request_error', 'missing_required_parameter', 'response_format.json_schema.name'),
      );
    }
    const refusal = options.provider?.refuse(body);
    if (refusal) return sendJson(res, refusal.status, refusal.body, refusal.headers);
    // Validated just enough above that responders can rely on the SDK's request type.
    const sent = body as unknown as OpenAI.Chat.ChatCompletionCreateParams;
    // Under a provider's rules the model sees only what the provider passes on (see provider-rules).
    const understood = options.provider ? understoodRequest(sent, options.provider) : sent;
    // A provider with a small context cuts a long prompt its way, without a word (Ollama: ollama-context.ts).
    const contextTokens = options.provider?.contextTokens;
    const fitted =
      contextTokens === undefined
        ? undefined
        : cutToContext(understood.messages, contextTokens, options.provider?.tokenLimit(body));
    if (fitted?.cut)
      promptCuts.push({ model: understood.model, sentTokens: fitted.sentTokens, keptTokens: fitted.promptTokens });
    const params = fitted ? { ...understood, messages: fitted.messages } : understood;
    const lastUser = [...params.messages].reverse().find((m) => m.role === 'user');
    const chatRequest: ChatRequest = { ...params, headers: request.headers, userText: contentText(lastUser?.content) };
    if (stallWhen?.(chatRequest)) return sendStalled(res, stalledReply(params.stream === true));

    const produced = responder ? await responder(chatRequest) : defaultContent(params);
    // Strict structured outputs write keys in the schema's order (schema-order.ts).
    let content =
      typeof produced === 'string'
        ? produced
        : JSON.stringify(
            params.response_format?.type === 'json_schema'
              ? inSchemaOrder(produced, params.response_format.json_schema.schema as JsonSchema | undefined)
              : produced,
          );
    // Like a real model, stop at max tokens and say so, so truncation handling can be tested.
    let finishReason: string = 'stop';
    const maxTokens = options.provider
      ? options.provider.tokenLimit(body)
      : (params.max_completion_tokens ?? params.max_tokens);
    // Hidden reasoning counts against the same limit (OpenAI's max_completion_tokens), before the reply.
    const reasoning = options.provider?.reasoningTokens(body) ?? 0;
    if (typeof maxTokens === 'number' && countTokens(content) + reasoning > maxTokens) {
      content = content.slice(0, Math.max(0, maxTokens - reasoning) * 4);
      finishReason = 'length';
    }
    // A provider's own ending (a content filter): the reply is replaced by what the provider sends.
    const ending = options.provider?.finish?.(body);
    const finalContent = ending ? ending.content : content;
    if (ending) {
      finishReason = ending.finishReason;
      content = ending.content ?? '';
    }
    const promptText = params.messages.map((m) => contentText(m.content)).join('\n');
    // Under a context the count is the template's, after any cut (what Ollama's prompt_eval_count reports).
    const promptTokens = fitted ? promptTokensOf(params.messages) : countTokens(promptText);
    const usage: OpenAI.CompletionUsage = {
      prompt_tokens: promptTokens,
      completion_tokens: countTokens(content) + reasoning,
      total_tokens: promptTokens + countTokens(content) + reasoning,
      ...(reasoning > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
    };
    const id = `chatcmpl-${++sequence}`;
    const headers = { 'x-request-id': `req_${sequence}` };

    if (params.stream !== true) {
      const completion: OpenAI.Chat.ChatCompletion = {
        id,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: params.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: finalContent, refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: finishReason as OpenAI.Chat.ChatCompletion.Choice['finish_reason'],
            ...ending?.choice,
          },
        ],
        usage,
      };
      if (latency) await waitForCall(latency, usage.completion_tokens, closing);
      if (closing.aborted) return;
      return sendJson(res, 200, completion, headers);
    }
    await streamCompletion(res, closing, latency, {
      id,
      model: params.model,
      content,
      finishReason,
      ...(ending?.choice ? { choice: ending.choice } : {}),
      usage,
      headers,
      includeUsage: params.stream_options?.include_usage === true,
    });
  };

  const embeddings = ({ request, res }: RequestContext): void => {
    const body = request.body;
    const input = isRecord(body) ? body.input : undefined;
    const inputs = typeof input === 'string' ? [input] : Array.isArray(input) ? input : null;
    if (!isRecord(body) || typeof body.model !== 'string' || !inputs || inputs.length === 0) {
      const message = "'input' and 'model' are required: input must be a string or a non-empty array.";
      return sendJson(res, 400, apiError(message, 'invalid_request_error', null, 'input'));
    }
    const size = typeof body.dimensions === 'number' ? body.dimensions : dimensions;
    // Token-id inputs (numbers) are embedded by their text form: deterministic is all that matters here.
    const texts = inputs.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    const base64 = body.encoding_format === 'base64'; // the openai SDK asks for base64 by default
    const tokens = texts.reduce((sum, text) => sum + countTokens(text), 0);
    sendJson(res, 200, {
      object: 'list',
      data: texts.map((text, index) => {
        const vector = embedText(text, size);
        return { object: 'embedding', index, embedding: base64 ? toBase64Float32(vector) : vector };
      }),
      model: body.model,
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    });
  };

  const cors = options.cors !== false;
  const base = await startHarness({
    port: options.port,
    faultResponses,
    prelude: ({ request, req, res }) => {
      const origin = req.headers.origin;
      if (origin !== undefined && options.forbiddenOrigin?.(origin)) {
        // Ollama aborts with a bare 403 for origins outside OLLAMA_ORIGINS, before routing and before CORS.
        res.writeHead(403, { 'Content-Length': '0' }).end();
        return true;
      }
      if (!cors) return false;
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id');
      if (request.method !== 'OPTIONS') return false;
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Authorization, Content-Type',
        'Access-Control-Max-Age': '600',
        'Content-Length': '0',
      });
      res.end();
      return true;
    },
    handle: async (context) => {
      const { request, res } = context;
      // The provider's own API beside /v1 (Ollama's /api/show), which takes no key.
      const native = options.provider?.nativeRoute?.(request.method, request.path, request.body);
      if (native) return sendJson(res, native.status, native.body, native.headers);
      if (options.apiKey !== undefined && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(res, 401, apiError('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
      }
      const headerRefusal = options.provider?.refuseHeaders?.(request.headers);
      if (headerRefusal) return sendJson(res, headerRefusal.status, headerRefusal.body, headerRefusal.headers);
      const route = `${request.method} ${request.path.replace(/\/+$/, '')}`;
      if (route === 'GET /v1/models') return sendJson(res, 200, { object: 'list', data: models.map(modelObject) });
      if (route.startsWith('GET /v1/models/')) {
        const id = decodeURIComponent(request.path.slice('/v1/models/'.length));
        if (models.includes(id)) return sendJson(res, 200, modelObject(id));
        return sendJson(
          res,
          404,
          apiError(`The model \`${id}\` does not exist`, 'invalid_request_error', 'model_not_found', 'model'),
        );
      }
      if (route === 'POST /v1/chat/completions') return chat(context);
      if (route === 'POST /v1/embeddings' && options.embeddings !== false) return embeddings(context);
      sendJson(res, 404, apiError(`Invalid URL (${request.method} ${request.path})`, 'invalid_request_error', null));
    },
  });

  return {
    ...base,
    baseUrl: `http://127.0.0.1:${base.port}/v1`,
    respondWith(next) {
      responder = next;
    },
    modelLatency(next) {
      latency = next;
    },
    stallWhen(next) {
      stallWhen = next;
    },
    promptCuts,
  };
}

interface StreamPlan {
  id: string;
  model: string;
  content: string;
  finishReason: string;
  /** More fields of the final choice (a provider's own, e.g. native_finish_reason). */
  choice?: Record<string, unknown>;
  usage: OpenAI.CompletionUsage;
  headers: Record<string, string>;
  includeUsage: boolean;
}

/**
 * Sends the completion as OpenAI's SSE: role chunk, word-sized content chunks, finish chunk, usage chunk,
 * [DONE]; all at once, or paced by `latency` (first chunk after the TTFT, then at the decode rate).
 */
async function streamCompletion(
  res: ServerResponse,
  closing: AbortSignal,
  latency: ScaledLatency | null,
  plan: StreamPlan,
): Promise<void> {
  if (res.destroyed || closing.aborted) return;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache',
    ...plan.headers,
  });
  const created = Math.floor(Date.now() / 1000);
  const chunk = (
    choices: OpenAI.Chat.ChatCompletionChunk['choices'],
    usage: OpenAI.CompletionUsage | null = null,
  ): OpenAI.Chat.ChatCompletionChunk => ({
    id: plan.id,
    object: 'chat.completion.chunk',
    created,
    model: plan.model,
    choices,
    // OpenAI sends `usage: null` on every chunk once include_usage is on, and omits it otherwise.
    ...(plan.includeUsage ? { usage } : {}),
  });
  const events: Array<{ data: string; tokens: number }> = [];
  const send = (value: OpenAI.Chat.ChatCompletionChunk | '[DONE]', tokens = 0): void => {
    events.push({ data: `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`, tokens });
  };
  send(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }]));
  // Tokens are counted on the text so far (countTokens of the whole reply = the sum over its pieces).
  let chars = 0;
  let tokens = 0;
  for (const piece of plan.content.match(/\s*\S+\s*|\s+/g) ?? []) {
    chars += piece.length;
    const total = countTokens(plan.content.slice(0, chars));
    send(chunk([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]), total - tokens);
    tokens = total;
  }
  send(
    chunk([
      {
        index: 0,
        delta: {},
        logprobs: null,
        finish_reason: plan.finishReason as OpenAI.Chat.ChatCompletionChunk.Choice['finish_reason'],
        ...plan.choice,
      },
    ]),
  );
  if (plan.includeUsage) send(chunk([], plan.usage));
  send('[DONE]');
  if (latency) await writePaced(res, latency, events, closing);
  else for (const event of events) res.write(event.data);
  if (!res.destroyed) res.end();
}
