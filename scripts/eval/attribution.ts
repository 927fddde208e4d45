/**
 * `npm run eval -- attribution [--data DIR] [--model-from-env] [--limit N] [--generators gpt4,gpt35,...]`
 * Citation attribution on Transparent-FCExp (Xing, Baldwin, Lau 2024; PolitiFact rulings from PolitiHop,
 * explanations with [n] citations to ruling sentences written by GPT-4, GPT-3.5 and Llama 2).
 *
 * (a) without a model: the explanations' citations against the human evidence chains (PolitiHop's
 *     annotated chains in claim_chain_mapping.json). Precision over citations (a (sentence, n) pair is
 *     right when n is in a gold chain), recall over gold sentences (the union of the claim's chains) and,
 *     since any one chain suffices, recall of the best-covered chain. Micro-averaged over claims.
 *     Note: the `chain` field of *_full_data.json is NOT gold: it differs per generator (it is the
 *     generator's own evidence selection, "machine extracted reasons" in the repo's postprocess script).
 * (b) with --model-from-env (the same FACTLIGHT_* variables as `npm run check`): masking and recovery
 *     with lib/core/quality/explanations/attribute-citations.ts, one call per explanation: the share of citations
 *     recovered (attribution precision), attribution recall and F1, and the recovered passages against gold.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { errorMessage } from '../../lib/core/errors';
import type { ModelCallContext } from '../../lib/core/model/structured-call';
import { UsageMeter } from '../../lib/core/model/usage-meter';
import { attributeCitations } from '../../lib/core/quality/explanations/attribute-citations';
import { f1 } from '../../lib/core/quality/explanations/attribution-metrics';
import { type CitedSentence, maskCitations } from '../../lib/core/quality/explanations/cited-sentences';
import { NotConfiguredError } from '../../lib/runtime/create-pipeline-deps';
import { pipelineFromEnv } from '../lib/env-settings';
import { InputError, resolveEvalData } from '../lib/eval-data';

interface RawItem {
  claim: string;
  passage: string;
  explanation: Record<string, string[]>;
}

/** One generated explanation with its ruling and the claim's gold chains. */
export interface FcexpItem {
  claimId: string;
  claim: string;
  /** Ruling sentences by number. */
  passage: Map<number, string>;
  /** PolitiHop's annotated evidence chains (sentence numbers); any one of them suffices. */
  chains: number[][];
  sentences: CitedSentence[];
}

/** Generators present in `DIR/TransExp_data` (`<name>_full_data.json`). */
function availableGenerators(dir: string): string[] {
  return readdirSync(join(dir, 'TransExp_data'))
    .map((file) => /^(.+)_full_data\.json$/.exec(file)?.[1])
    .filter((name): name is string => Boolean(name))
    .sort();
}

/** "0: First sentence\n1: Second…" → numbered sentences (a line without a number continues the last). */
export function parsePassage(passage: string): Map<number, string> {
  const sentences = new Map<number, string>();
  let last = -1;
  for (const line of passage.split('\n')) {
    const match = /^(\d+): ?(.*)$/s.exec(line);
    if (match) {
      last = Number(match[1]);
      sentences.set(last, match[2] ?? '');
    } else if (last >= 0) {
      sentences.set(last, `${sentences.get(last) ?? ''}\n${line}`);
    }
  }
  return sentences;
}

/** Loads one generator's explanations with the gold chains, in file order. */
export function loadFcexp(dir: string, generator: string, limit?: number): FcexpItem[] {
  const data = JSON.parse(readFileSync(join(dir, 'TransExp_data', `${generator}_full_data.json`), 'utf8')) as Record<
    string,
    RawItem
  >;
  const mapping = JSON.parse(readFileSync(join(dir, 'claim_chain_mapping.json'), 'utf8')) as Record<
    string,
    { chain: Record<string, number[]> }
  >;
  const items = Object.entries(data).map(([claimId, raw]) => ({
    claimId,
    claim: raw.claim,
    passage: parsePassage(raw.passage),
    chains: Object.values(mapping[raw.claim]?.chain ?? {}).filter((chain) => chain.length > 0),
    sentences: (raw.explanation[generator] ?? []).map(maskCitations),
  }));
  return limit === undefined ? items : items.slice(0, limit);
}

