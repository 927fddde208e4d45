import { z } from 'zod';
import { dataBlock, DATA_BLOCK_RULE } from '../model/prompt-safety';
import { structuredCall, type ModelCallContext } from '../model/structured-call';
import { deriveVerdict } from '../scoring/verdict';
import type { Claim, ClaimAssessment, Evidence, Judgement, Stance } from '../types';

/**
 * One call per claim judges all its evidence passages at once: a stance and a rationale per passage,
 * and a short explanation citing passages as [1], [2]. The verdict is derived by code from the stances.
 */
const PASSAGE_CHARS = 1_500;

const verifySchema = z.object({
  judgements: z.array(
    z.object({
      passage: z.number().int(),
      stance: z.enum(['supports', 'partially-supports', 'refutes', 'irrelevant']),
      rationale: z.string(),
    }),
  ),
  explanation: z.string(),
});

const SYSTEM = `You are a careful fact-checker. Judge one claim against each numbered evidence passage, using only
what the passage says (not your own knowledge):
- supports: the passage states the claim's fact;
- partially-supports: it confirms part of the claim, or confirms it only approximately;
- refutes: it states something incompatible with the claim (a different date, number, name, place…);
- irrelevant: it does not address the claim's fact.
Give each passage a one-sentence rationale quoting or pointing at the words that decide. Consider the
passage's date: a passage published before an event cannot speak about it, and facts may have changed.
Then write a short explanation (at most three sentences) of the claim's standing that cites the passages it
relies on as [1], [2]; when passages refute the claim, name what is wrong and state the correct fact.
${DATA_BLOCK_RULE}`;

function evidenceBlock(evidence: readonly Evidence[]): string {
  return evidence
    .map((item, index) => {
      const { source } = item;
      const meta = [source.siteName ?? source.host, source.sourceType, source.publishedAt ? `published ${source.publishedAt}` : 'date unknown', item.origin === 'snippet' ? 'search snippet only' : null]
        .filter(Boolean)
        .join(', ');
      return dataBlock(`PASSAGE ${index + 1}`, `${source.title} (${meta})\n${item.passage.slice(0, PASSAGE_CHARS)}`);
    })
    .join('\n');
}

/** Judges a claim against its evidence (already de-duplicated and limited by the caller). */
export async function verifyClaim(ctx: ModelCallContext, claim: Claim, sentence: string, evidence: readonly Evidence[], today: string): Promise<ClaimAssessment> {
  if (evidence.length === 0) {
    return { claimId: claim.id, verdict: 'not-enough-evidence', judgements: [], explanation: 'The enabled sources returned no evidence for this claim.', citedEvidenceIds: [] };
  }
  const { value } = await structuredCall(ctx, {
    stage: 'verify',
    role: 'strong',
    name: 'claim_verification',
    schema: verifySchema,
    messages: [
      { role: 'system', content: `${SYSTEM}\nToday's date: ${today}.` },
      {
        role: 'user',
        content: [dataBlock('CLAIM', claim.text), dataBlock('SENTENCE IT COMES FROM', sentence), evidenceBlock(evidence)].join('\n\n'),
      },
    ],
  });
  const byPassage = new Map(value.judgements.map((judgement) => [judgement.passage, judgement]));
  const judgements: Judgement[] = evidence.map((item, index) => {
    const judged = byPassage.get(index + 1);
    // A passage the judge skipped says nothing for or against: it counts as irrelevant, openly.
    const stance: Stance = judged?.stance ?? 'irrelevant';
    return { evidenceId: item.id, stance, rationale: judged?.rationale.trim() || 'Not judged by the model.' };
  });
  return {
    claimId: claim.id,
    verdict: deriveVerdict(judgements.map((judgement) => judgement.stance)),
    judgements,
    explanation: value.explanation.trim(),
    citedEvidenceIds: evidence.map((item) => item.id),
  };
}
