/**
 * Ollama's small context, as the real server handles a prompt that does not fit it (github.com/ollama/ollama at
 * fb30760, read with git):
 * - the runtime context is `num_ctx`: 4k below 24 GiB of VRAM unless a Modelfile or OLLAMA_CONTEXT_LENGTH says
 *   otherwise ("< 24 GiB VRAM: 4k context", docs/context-length.mdx), and the OpenAI-compatible API cannot
 *   raise it ("The OpenAI API does not have a way of setting the context size", docs/api/openai-compatibility.mdx);
 * - a prompt of `num_ctx` tokens or more is cut without a word: llm/llama_server.go keeps the first `num_keep`
 *   tokens (4 by default, api/types.go), drops the middle, and keeps the tail down to
 *   `num_ctx - (num_ctx - num_keep) / 2`, about half the context; only the server's log says "truncating input
 *   prompt". Measured by others: "prompt_eval_count 16,386 (= num_ctx / 2, +2)" for num_ctx 32,768
 *   (github.com/ollama/ollama/issues/17427, github.com/itayinbarr/little-coder/issues/128), and the head, i.e.
 *   the system prompt, is what is lost (github.com/ollama/ollama/issues/3839);
 * - `usage.prompt_tokens` reports the count after the cut, so a client cannot see it either.
 * - the reply shares the same buffer: num_ctx "defines the size of the buffer in which input tokens and generated
 *   tokens reside ... when the end of the buffer is reached, the buffer will be shifted" (a maintainer,
 *   github.com/ollama/ollama/pull/13181), dropping the middle again; num_predict (the OpenAI `max_tokens`) is only
 *   capped at num_ctx, not at what the prompt left ("TODO: limit this further to num_ctx - len(prompt) to avoid any
 *   context shifts at all", github.com/ollama/ollama/pull/3092). So a prompt plus the requested `max_tokens` past
 *   num_ctx is recorded as a cut too. Without a limit the reply's length is the model's: the loopback's are short.
 * - `POST /api/show` answers `model_info["<arch>.context_length"]` (the trained maximum) and `parameters`, a
 *   string that names `num_ctx` only when the Modelfile sets it (docs/api.md, "Show Model Information").
 * Tokens are the loopback's own count (countTokens: 4 characters each) plus a few per message for the chat
 * template, so a client that measures conservatively fits and one that does not measure is cut.
 */
import { countTokens } from '../embeddings';
import { isRecord } from './types';

/** Ollama's default num_keep (api/types.go DefaultOptions). */
export const OLLAMA_NUM_KEEP = 4;
/** Tokens the chat template adds around each message (role markers). */
const TEMPLATE_TOKENS = 4;

type Message = { role: string; content?: unknown };

/** The prompt's size in the loopback's tokens, template included. */
export function promptTokensOf(messages: readonly Message[]): number {
  return messages.reduce((sum, m) => sum + TEMPLATE_TOKENS + countTokens(textOf(m.content)), 0);
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content)
    ? content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('')
    : '';
}

/**
 * What the model sees of a prompt on a `numCtx` context, and whether anything was cut: the prompt itself, or,
 * when it fits but leaves less than `replyTokens` (the request's max tokens, when it sets one) for the reply,
 * by a context shift during the reply.
 */
export function cutToContext<M extends Message>(
  messages: readonly M[],
  numCtx: number,
  replyTokens?: number,
): { messages: M[]; cut: boolean; promptTokens: number; sentTokens: number } {
  const sentTokens = promptTokensOf(messages);
  if (sentTokens < numCtx) {
    const shifts = replyTokens !== undefined && sentTokens + replyTokens > numCtx;
    return { messages: [...messages], cut: shifts, promptTokens: sentTokens, sentTokens };
  }
  const limit = numCtx - Math.floor((numCtx - OLLAMA_NUM_KEEP) / 2);
  // Characters kept: the first num_keep tokens of the whole prompt, and the tail that fills the rest.
  let headChars = OLLAMA_NUM_KEEP * 4;
  let tailChars = (limit - OLLAMA_NUM_KEEP - TEMPLATE_TOKENS * messages.length) * 4;
  const texts = messages.map((m) => textOf(m.content));
  const kept = texts.map(() => '');
  for (let i = 0; i < texts.length && headChars > 0; i++) {
    kept[i] = texts[i]!.slice(0, headChars);
    headChars -= kept[i]!.length;
  }
  const tails = texts.map(() => '');
  for (let i = texts.length - 1; i >= 0 && tailChars > 0; i--) {
    tails[i] = texts[i]!.slice(Math.max(0, texts[i]!.length - tailChars));
    tailChars -= tails[i]!.length;
  }
  const out = messages.map((m, i) => {
    const head = kept[i]!;
    const tail = tails[i]!;
    const whole = texts[i]!;
    const text = head.length + tail.length >= whole.length ? whole : head + tail;
    return { ...m, content: text } as M;
  });
  return { messages: out, cut: true, promptTokens: promptTokensOf(out), sentTokens };
}

/** `/api/show`'s answer for a model on a server whose runtime context is `numCtx` (no num_ctx in the Modelfile). */
export function showModel(model: string, trainedContext: number): Record<string, unknown> {
  return {
    modelfile: `FROM ${model}\n`,
    parameters: 'stop "<|start_header_id|>"\nstop "<|end_header_id|>"\nstop "<|eot_id|>"',
    template: '{{ .Prompt }}',
    details: { format: 'gguf', family: 'llama', parameter_size: '8.0B', quantization_level: 'Q4_K_M' },
    model_info: { 'general.architecture': 'llama', 'llama.context_length': trainedContext },
    capabilities: ['completion', 'tools'],
  };
}

/** One model of `GET /api/ps`'s answer: loaded, with the context its runner was started with (api/types.go). */
export function runningModel(model: string, contextLength: number): Record<string, unknown> {
  return {
    name: model,
    model,
    size: 5_137_025_024,
    digest: '46e0c10c039e019119339687c3c1757cc81b9da49709a3b3924863ba87ca666e',
    details: { format: 'gguf', family: 'llama', parameter_size: '8.0B', quantization_level: 'Q4_K_M' },
    expires_at: '2026-11-27T02:00:00Z',
    size_vram: 5_137_025_024,
    context_length: contextLength,
  };
}
