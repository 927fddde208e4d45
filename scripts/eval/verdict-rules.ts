/**
 * `npm run eval -- verdict-rules [--data DIR] [--benchmark FILE] [--ratings FILE]` (default data:
 * ../shared/data/factcheck-gpt/subtasks when present)
 * Feeds Factcheck-Bench's human stances (subtask 3) to Factlight's own scoring code and compares the
 * result with the human true/false labels (subtask 4): the best a perfect stance judge could reach with
 * our aggregation rules. Re-runs the table of docs/verdict-rules.md (shared) from the project's code.
 *
 * Reliability columns: each passage's URL comes from the benchmark file (`auto_evidence_url`, default
 * `<data>/../factcheck-GPT-benchmark.jsonl`) and is rated with the table the extension ships
 * (public/ratings/domains.tsv, or `--ratings`). "pc1-weighted" weighs every stance by its domain's pc1
 * (weighted-credibility.ts), unrated domains by 0.5 or by 1; "no low-rated" leaves out sources rated
 * low, as the side panel's filter does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { parseRatingsTable, rateUrl, type RatingsTable } from '../../lib/core/evidence/sources/domain-ratings';
import { scoreClaim } from '../../lib/core/score/credibility';
import type { Claim, ClaimAssessment, Stance } from '../../lib/core/types';
import { deriveVerdict } from '../../lib/core/verify/verdict';
import { resolveEvalData } from '../lib/eval-data';
import { readJsonl } from '../lib/jsonl';
import { readShippedRatings } from '../lib/ratings-file';
import { binaryScores, type Pair } from './binary-metrics';
import { weightedCredibility, type WeightedStance, weightedVerdict } from './weighted-credibility';

const STANCE: Record<string, Stance> = {
  'completely-support': 'supports',
  'partially-support': 'partially-supports',
  refute: 'refutes',
  irrelevant: 'irrelevant',
};

/** One passage's human stance, its source's pc1 (undefined: not rated by Lin et al.) and reliability band. */
interface JudgedPassage {
  stance: Stance;
  pc1: number | undefined;
  low: boolean;
}

type Rule = {
  name: string;
  isFalse: (stances: Stance[]) => boolean;
  /** The same rule on reliability-weighted stances. */
  isFalseWeighted: (judged: WeightedStance[]) => boolean;
};

/** Rules built on Factlight's scoring: its verdicts and its credibility bands. */
const RULES: Rule[] = [
  {
    name: 'Factlight verdict: refuted or disputed',
    isFalse: (s) => ['refuted', 'disputed'].includes(deriveVerdict(s)),
    isFalseWeighted: (w) => ['refuted', 'disputed'].includes(weightedVerdict(w)),
  },
  {
    name: 'Factlight verdict: refuted, disputed or no support',
    isFalse: (s) => deriveVerdict(s) !== 'supported',
    isFalseWeighted: (w) => weightedVerdict(w) !== 'supported',
  },
  {
    name: 'Factlight credibility < 0.3 (red band)',
    isFalse: (s) => (credibility(s) ?? 1) < 0.3,
    isFalseWeighted: (w) => (weightedCredibility(w) ?? 1) < 0.3,
  },
  {
    name: 'Factlight credibility < 0.6 (red or orange)',
    isFalse: (s) => (credibility(s) ?? 1) < 0.6,
    isFalseWeighted: (w) => (weightedCredibility(w) ?? 1) < 0.6,
  },
];

function credibility(stances: Stance[]): number | null {
  const claim: Claim = {
    id: 'c',
    sentenceIndex: 0,
    text: '',
    span: { start: 0, end: 0 },
    anchored: true,
    checkWorthy: true,
  };
  const assessment: ClaimAssessment = {
    claimId: 'c',
    verdict: deriveVerdict(stances),
    judgements: stances.map((stance, i) => ({ evidenceId: `e${i}`, stance, rationale: '' })),
    explanation: '',
    citedEvidenceIds: [],
  };
  return scoreClaim(claim, assessment, new Map()).score.value;
}

const key = (claim: string, passage: string) => `${claim.trim()}\u0000${passage.trim()}`;

/** Passage URLs by (claim, passage text), from the benchmark's automatically retrieved evidence. */
function loadPassageUrls(file: string): Map<string, string> {
  const urls = new Map<string, string>();
  type Sentence = { claims: string[]; auto_evidence?: string[][]; auto_evidence_url?: string[][] };
  for (const row of readJsonl(file) as Array<{ sentences: Record<string, Sentence> }>) {
    for (const sentence of Object.values(row.sentences)) {
      sentence.claims.forEach((claim, i) => {
        (sentence.auto_evidence?.[i] ?? []).forEach((passage, j) => {
          const url = sentence.auto_evidence_url?.[i]?.[j];
          if (url) urls.set(key(claim, passage), url);
        });
      });
    }
  }
  return urls;
}

