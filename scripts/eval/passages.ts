/**
 * `npm run eval -- passages`: passage ranking against relevance labels.
 *
 *   npm run eval -- passages --data IN.jsonl --out OUT.jsonl [--gold GOLD.jsonl]
 *                            [--embeddings http://127.0.0.1:PORT/v1 [--embedding-model NAME]]
 *   npm run eval -- passages --from-factcheck-stance subtask3_claim_evidence_stance.jsonl --out OUT.jsonl
 *
 * Input lines `{id, claim, passages}`, output lines `{id, ranking}` (passage indices, best first; our ranker,
 * fused with embeddings when `--embeddings` is given; `EMBEDDINGS_API_KEY` is sent as a bearer key). With gold
 * (`{id, relevant}` lines; `--from-factcheck-stance` converts Factcheck-Bench and uses it as data and gold)
 * it prints P@1, MRR and nDCG@5 of our ranker next to plain BM25 (same tokenizer, passages as documents,
 * textbook k1/b, IDF over the claim's candidates), on all items and on the two halves of a fixed split by
 * id hash: "dev" (where the few global parameters were chosen) and "held-out". A second table runs
 * `selectPassages` on a page made of each claim's candidates and counts how often the chosen window sits
 * in a relevant candidate, against the top BM25 sentence.
 *
 * Candidates are shuffled per item (seeded by id) before ranking: datasets list them in retrieval order,
 * which is itself a strong ranking (on Factcheck-Bench alone it scores MRR ≈ 0.83), and a ranker with ties
 * would otherwise inherit it by breaking ties in input order.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { bm25Scores } from '../../lib/core/passages/bm25';
import { orderByScore } from '../../lib/core/passages/fusion';
import { rankPassages } from '../../lib/core/passages/rank-passages';
import { selectPassages } from '../../lib/core/passages/select-passages';
import { splitSentences } from '../../lib/core/passages/segment';
import { tokenize } from '../../lib/core/passages/tokenize';
import type { Embedder } from '../../lib/core/ports';
import { convertFactcheckStance } from './convert-factcheck-stance';
import { httpEmbedder } from './http-embedder';
import { reciprocalRank, summarize, type RankingSummary } from './ranking-metrics';

interface Item {
  id: string;
  claim: string;
  passages: string[];
}

type Ranker = (claim: string, passages: string[]) => Promise<number[]>;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

async function readJsonl(path: string): Promise<Array<Record<string, unknown>>> {
  return (await readFile(path, 'utf8')).split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** 32-bit FNV-1a of a string: a stable seed and split key. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

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
const bm25Ranker: Ranker = async (claim, passages) => orderByScore(bm25Scores(tokenize(claim), passages.map((p) => tokenize(p))));

const oursRanker = (embedder?: Embedder): Ranker => async (claim, passages) =>
  (await rankPassages(claim, passages, embedder ? { embedder } : {})).map((ranked) => ranked.index);

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
async function pageHits(items: Item[], gold: Map<string, number[]>, embedder?: Embedder): Promise<{ ours: number; bm25: number; items: number }> {
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
    order.reduce((offset, i) => (bounds.push(offset + (item.passages[i]?.length ?? 0)), offset + (item.passages[i]?.length ?? 0) + 2), 0);
    const candidateAt = (offset: number): number => order[bounds.findIndex((end) => offset <= end)] ?? -1;
    const [chosen] = await selectPassages({ claim: item.claim, text, passagesPerPage: 1, contextSentences: 1, ...(embedder ? { embedder } : {}) });
    if (chosen && relevant.has(candidateAt((chosen.start + chosen.end) / 2))) ours++;
    const sentences = splitSentences(text);
    const [best] = orderByScore(bm25Scores(tokenize(item.claim), sentences.map((s) => tokenize(s.text))));
    const sentence = best === undefined ? undefined : sentences[best];
    if (sentence && relevant.has(candidateAt(sentence.start))) bm25++;
  }
  return { ours: ours / Math.max(counted, 1), bm25: bm25 / Math.max(counted, 1), items: counted };
}

function row(name: string, subset: string, s: RankingSummary): string {
  return `| ${name.padEnd(23)} | ${subset.padEnd(8)} | ${String(s.items).padStart(5)} | ${s.p1.toFixed(3)} | ${s.mrr.toFixed(3)} | ${s.ndcg5.toFixed(3)} |`;
}

/** Entry point for scripts/eval.ts. */
export async function run(args: string[]): Promise<void> {
  const factcheck = option(args, '--from-factcheck-stance');
  const dataPath = option(args, '--data');
  const outPath = option(args, '--out');
  if ((!factcheck && !dataPath) || !outPath) {
    console.error('Usage: npm run eval -- passages (--data IN.jsonl [--gold GOLD.jsonl] | --from-factcheck-stance FILE) --out OUT.jsonl [--embeddings URL] [--embedding-model NAME]');
    process.exit(2);
  }
  const rows = factcheck ? convertFactcheckStance(await readFile(factcheck, 'utf8')) : await readJsonl(dataPath ?? '');
  const items: Item[] = rows.map((r) => ({ id: String(r.id), claim: String(r.claim), passages: (r.passages as unknown[]).map(String) }));
  const goldPath = option(args, '--gold');
  const goldRows = factcheck ? rows : goldPath ? await readJsonl(goldPath) : [];
  const gold = new Map(goldRows.map((r) => [String(r.id), (r.relevant as number[] | undefined) ?? []]));

  const url = option(args, '--embeddings');
  const embedder = url ? httpEmbedder({ baseUrl: url, model: option(args, '--embedding-model') ?? 'text-embedding-3-small', apiKey: process.env.EMBEDDINGS_API_KEY }) : undefined;
  const rankers: Array<[string, Ranker]> = [['BM25 (baseline)', bm25Ranker], ['ours, lexical', oursRanker()]];
  if (embedder) rankers.push(['ours + embeddings (RRF)', oursRanker(embedder)]);

  const rankings = new Map<string, number[][]>();
  for (const [name, ranker] of rankers) rankings.set(name, await rankAll(items, ranker));
  const best = rankings.get(rankers[rankers.length - 1]?.[0] ?? '') ?? [];
  await writeFile(outPath, items.map((item, i) => JSON.stringify({ id: item.id, ranking: best[i] ?? [] })).join('\n') + '\n');
  console.log(`passages: ${items.length} items ranked → ${outPath}${embedder ? ` (embeddings: ${url})` : ''}`);
  if (gold.size === 0) return;

  const subsets: Array<[string, (id: string) => boolean]> = [['all', () => true], ['dev', (id) => fnv1a(id) % 2 === 0], ['held-out', (id) => fnv1a(id) % 2 === 1]];
  console.log('\n| ranker                  | subset   | items | P@1   | MRR   | nDCG@5 |\n|---|---|---|---|---|---|');
  for (const [subset, keep] of subsets) {
    for (const [name] of rankers) {
      const results = items.flatMap((item, i) => (keep(item.id) ? [{ ranking: rankings.get(name)?.[i] ?? [], relevant: gold.get(item.id) ?? [] }] : []));
      console.log(row(name, subset, summarize(results)));
    }
  }
  const skipped = summarize(items.map((item) => ({ ranking: [], relevant: gold.get(item.id) ?? [] }))).skipped;
  console.log(`(${skipped} items without any relevant passage are left out of the means)`);

  const ours = rankings.get('ours, lexical') ?? [];
  const base = rankings.get('BM25 (baseline)') ?? [];
  const diffs = items.flatMap((item, i) => {
    const relevant = new Set(gold.get(item.id) ?? []);
    return relevant.size ? [reciprocalRank(ours[i] ?? [], relevant) - reciprocalRank(base[i] ?? [], relevant)] : [];
  });
  const mean = diffs.reduce((a, b) => a + b, 0) / Math.max(diffs.length, 1);
  const se = Math.sqrt(diffs.reduce((a, d) => a + (d - mean) ** 2, 0) / Math.max(diffs.length - 1, 1) / Math.max(diffs.length, 1));
  const [better, worse] = [diffs.filter((d) => d > 0).length, diffs.filter((d) => d < 0).length];
  console.log(`MRR, ours (lexical) − BM25: ${mean >= 0 ? '+' : ''}${mean.toFixed(3)} ± ${se.toFixed(3)} (paired standard error); better on ${better} items, worse on ${worse}`);

  const page = await pageHits(items, gold);
  console.log(`\nWithin one page (candidates joined as paragraphs, ${page.items} items): chosen window in a relevant candidate`);
  console.log(`  top BM25 sentence: ${page.bm25.toFixed(3)}   selectPassages: ${page.ours.toFixed(3)}`);
  if (embedder) console.log(`  selectPassages + embeddings: ${(await pageHits(items, gold, embedder)).ours.toFixed(3)}`);
}