const goldSet = (item: FcexpItem) => new Set(item.chains.flat());
const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** Counts behind (a); every count is summed over claims (micro average). */
export interface CitationCounts {
  claims: number;
  /** Claims with at least one citation. */
  citing: number;
  /** (sentence, n) citations, and those whose n is in a gold chain. */
  citations: number;
  citationsInGold: number;
  /** Citations to a sentence number the ruling does not have. */
  outOfRange: number;
  goldSentences: number;
  goldCited: number;
  /** Size of, and cited sentences in, each claim's best-covered chain. */
  bestChainSentences: number;
  bestChainCited: number;
}

/** (a): the explanations' citations against the gold chains, no model. */
export function citationCounts(items: readonly FcexpItem[]): CitationCounts {
  const counts: CitationCounts = {
    claims: 0,
    citing: 0,
    citations: 0,
    citationsInGold: 0,
    outOfRange: 0,
    goldSentences: 0,
    goldCited: 0,
    bestChainSentences: 0,
    bestChainCited: 0,
  };
  for (const item of items) {
    const gold = goldSet(item);
    const pairs = item.sentences.flatMap((sentence) => sentence.citations);
    const cited = new Set(pairs);
    counts.claims += 1;
    counts.citing += pairs.length > 0 ? 1 : 0;
    counts.citations += pairs.length;
    counts.citationsInGold += pairs.filter((n) => gold.has(n)).length;
    counts.outOfRange += pairs.filter((n) => !item.passage.has(n)).length;
    counts.goldSentences += gold.size;
    counts.goldCited += [...gold].filter((n) => cited.has(n)).length;
    let best = { size: 0, hit: 0, recall: -1 };
    for (const chain of item.chains) {
      const hit = chain.filter((n) => cited.has(n)).length;
      if (hit / chain.length > best.recall) best = { size: chain.length, hit, recall: hit / chain.length };
    }
    counts.bestChainSentences += best.size;
    counts.bestChainCited += best.hit;
  }
  return counts;
}

/** Counts behind (b). */
export interface RecoveryCounts {
  explanations: number;
  /** Explanations the model attributed (the rest failed or were skipped by the model). */
  attributed: number;
  citations: number;
  supported: number;
  /** Distinct (sentence, passage) pairs recovered, and those the explanation cited. */
  recoveredPairs: number;
  recoveredPairsCited: number;
  /** Passages recovered for some sentence, those in a gold chain, and the gold sentences of attributed claims. */
  recoveredPassages: number;
  recoveredInGold: number;
  goldSentences: number;
}

/**
 * (b): masking and recovery for each explanation, one model call each (explanations in parallel; the
 * model's own concurrency limit applies). A failed explanation is counted as not attributed and reported
 * to `onError`; it adds nothing to the other counts.
 */
export async function recoveryCounts(
  ctx: ModelCallContext,
  items: readonly FcexpItem[],
  onError: (claimId: string, error: unknown) => void = () => {},
): Promise<RecoveryCounts> {
  const counts: RecoveryCounts = {
    explanations: items.length,
    attributed: 0,
    citations: 0,
    supported: 0,
    recoveredPairs: 0,
    recoveredPairsCited: 0,
    recoveredPassages: 0,
    recoveredInGold: 0,
    goldSentences: 0,
  };
  await Promise.all(
    items.map(async (item) => {
      let result;
      try {
        result = (
          await attributeCitations(ctx, [{ id: item.claimId, sentences: item.sentences, passages: item.passage }])
        ).get(item.claimId);
      } catch (error) {
        onError(item.claimId, error);
        return;
      }
      if (!result) return;
      const gold = goldSet(item);
      counts.attributed += 1;
      counts.citations += result.citations.length;
      counts.supported += result.citations.filter((check) => check.supported).length;
      counts.goldSentences += gold.size;
      if (result.recovered) {
        counts.recoveredPairs += result.recovered.length;
        counts.recoveredPairsCited += result.recovered.filter((pair) =>
          item.sentences[pair.sentenceIndex]?.citations.includes(pair.citation),
        ).length;
        const passages = new Set(result.recovered.map((pair) => pair.citation));
        counts.recoveredPassages += passages.size;
        counts.recoveredInGold += [...passages].filter((n) => gold.has(n)).length;
      }
    }),
  );
  return counts;
}

