/** Evidence as the explanation prompts show it: numbered like the explanation's [n] markers. */
import { dataBlock } from '../../model/prompt-safety';
import type { ClaimAssessment, Evidence, Stance } from '../../types';

/** One passage with its number in the explanation and, when judged, its stance towards the claim. */
export interface NumberedPassage {
  n: number;
  evidence: Evidence;
  stance?: Stance;
}

/** The assessment's evidence in `citedEvidenceIds` order, so passage n is what the explanation's [n] cites. */
export function numberedEvidence(
  assessment: ClaimAssessment,
  evidenceById: ReadonlyMap<string, Evidence>,
): NumberedPassage[] {
  const stances = new Map(assessment.judgements.map((judgement) => [judgement.evidenceId, judgement.stance]));
  const passages: NumberedPassage[] = [];
  assessment.citedEvidenceIds.forEach((id, index) => {
    const evidence = evidenceById.get(id);
    const stance = stances.get(id);
    if (evidence) passages.push({ n: index + 1, evidence, ...(stance ? { stance } : {}) });
  });
  return passages;
}

/** Caller-supplied evidence (no judgements yet), numbered from 1. */
export function numberedList(evidence: readonly Evidence[]): NumberedPassage[] {
  return evidence.map((item, index) => ({ n: index + 1, evidence: item }));
}

/**
 * Data blocks for the passages, each preceded by a line of our own (trusted) metadata: its number, the
 * judge's stance and whether only a search snippet was read. `prefix` keeps block ids unique when several
 * claims share one prompt.
 */
export function passageBlocks(passages: readonly NumberedPassage[], maxChars: number, prefix = ''): string {
  return passages
    .map(({ n, evidence, stance }) => {
      // i18n-exempt: a prompt sent to the model, English by design
      const meta = [stance ? `judged: ${stance}` : null, evidence.origin === 'snippet' ? 'search snippet only' : null]
        .filter(Boolean)
        .join('; ');
      const header = `Passage [${n}]${meta ? ` (${meta})` : ''}:`;
      return `${header}\n${dataBlock('PASSAGE', `${evidence.source.title}\n${evidence.passage.slice(0, maxChars)}`, `${prefix}${n}`)}`;
    })
    .join('\n');
}