function loadClaims(
  dir: string,
  urls: Map<string, string>,
  ratings: RatingsTable,
): { claims: Map<string, { judged: JudgedPassage[]; label: boolean }>; unmatched: number } {
  const byClaim = new Map<string, { judged: JudgedPassage[]; label: boolean }>();
  for (const row of readJsonl(join(dir, 'subtask4_claim_factuality.jsonl')) as Array<{
    claim: string;
    label: string;
  }>) {
    if (row.label === 'true' || row.label === 'false')
      byClaim.set(row.claim.trim(), { judged: [], label: row.label === 'false' });
  }
  let unmatched = 0;
  for (const row of readJsonl(join(dir, 'subtask3_claim_evidence_stance.jsonl')) as Array<{
    claim: string;
    evidence: string;
    stance: string;
  }>) {
    const stance = STANCE[row.stance];
    const entry = byClaim.get(row.claim.trim());
    if (!stance || !entry) continue;
    const url = urls.get(key(row.claim, row.evidence));
    if (!url) unmatched++;
    const rating = url ? rateUrl(ratings, url) : undefined;
    entry.judged.push({
      stance,
      pc1: rating?.ratings.find((r) => r.list === 'lin2023')?.score,
      low: rating?.band === 'low',
    });
  }
  return { claims: byClaim, unmatched };
}

function macroF1(pairs: Pair[]): number {
  const falseScores = binaryScores(pairs);
  const trueScores = binaryScores(pairs.map((p) => ({ predicted: !p.predicted, actual: !p.actual })));
  return (falseScores.f1 + trueScores.f1) / 2;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, benchmark: { type: 'string' }, ratings: { type: 'string' } },
  });
  const data = resolveEvalData(values.data, {
    evalName: 'verdict-rules',
    what: "Factcheck-Bench's subtask files (a folder with subtask3_claim_evidence_stance.jsonl and subtask4_claim_factuality.jsonl)",
    sharedDefault: 'factcheck-gpt/subtasks',
    contains: ['subtask3_claim_evidence_stance.jsonl', 'subtask4_claim_factuality.jsonl'],
  });
  const benchmark = values.benchmark ?? join(data, '..', 'factcheck-GPT-benchmark.jsonl');
  const ratings = values.ratings ? parseRatingsTable(readFileSync(values.ratings, 'utf8')) : readShippedRatings();
  const { claims: byClaim, unmatched } = loadClaims(data, loadPassageUrls(benchmark), ratings);
  const claims = [...byClaim.values()].filter((c) => c.judged.length > 0);
  const passages = claims.flatMap((c) => c.judged);
  const rated = passages.filter((p) => p.pc1 !== undefined);
  console.log(
    `Factcheck-Bench human stances → Factlight scoring: ${claims.length} claims, ${claims.filter((c) => c.label).length} false`,
  );
  console.log(
    `Passages: ${passages.length}, ${rated.length} on a domain with a pc1 (${((100 * rated.length) / passages.length).toFixed(0)}%), ` +
      `${passages.filter((p) => p.low).length} rated low; refuting passages rated low: ${passages.filter((p) => p.low && p.stance === 'refutes').length} of ${passages.filter((p) => p.stance === 'refutes').length}` +
      (unmatched > 0 ? `; ${unmatched} passages without a URL (unrated)` : ''),
  );
  const f = (x: number) => x.toFixed(3).padEnd(10);
  console.log('rule'.padEnd(52) + 'accuracy  false-F1  true-F1  macro-F1  | macro-F1 pc1-weighted       no low-rated');
  console.log(''.padEnd(92) + '| unrated 0.5  unrated 1');
  for (const rule of RULES) {
    const pairs: Pair[] = claims.map((c) => ({
      predicted: rule.isFalse(c.judged.map((p) => p.stance)),
      actual: c.label,
    }));
    const falseScores = binaryScores(pairs);
    const trueScores = binaryScores(pairs.map((p) => ({ predicted: !p.predicted, actual: !p.actual })));
    const weighted = (unrated: number) =>
      macroF1(
        claims.map((c) => ({
          predicted: rule.isFalseWeighted(c.judged.map((p) => ({ stance: p.stance, weight: p.pc1 ?? unrated }))),
          actual: c.label,
        })),
      );
    const withoutLow = macroF1(
      claims.map((c) => ({
        predicted: rule.isFalse(c.judged.filter((p) => !p.low).map((p) => p.stance)),
        actual: c.label,
      })),
    );
    console.log(
      rule.name.padEnd(52) +
        f(falseScores.accuracy) +
        f(falseScores.f1) +
        f(trueScores.f1) +
        f((falseScores.f1 + trueScores.f1) / 2) +
        '| ' +
        f(weighted(0.5)).padEnd(13) +
        f(weighted(1)).padEnd(15) +
        f(withoutLow),
    );
  }
}
