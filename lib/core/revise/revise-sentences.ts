/**
 * Minimal revisions (FLEEK): every sentence with a refuted or disputed claim gets an edit that fixes only
 * the wrong facts. The model names each replacement (`from` → `to`, with the passages behind it) and the
 * revised sentence is built by applying them to the original, so everything else stays word for word by
 * construction. One call covers every sentence of a check.
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../model/structured-call';
import { textLanguageLine } from '../model/text-language';
import type { Claim, ClaimAssessment, Evidence, Revision, RevisionChange, Sentence } from '../types';

const PASSAGE_CHARS = 800;

const reviseSchema = z.object({
  sentences: z.array(
    z.object({
      id: z.number().int(),
      changes: z.array(z.object({ from: z.string(), to: z.string(), passages: z.array(z.number().int()) })),
    }),
  ),
});

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You correct factual errors in sentences with the smallest possible edits.
For each numbered sentence you get its wrong claims and the evidence passages about them. Return the edits
as replacements: "from" is an exact, contiguous span of the sentence (copied character for character) that
is wrong, "to" is its correction, and "passages" are the numbers of the passages that support the correction.
Change only what the evidence shows to be wrong; keep every other word, the style and the language. If the
evidence does not say what is right, make no change for that part. Write each correction ("to") in the language
of the text (named below when known), whatever the language of the passages. ${DATA_BLOCK_RULE}`;

export interface SentenceToRevise {
  sentence: Sentence;
  claims: Array<{ claim: Claim; assessment: ClaimAssessment }>;
}

/** Picks sentences that have a refuted or disputed claim. */
export function sentencesNeedingRevision(
  sentences: readonly Sentence[],
  claims: readonly Claim[],
  assessments: ReadonlyMap<string, ClaimAssessment>,
): SentenceToRevise[] {
  return sentences
    .map((sentence) => ({
      sentence,
      claims: claims
        .filter((claim) => claim.sentenceIndex === sentence.index)
        .map((claim) => ({ claim, assessment: assessments.get(claim.id) }))
        .filter(
          (entry): entry is { claim: Claim; assessment: ClaimAssessment } =>
            entry.assessment?.verdict === 'refuted' || entry.assessment?.verdict === 'disputed',
        ),
    }))
    .filter((entry) => entry.claims.length > 0);
}

/** Applies replacements left to right; a `from` not found in the sentence is dropped (never invented). */
export function applyChanges(
  original: string,
  changes: ReadonlyArray<{ from: string; to: string; evidenceIds: string[] }>,
): { revised: string; applied: RevisionChange[] } {
  let revised = original;
  let cursor = 0;
  const applied: RevisionChange[] = [];
  for (const change of changes) {
    if (!change.from || change.from === change.to) continue;
    const at =
      revised.indexOf(change.from, cursor) >= 0 ? revised.indexOf(change.from, cursor) : revised.indexOf(change.from);
    if (at < 0) continue;
    revised = revised.slice(0, at) + change.to + revised.slice(at + change.from.length);
    cursor = at + change.to.length;
    applied.push({ from: change.from, to: change.to, evidenceIds: change.evidenceIds });
  }
  return { revised, applied };
}

/**
 * Revises every sentence that needs it in one call.
 *
 * @param language the checked text's language (BCP 47), named to the model so the corrections people read
 * are written in it, not in the language of the passages.
 */
export async function reviseSentences(
  ctx: ModelCallContext,
  targets: readonly SentenceToRevise[],
  evidence: readonly Evidence[],
  language?: string,
): Promise<Revision[]> {
  if (targets.length === 0) return [];
  const evidenceById = new Map(evidence.map((item) => [item.id, item]));
  const numbered: Evidence[] = [];
  const number = (item: Evidence) => {
    const existing = numbered.indexOf(item);
    if (existing >= 0) return existing + 1;
    numbered.push(item);
    return numbered.length;
  };
  const blocks = targets.map(({ sentence, claims }) => {
    const lines = claims.map(({ claim, assessment }) => {
      const relevant = assessment.judgements.filter((judgement) => judgement.stance !== 'irrelevant');
      const refs = relevant
        .map((judgement) => evidenceById.get(judgement.evidenceId))
        .filter((item): item is Evidence => Boolean(item))
        .map((item) => `[${number(item)}]`);
      return `- wrong claim: ${claim.text} (${assessment.verdict}; evidence ${refs.join(' ') || 'none'}). ${assessment.explanation}`;
    });
    return dataBlock(`SENTENCE ${sentence.index}`, `${sentence.text}\n${lines.join('\n')}`);
  });
  const passages = numbered.map((item, index) =>
    dataBlock(`PASSAGE ${index + 1}`, `${item.source.title}: ${item.passage.slice(0, PASSAGE_CHARS)}`),
  );
  const { value } = await structuredCall(ctx, {
    stage: 'revise',
    role: 'strong',
    name: 'minimal_revisions',
    schema: reviseSchema,
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: [textLanguageLine(language), ...blocks, ...passages].filter(Boolean).join('\n\n') },
    ],
  });
  const byId = new Map(value.sentences.map((entry) => [entry.id, entry.changes]));
  const revisions: Revision[] = [];
  for (const { sentence } of targets) {
    const changes = (byId.get(sentence.index) ?? []).map((change) => ({
      from: change.from,
      to: change.to,
      evidenceIds: change.passages.map((n) => numbered[n - 1]?.id).filter((id): id is string => Boolean(id)),
    }));
    const { revised, applied } = applyChanges(sentence.text, changes);
    if (applied.length > 0)
      revisions.push({ sentenceIndex: sentence.index, original: sentence.text, revised, changes: applied });
  }
  return revisions;
}
