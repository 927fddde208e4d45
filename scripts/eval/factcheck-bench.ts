/**
 * `npm run eval -- factcheck-bench --data FILE [--limit N] [--live]`
 * Factcheck-Bench (94 ChatGPT answers with human labels per sentence and per claim).
 * Default: Factlight's judge and verdict rules on the dataset's own claims and its five retrieved passages
 * per claim (needs only a model endpoint): claim-level and sentence-level precision/recall/F1 for finding
 * false claims and sentences. `--live`: the whole pipeline on each answer with the configured search
 * providers, scored at sentence level (our claims do not align one-to-one with the human ones).
 * Model settings come from the same environment variables as `npm run check`.
 */
import { parseArgs } from 'node:util';

import { errorMessage } from '../../lib/core/errors';
import { UsageMeter } from '../../lib/core/model/usage-meter';
import { runCheck } from '../../lib/core/pipeline';
import type { PipelineDeps, PipelineOptions } from '../../lib/core/pipeline-types';
import { hostOf } from '../../lib/core/text/hosts';
import type { Claim, Evidence } from '../../lib/core/types';
import { verifyClaim } from '../../lib/core/verify/verify-claim';
import { pipelineFromEnv } from '../lib/env-settings';
import { resolveEvalData } from '../lib/eval-data';
import { readJsonl } from '../lib/jsonl';
import { binaryScores, formatScores, type Pair } from './binary-metrics';

interface BenchSentence {
  text: string;
  sentence_factuality_label: boolean;
  claims: string[];
  claims_factuality_label: boolean[];
  auto_evidence: string[][];
  auto_evidence_url: string[][];
}
interface BenchItem {
  response: string;
  sentences: Record<string, BenchSentence>;
}

export function loadBench(file: string, limit?: number): BenchItem[] {
  const items = readJsonl(file) as BenchItem[];
  return limit ? items.slice(0, limit) : items;
}

const isFalse = (verdict: string) => verdict === 'refuted' || verdict === 'disputed';

/** Judges each human claim against the dataset's passages. Pairs are (predicted false, actually false). */
export async function evaluateWithDatasetEvidence(
  items: BenchItem[],
  deps: PipelineDeps,
  options: PipelineOptions,
): Promise<{ claims: Pair[]; sentences: Pair[] }> {
  const ctx = {
    model: deps.model,
    clock: deps.clock,
    meter: new UsageMeter(),
    cacheTtlMs: options.modelCacheTtlMs,
    ...(deps.cache ? { cache: deps.cache } : {}),
  };
  const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
  const claimPairs: Pair[] = [];
  const sentencePairs: Pair[] = [];
  for (const [itemIndex, item] of items.entries()) {
    for (const [sentenceKey, sentence] of Object.entries(item.sentences)) {
      // A few sentences carry "NA" instead of a label: they were not judged, so they are not scored.
      if (typeof sentence.sentence_factuality_label !== 'boolean') continue;
      const predictions = await Promise.all(
        sentence.claims.map(async (text, claimIndex) => {
          const claim: Claim = {
            id: `${itemIndex}-${sentenceKey}-${claimIndex}`,
            sentenceIndex: 0,
            text,
            span: { start: 0, end: 0 },
            anchored: false,
            checkWorthy: true,
          };
          const evidence: Evidence[] = (sentence.auto_evidence[claimIndex] ?? []).map((passage, e) => {
            const url = sentence.auto_evidence_url[claimIndex]?.[e] ?? '';
            // Named as the product names a source's site; some rows have no URL.
            const host = hostOf(url) ?? '';
            return {
              id: `${claim.id}:e${e}`,
              claimId: claim.id,
              passage,
              origin: 'page',
              source: { url, host, title: host || 'passage', provider: 'searxng', sourceType: 'other' },
            };
          });
          try {
            return isFalse((await verifyClaim(ctx, claim, sentence.text, evidence, today)).verdict);
          } catch (error) {
            console.error(`claim ${claim.id}: ${errorMessage(error)}`);
            return false;
          }
        }),
      );
      predictions.forEach((predicted, i) => {
        const label = sentence.claims_factuality_label[i];
        if (typeof label === 'boolean') claimPairs.push({ predicted, actual: label === false });
      });
      sentencePairs.push({
        predicted: predictions.some(Boolean),
        actual: sentence.sentence_factuality_label === false,
      });
    }
  }
  return { claims: claimPairs, sentences: sentencePairs };
}

/**
 * The whole pipeline per answer; a human sentence is predicted false when an overlapping sentence of ours has a false
 * claim.
 */
export async function evaluateLive(
  items: BenchItem[],
  deps: PipelineDeps,
  options: PipelineOptions,
): Promise<{ sentences: Pair[] }> {
  const pairs: Pair[] = [];
  for (const item of items) {
    const result = await runCheck(item.response, deps, options);
    const falseSentences = new Set(
      result.claims
        .filter((c) => isFalse(result.assessments.find((a) => a.claimId === c.id)?.verdict ?? ''))
        .map((c) => c.sentenceIndex),
    );
    for (const sentence of Object.values(item.sentences)) {
      if (typeof sentence.sentence_factuality_label !== 'boolean') continue;
      const at = item.response.indexOf(sentence.text.trim().slice(0, 40));
      const ours = result.sentences.filter((s) => at >= 0 && s.start < at + sentence.text.length && s.end > at);
      pairs.push({
        predicted: ours.some((s) => falseSentences.has(s.index)),
        actual: sentence.sentence_factuality_label === false,
      });
    }
  }
  return { sentences: pairs };
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, limit: { type: 'string' }, live: { type: 'boolean' } },
  });
  const data = resolveEvalData(values.data, {
    evalName: 'factcheck-bench',
    what: 'the Factcheck-Bench file factcheck-GPT-benchmark.jsonl',
    sharedDefault: 'factcheck-gpt/factcheck-GPT-benchmark.jsonl',
  });
  const items = loadBench(data, values.limit ? Number(values.limit) : undefined);
  const { deps, options } = pipelineFromEnv();
  console.log(
    `Factcheck-Bench: ${items.length} answers, ${values.live ? 'whole pipeline (live search)' : "dataset's claims and passages"}; positive class = false`,
  );
  if (values.live) {
    console.log(formatScores('sentences', binaryScores((await evaluateLive(items, deps, options)).sentences)));
  } else {
    const { claims, sentences } = await evaluateWithDatasetEvidence(items, deps, options);
    console.log(formatScores('claims', binaryScores(claims)));
    console.log(formatScores('sentences', binaryScores(sentences)));
  }
}
