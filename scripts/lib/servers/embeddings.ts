/**
 * Deterministic stand-ins for what a model server computes from text: token counts and embedding vectors.
 * Deterministic so tests can assert exact numbers; the vectors are a hashed bag of words, so texts that share
 * words point in similar directions and cosine similarity behaves like a (very) crude real embedding.
 */
import { fnv1a } from '../../../lib/core/model/stable-hash';

/** ~1 token per 4 characters, at least 1, like the usual rule of thumb for English. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** An L2-normalised hashed bag-of-words vector of `dimensions` numbers for `text`. */
export function embedText(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const hash = fnv1a(word);
    // The top bit picks the sign so unrelated words partly cancel instead of all adding up.
    vector[hash % dimensions] = (vector[hash % dimensions] ?? 0) + (hash & 0x80000000 ? -1 : 1);
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  // No words: a fixed unit vector rather than zeros, so cosine similarity stays defined.
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((x) => x / norm);
}

/** The `encoding_format: 'base64'` wire form: little-endian float32 bytes, as the OpenAI API sends them. */
export function toBase64Float32(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes.toString('base64');
}

/** The same cosine the product's passage ranker uses. */
export { cosine as cosineSimilarity } from '../../../lib/core/evidence/passages/fusion';