const fmt = (value: number | null) => (value === null ? '  n/a' : value.toFixed(3));
const prf = (p: number | null, r: number | null) =>
  `P ${fmt(p)}  R ${fmt(r)}  F1 ${fmt(p === null || r === null ? null : f1(p, r))}`;

export function formatCitationCounts(generator: string, c: CitationCounts): string {
  const p = ratio(c.citationsInGold, c.citations);
  return `${generator.padEnd(11)} claims ${c.claims}  citing ${c.citing}  citations ${c.citations} (${c.outOfRange} out of range)  vs gold union: ${prf(p, ratio(c.goldCited, c.goldSentences))}  best chain: ${prf(p, ratio(c.bestChainCited, c.bestChainSentences))}`;
}

function formatRecoveryCounts(generator: string, c: RecoveryCounts): string {
  const share = ratio(c.supported, c.citations);
  return `${generator.padEnd(11)} attributed ${c.attributed}/${c.explanations}  citations recovered ${c.supported}/${c.citations} (${fmt(share)})  attribution: ${prf(share, ratio(c.recoveredPairsCited, c.recoveredPairs))}  recovered vs gold: ${prf(ratio(c.recoveredInGold, c.recoveredPassages), ratio(c.recoveredInGold, c.goldSentences))}`;
}

/** A model context from the FACTLIGHT_* variables; throws a message saying what to set when there is none. */
export function modelContextFromEnv(env: NodeJS.ProcessEnv = process.env): ModelCallContext {
  try {
    const { deps, options } = pipelineFromEnv(env);
    return {
      model: deps.model,
      clock: deps.clock,
      meter: new UsageMeter(),
      cacheTtlMs: options.modelCacheTtlMs,
      ...(deps.cache ? { cache: deps.cache } : {}),
      ...(deps.modelNames ? { modelNames: deps.modelNames } : {}),
    };
  } catch (error) {
    if (!(error instanceof NotConfiguredError)) throw error;
    throw new NotConfiguredError(`--model-from-env needs a model endpoint: ${error.message}`);
  }
}

/** Runs the evaluation; `env` and `log` are parameters so tests can drive it against the loopback model. */
export async function run(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: 'string' },
      'model-from-env': { type: 'boolean' },
      limit: { type: 'string' },
      generators: { type: 'string' },
    },
  });
  const data = resolveEvalData(values.data, {
    evalName: 'attribution',
    what: 'the Transparent-FCExp data (a folder with claim_chain_mapping.json and TransExp_data/)',
    sharedDefault: 'transparent-fcexp',
    contains: ['claim_chain_mapping.json', 'TransExp_data'],
  });
  const known = availableGenerators(data);
  const generators = values.generators
    ? values.generators
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : known;
  const unknown = generators.filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new InputError(`Unknown generator(s) ${unknown.join(', ')}; available: ${known.join(', ')}`);
  const limit = values.limit ? Number(values.limit) : undefined;
  const ctx = values['model-from-env'] ? modelContextFromEnv(env) : undefined;
  const sets = generators.map((generator) => ({ generator, items: loadFcexp(data, generator, limit) }));

  log('(a) explanation citations vs PolitiHop gold evidence chains (no model; micro-averaged)');
  for (const { generator, items } of sets) log(formatCitationCounts(generator, citationCounts(items)));
  if (!ctx) {
    log('(b) masking and recovery: skipped (pass --model-from-env to run it with the configured model)');
    return;
  }
  log('(b) citation masking and recovery with the configured model');
  for (const { generator, items } of sets) {
    const counts = await recoveryCounts(ctx, items, (claimId, error) =>
      console.error(`${generator} ${claimId}: ${errorMessage(error)}`),
    );
    log(formatRecoveryCounts(generator, counts));
  }
  const usage = ctx.meter.snapshot().total;
  log(`model calls ${usage.calls}, tokens ${usage.promptTokens} prompt + ${usage.completionTokens} completion`);
}
