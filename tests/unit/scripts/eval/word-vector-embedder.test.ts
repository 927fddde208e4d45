import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { cosine } from '../../../../lib/core/evidence/passages/fusion';
import { rankPassages } from '../../../../lib/core/evidence/passages/rank-passages';
import {
  loadWordVectors,
  wordRows,
  wordVectorEmbedder,
  wordVectorEmbedderFromFile,
} from '../../../../scripts/eval/word-vector-embedder';

const FIXTURE = resolve(import.meta.dirname, '../../../fixtures/word-vectors/tiny-wink.json');

describe('loadWordVectors', () => {
  const vectors = loadWordVectors(FIXTURE);
  const vectorOf = (word: string): number[] => {
    const row = vectors.rows.get(word);
    return row === undefined ? [] : Array.from(vectors.data.subarray(row * 3, row * 3 + 3));
  };

  it('reads wink’s layout: declared dimensions, rows in file (frequency) order, norm and index dropped', () => {
    expect(vectors.dimensions).toBe(3);
    expect(vectors.size).toBe(10);
    expect(vectors.data.length).toBe(30);
    expect(vectors.rows.get('the')).toBe(0);
    expect(vectors.rows.get('zebra')).toBe(9);
    expect(vectorOf('kitten')).toEqual([Math.fround(0.9), Math.fround(0.1), 0]);
    expect(vectorOf('engine')).toEqual([0, Math.fround(0.2), Math.fround(0.9)]);
    // Keys with a \u escape, raw UTF-8 and escaped quotes; `words` and `unkVector` are not vectors.
    expect(vectorOf('café')).toEqual([-1, 0, 0]);
    expect(vectorOf('naïve')).toEqual([0, -1, 0]);
    expect(vectorOf('say "hi"')).toEqual([0, 0, -1]);
    expect(vectors.rows.has('words')).toBe(false);
    expect(vectors.rows.has('unkvector')).toBe(false);
  });

  it('reads the same table whatever the chunk size', () => {
    for (const chunkSize of [1, 2, 3, 7, 64]) {
      const again = loadWordVectors(FIXTURE, { chunkSize });
      expect([...again.rows]).toEqual([...vectors.rows]);
      expect(Array.from(again.data)).toEqual(Array.from(vectors.data));
    }
  });

  describe('plain {word: vector} files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'word-vectors-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('takes each top-level array as a word vector, dimensions from the first', () => {
      const path = join(dir, 'plain.json');
      writeFileSync(path, '{"Paris": [1, 2], "paris": [3, 4], "note": "skipped", "size": [5, 6]}');
      const plain = loadWordVectors(path);
      expect(plain.dimensions).toBe(2);
      expect(plain.size).toBe(3);
      // Looked up lowercased; the first (most frequent) spelling wins.
      expect(plain.rows.get('paris')).toBe(0);
      expect(plain.rows.get('size')).toBe(2);
      expect(Array.from(plain.data)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('rejects malformed files', () => {
      const short = join(dir, 'short.json');
      writeFileSync(short, '{"a": [1, 2, 3], "b": [1, 2]}');
      expect(() => loadWordVectors(short)).toThrow('"b" has 2 numbers, expected 3');
      const empty = join(dir, 'empty.json');
      writeFileSync(empty, '{}');
      expect(() => loadWordVectors(empty)).toThrow('no vectors');
      const broken = join(dir, 'broken.json');
      writeFileSync(broken, '{"a": [1, 2');
      expect(() => loadWordVectors(broken)).toThrow(/word vectors: expected , or \] at byte \d+/);
    });
  });
});

describe('wordVectorEmbedder', () => {
  const vectors = loadWordVectors(FIXTURE);
  const norm = (v: number[]): number => Math.hypot(...v);

  it('embeds related words close together, unrelated ones apart', async () => {
    const [cat, kitten, dog, car] = await wordVectorEmbedder(vectors).embed(['A cat.', 'The kitten', 'dog', 'CAR']);
    expect(cosine(cat!, kitten!)).toBeGreaterThan(cosine(cat!, dog!));
    expect(cosine(cat!, dog!)).toBeGreaterThan(cosine(cat!, car!));
    expect(cosine(cat!, car!)).toBe(0);
    for (const v of [cat, kitten, dog, car]) expect(norm(v!)).toBeCloseTo(1, 12);
  });

  it('weights words by a global IDF estimated from frequency rank: ln(1 + rank / rankScale)', async () => {
    // "cat" is rank 2 (row 1), "zebra" rank 10 (row 9): weights ln 3 and ln 11 with rankScale 1.
    const [v] = await wordVectorEmbedder(vectors, { rankScale: 1 }).embed(['cat zebra']);
    const [a, b] = [Math.log(3), Math.log(11)];
    expect(v![0]).toBeCloseTo(a / Math.hypot(a, b), 6);
    expect(v![1]).toBeCloseTo(b / Math.hypot(a, b), 6);
    expect(v![2]).toBe(0);
    // The rare word pulls the mean towards itself; with the default scale (100) the pull is stronger still.
    const [d] = await wordVectorEmbedder(vectors).embed(['cat zebra']);
    expect(d![1]! / d![0]!).toBeCloseTo(Math.log(1.1) / Math.log(1.02), 6);
    // Repeats count: "cat cat zebra" leans more to "cat".
    const [r] = await wordVectorEmbedder(vectors, { rankScale: 1 }).embed(['cat cat zebra']);
    expect(r![1]! / r![0]!).toBeCloseTo(b / (2 * a), 6);
  });

  it('can weight by IDF over the texts of the call instead (smoothed like the lexical ranker)', async () => {
    // "cat" is in all 3 texts, "zebra" in 1; 50 pseudo-documents: N = 53.
    const [v] = await wordVectorEmbedder(vectors, { idf: 'call' }).embed(['cat zebra', 'cat', 'a cat']);
    const cat = Math.log(1 + (53 - 3 + 0.5) / 3.5);
    const zebra = Math.log(1 + (53 - 1 + 0.5) / 1.5);
    expect(v![1]! / v![0]!).toBeCloseTo(zebra / cat, 6);
  });

  it('skips unknown words and stopwords, and falls back to the singular', async () => {
    const embedder = wordVectorEmbedder(vectors);
    const [cat, withUnknown, withStopwords] = await embedder.embed(['cat', 'cat qwertyuiop 1939', 'the cat of the']);
    expect(withUnknown).toEqual(cat);
    expect(withStopwords).toEqual(cat);
    expect(wordRows(vectors, 'Kittens, the Café and a naïve zebra')).toEqual([2, 6, 7, 9]);
  });

  it('embeds a text without known words as the zero vector', async () => {
    const [empty, unknown, stopwords, cat] = await wordVectorEmbedder(vectors).embed([
      '',
      'qwertyuiop 42',
      'the',
      'cat',
    ]);
    for (const v of [empty, unknown, stopwords]) expect(v).toEqual([0, 0, 0]);
    expect(cosine(empty!, cat!)).toBe(0);
    expect(await wordVectorEmbedder(vectors).embed([])).toEqual([]);
  });

  it('rejects on an aborted signal', async () => {
    await expect(wordVectorEmbedder(vectors).embed(['cat'], AbortSignal.abort(new Error('stop')))).rejects.toThrow(
      'stop',
    );
  });

  it('serves as rankPassages’ embedder, fused by RRF or by weighted sum', async () => {
    const embedder = wordVectorEmbedderFromFile(FIXTURE);
    // No word in common with the claim, so the lexical scores tie and the embedding decides.
    const passages = ['A car with an engine.', 'A dog.', 'Kittens.'];
    for (const fusion of [undefined, { method: 'weighted', embeddingWeight: 0.3 } as const]) {
      const ranked = await rankPassages('My cat', passages, { embedder, ...(fusion ? { fusion } : {}) });
      expect(ranked.map((r) => r.index)).toEqual([2, 1, 0]);
    }
  });
});
