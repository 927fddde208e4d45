/**
 * An `Embedder` over an OpenAI-compatible `POST {base}/embeddings` endpoint (OpenAI, Ollama, llama.cpp,
 * vLLM, LM Studio, …), with plain fetch: the eval needs no SDK, and lib/core must not import one.
 */
import type { Embedder } from '../../lib/core/ports';

interface EmbeddingsReply {
  data: Array<{ index: number; embedding: number[] }>;
}

function isReply(value: unknown): value is EmbeddingsReply {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as { data?: unknown }).data)) return false;
  return (value as { data: unknown[] }).data.every(
    (row) => typeof row === 'object' && row !== null && typeof (row as { index?: unknown }).index === 'number' && Array.isArray((row as { embedding?: unknown }).embedding),
  );
}

export interface HttpEmbedderOptions {
  /** Base URL including the API version, e.g. http://127.0.0.1:11434/v1 */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Texts per request; servers cap inputs per call. */
  batchSize?: number;
}

/** An embedder that batches texts and returns their vectors in input order. */
export function httpEmbedder(options: HttpEmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
  const batchSize = options.batchSize ?? 64;
  return {
    async embed(texts, signal) {
      const vectors: number[][] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const input = texts.slice(i, i + batchSize);
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}) },
          // 'float' explicitly: the OpenAI default for SDKs is base64, which plain JSON readers cannot use.
          body: JSON.stringify({ model: options.model, input, encoding_format: 'float' }),
          signal,
        });
        if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
        const reply: unknown = await response.json();
        if (!isReply(reply) || reply.data.length !== input.length) throw new Error(`${url} sent an unexpected embeddings reply`);
        vectors.push(...[...reply.data].sort((a, b) => a.index - b.index).map((row) => row.embedding));
      }
      return vectors;
    },
  };
}
