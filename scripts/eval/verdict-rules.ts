/**
 * `npm run eval -- verdict-rules [--data DIR]` (default: ../shared/data/factcheck-gpt/subtasks when present)
 * Feeds Factcheck-Bench's human stances (subtask 3) to Factlight's own scoring code and compares the
 * result with the human true/false labels (subtask 4): the best a perfect stance judge could reach with
 * our aggregation rules. Re-runs the table of docs/verdict-rules.md (shared) from the project's code.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { scoreClaim } from '../../lib/core/scoring/score';
import { deriveVerdict } from '../../lib/core/scoring/verdict';
import type { Claim, ClaimAssessment, Stance } from '../../lib/core/types';
import { resolveEvalData } from '../lib/eval-data';
import { readJsonl } from '../lib/jsonl';
import { binaryScores, type Pair } from './binary-metrics';

const STANCE: Record<string, Stance> = { 'completely-support': 'supports', 'partially-support': 'partially-supports', refute: 'refutes', irrelevant: 'irrelevant' };

type Rule = { name: string; isFalse: (stances: Stance[]) => boolean };

/** Rules built on Factlight's scoring: its verdicts and its credibility bands. */
const RULES: Rule[] = [
  { name: 'Factlight verdict: refuted or disputed', isFalse: (s) => ['refuted', 'disputed'].includes(deriveVerdict(s)) },
  { name: 'Factlight verdict: refuted, disputed or no support', isFalse: (s) => deriveVerdict(s) !== 'supported' },
  { name: 'Factlight credibility < 0.3 (red band)', isFalse: (s) => (credibility(s) ?? 1) < 0.3 },
  { name: 'Factlight credibility < 0.6 (red or orange)', isFalse: (s) => (credibility(s) ?? 1) < 0.6 },
];

function credibility(stances: Stance[]): number | null {
  const claim: Claim = { id: 'c', sentenceIndex: 0, text: '', span: { start: 0, end: 0 }, anchored: true, checkWorthy: true };
  const assessment: ClaimAssessment = { claimId: 'c', verdict: deriveVerdict(stances), judgements: stances.map((stance, i) => ({ evidenceId: `e${i}`, stance, rationale: '' })), explanation: '', citedEvidenceIds: [] };
  return scoreClaim(claim, assessment, new Map()).score.value;
}

function loadStances(dir: string): Map<string, { stances: Stance[]; label: boolean }> {
  const byClaim = new Map<string, { stances: Stance[]; label: boolean }>();
  for (const row of readJsonl(join(dir, 'subtask4_claim_factuality.jsonl')) as Array<{ claim: string; label: string }>) {
    if (row.label === 'true' || row.label === 'false') byClaim.set(row.claim.trim(), { stances: [], label: row.label === 'false' });
  }
  for (const row of readJsonl(join(dir, 'subtask3_claim_evidence_stance.jsonl')) as Array<{ claim: string; stance: string }>) {
    const stance = STANCE[row.stance];
    if (stance) byClaim.get(row.claim.trim())?.stances.push(stance);
  }
  return byClaim;
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' } } });
  const data = resolveEvalData(values.data, {
    evalName: 'verdict-rules',
    what: "Factcheck-Bench's subtask files (a folder with subtask3_claim_evidence_stance.jsonl and subtask4_claim_factuality.jsonl)",
    sharedDefault: 'factcheck-gpt/subtasks',
    contains: ['subtask3_claim_evidence_stance.jsonl', 'subtask4_claim_factuality.jsonl'],
  });
  const claims = [...loadStances(data).values()].filter((c) => c.stances.length > 0);
  console.log(`Factcheck-Bench human stances → Factlight scoring: ${claims.length} claims, ${claims.filter((c) => c.label).length} false`);
  console.log('rule'.padEnd(52) + 'accuracy  false-F1  true-F1  macro-F1');
  for (const rule of RULES) {
    const pairs: Pair[] = claims.map((c) => ({ predicted: rule.isFalse(c.stances), actual: c.label }));
    const falseScores = binaryScores(pairs);
    const trueScores = binaryScores(pairs.map((p) => ({ predicted: !p.predicted, actual: !p.actual })));
    const f = (x: number) => x.toFixed(3).padEnd(10);
    console.log(rule.name.padEnd(52) + f(falseScores.accuracy) + f(falseScores.f1) + f(trueScores.f1) + f((falseScores.f1 + trueScores.f1) / 2));
  }
}
