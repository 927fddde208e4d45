/**
 * Ollama's context window, read from Ollama itself, and a conservative token count to fit prompts into it.
 * - Below 24 GiB of VRAM Ollama runs a 4k context unless told otherwise ("< 24 GiB VRAM: 4k context",
 *   https://docs.ollama.com/context-length; older versions ran 2,048, docs/faq.md at the time), and cuts a longer
 *   prompt without a word: it keeps the first few tokens and the tail, about half the context
 *   (github.com/ollama/ollama llm/llama_server.go at fb30760; github.com/ollama/ollama/issues/17427). The
 *   OpenAI-compatible endpoint cannot raise it ("The OpenAI API does not have a way of setting the context size",
 *   https://docs.ollama.com/api/openai-compatibility).
 * - `POST /api/show {"model"}` answers `parameters` (a string; it names `num_ctx` when the Modelfile sets one) and
 *   `model_info["<arch>.context_length"]`, the context the model was trained on, which caps any setting
 *   (https://github.com/ollama/ollama/blob/main/docs/api.md#show-model-information; server/sched.go caps num_ctx
 *   at it). The VRAM-based default and OLLAMA_CONTEXT_LENGTH are not exposed there, so without a Modelfile num_ctx
 *   the context is taken to be the 4,096 of most machines: a larger one only means prompts were shortened needlessly.
 * - `GET /api/ps` does expose them, for a model already loaded in memory: each model carries `context_length`, the
 *   context its runner was started with (github.com/ollama/ollama api/types.go ProcessModelResponse and
 *   server/routes.go PsHandler at fb30760; docs/openapi.yaml; `ollama ps` shows it as CONTEXT,
 *   https://docs.ollama.com/context-length). Requests through the OpenAI-compatible API set no num_ctx, so a loaded
 *   model keeps that context; it is read first, and /api/show only when the model is not loaded.
 * - A failed read (an older server, a proxy) is the same 4,096: cutting too much is recoverable, a silent cut is not.
 *   So is a slow one: the read waits at most OLLAMA_SHOW_TIMEOUT_MS, so a stalled server cannot hold a check.
 * - The read carries the profile's key and custom headers, like the model's own requests, so a gateway in front of
 *   Ollama answers it rather than a 401.
 */
import type { ContextWindow } from './openai-chat-model';
import { withProfileHeaders } from './profile-headers';

/** Ollama's context below 24 GiB of VRAM, and what is assumed when nothing better is known. */
export const OLLAMA_DEFAULT_CONTEXT = 4_096;

/** How long the context read (/api/ps, then /api/show) may take before the default is assumed. */
export const OLLAMA_SHOW_TIMEOUT_MS = 5_000;

/** Ollama's native API root for an OpenAI-compatible base URL (`http://localhost:11434/v1` → `…:11434`). */
export function ollamaRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** The runtime context from an /api/show answer: Modelfile num_ctx or the default, capped at the trained one. */
export function contextFromShow(show: unknown): number {
  const record = typeof show === 'object' && show !== null ? (show as Record<string, unknown>) : {};
  const parameters = typeof record.parameters === 'string' ? record.parameters : '';
  const numCtx = Number(/^\s*num_ctx\s+(\d+)\s*$/m.exec(parameters)?.[1] ?? Number.NaN);
  const info = typeof record.model_info === 'object' && record.model_info !== null ? record.model_info : {};
  const trained = Object.entries(info as Record<string, unknown>).find(
    ([key, value]) => key.endsWith('.context_length') && typeof value === 'number' && value > 0,
  )?.[1] as number | undefined;
  const set = Number.isFinite(numCtx) && numCtx > 0 ? numCtx : OLLAMA_DEFAULT_CONTEXT;
  return trained === undefined ? set : Math.min(set, trained);
}

/** What the context read sends besides the model: the profile's key and custom headers, and its time limit. */
export interface OllamaAccess {
  apiKey?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** `ollama ps` names models in their shortest form: `llama3.1` is listed as `llama3.1:latest`. */
function withTag(model: string): string {
  return /:[^/]*$/.test(model) ? model : `${model}:latest`;
}

/** The context of `model` in a `GET /api/ps` answer, when it is loaded; undefined otherwise. */
export function contextFromPs(ps: unknown, model: string): number | undefined {
  const models = typeof ps === 'object' && ps !== null ? (ps as { models?: unknown }).models : undefined;
  if (!Array.isArray(models)) return undefined;
  const wanted = withTag(model);
  for (const entry of models as Array<Record<string, unknown> | null>) {
    const names = [entry?.model, entry?.name].filter((name): name is string => typeof name === 'string');
    const length = entry?.context_length;
    if (names.some((name) => withTag(name) === wanted) && typeof length === 'number' && length > 0) return length;
  }
  return undefined;
}

/** The context `model` runs with on the Ollama server at `baseUrl` (see the file overview). */
export async function readOllamaContext(
  baseUrl: string,
  model: string,
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  access: OllamaAccess = {},
): Promise<number> {
  try {
    const send = withProfileHeaders(baseUrl, access.headers, fetchFn);
    const signal = AbortSignal.timeout(access.timeoutMs ?? OLLAMA_SHOW_TIMEOUT_MS);
    const authorization: Record<string, string> = access.apiKey ? { Authorization: `Bearer ${access.apiKey}` } : {};
    const loaded = await send(`${ollamaRoot(baseUrl)}/api/ps`, { headers: authorization, signal })
      .then(async (response) => (response.ok ? contextFromPs(await response.json(), model) : undefined))
      .catch(() => undefined);
    if (loaded !== undefined) return loaded;
    const response = await send(`${ollamaRoot(baseUrl)}/api/show`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authorization },
      body: JSON.stringify({ model }),
      signal,
    });
    if (!response.ok) return OLLAMA_DEFAULT_CONTEXT;
    return contextFromShow(await response.json());
  } catch {
    return OLLAMA_DEFAULT_CONTEXT;
  }
}

/**
 * A prompt's size in tokens, rounded up on purpose: about 3 characters a token for Latin text, digits and
 * punctuation (real tokenizers average nearer 4 in English), one a character for every letter of another script
 * (CJK and Thai, but also Hangul, Devanagari, Arabic, Cyrillic, Hebrew, Greek: tokenizers trained mostly on
 * English split these into one token or more per character), and a few per message for the chat template.
 * Too high only shortens passages a little more; too low lets Ollama cut the prompt.
 */
export function estimatePromptTokens(messages: ReadonlyArray<{ readonly content: string }>): number {
  let tokens = 0;
  for (const { content } of messages) {
    const dense = content.match(/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\s]/gu)?.length ?? 0;
    tokens += 8 + dense + Math.ceil((content.length - dense) / 3);
  }
  return tokens;
}

/** The context window of models on the Ollama server at `baseUrl`, read once per model (see the file overview). */
export function ollamaContextWindow(
  baseUrl: string,
  fetchFn: typeof fetch | undefined,
  access: OllamaAccess = {},
): ContextWindow {
  const read = new Map<string, Promise<number>>();
  return {
    tokensFor(model) {
      let tokens = read.get(model);
      if (!tokens) {
        tokens = readOllamaContext(baseUrl, model, fetchFn ?? ((input, init) => fetch(input, init)), access);
        read.set(model, tokens);
      }
      return tokens;
    },
    measure: estimatePromptTokens,
    // Both as codes with their numbers, worded when shown (lib/view/notice-words.ts, lib/view/error-words.ts).
    notice: (tokens) => ({ code: 'ollama-context-shortened', tokens }),
    tooLong: (tokens) => ({ code: 'context-too-long', tokens }),
  };
}
