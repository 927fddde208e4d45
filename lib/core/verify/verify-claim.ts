/**
 * One call per claim judges all its evidence passages at once: a stance per passage, then a rationale per
 * passage, then a short explanation citing passages as [1], [2]. The verdict is derived by code from the
 * stances, which come first so that, streamed, the verdict is known while the rest is still being written.
 * Judged `byPage` (Thorough mode), each page's passages get a call of their own instead, so a page cannot
 * tell the judge how to read the other pages (judge-by-page.ts).
 */
import { z } from 'zod';

import { isCancellation } from '../errors';
import { DATA_BLOCK_RULE, dataBlock } from '../model/prompt-safety';
import {
  endsTheRun,
  type ModelCallContext,
  streamStructuredCall,
  structuredCall,
  type StructuredCallSpec,
} from '../model/structured-call';
import { textLanguageLine } from '../model/text-language';
import { BudgetExceededError } from '../model/usage-meter';
import { NOTICE_CLAIM_LENGTH, noticeKey, type RunNotice } from '../notices';
import { causeOf } from '../stage-notices';
import type { Claim, ClaimAssessment, Evidence, Judgement, RationaleCode, Stance } from '../types';
import { groupByPage, mergeGroupReplies, type PageGroup } from './judge-by-page';
import { StanceStreamParser } from './stance-stream-parser';
import { deriveVerdict } from './verdict';

const PASSAGE_CHARS = 1_500;

/** The English of our own rationales, stored beside their code for older versions and the CLI. */
const ENGLISH_RATIONALES: Readonly<Record<RationaleCode, string>> = {
  // i18n-exempt: the English kept beside `rationaleCode`; views word the code (lib/view/rationale-words.ts)
  'no-rationale': 'No rationale given by the model.',
  // i18n-exempt: the English kept beside `rationaleCode`; views word the code (lib/view/rationale-words.ts)
  'not-judged': 'Not judged by the model.',
};

const stancesSchema = z.array(
  z.object({ passage: z.number().int(), stance: z.enum(['supports', 'partially-supports', 'refutes', 'irrelevant']) }),
);
type Stances = z.infer<typeof stancesSchema>;

/**
 * Key order is writing order (strict structured outputs follow it): stances, rationales, explanation.
 * Stances name their passage (the verdict rests on them); rationales are plain strings in passage order,
 * which keeps the reply no longer than when each passage's stance and rationale shared one object.
 */
const verifySchema = z.object({
  stances: stancesSchema,
  rationales: z.array(z.string()),
  explanation: z.string(),
});
type VerifyReply = z.infer<typeof verifySchema>;

// i18n-exempt: the judge's system prompt, sent to the model (English by design)
const SYSTEM = `You are a careful fact-checker. Judge one claim against each numbered evidence passage, using only
what the passage says (not your own knowledge). First give every passage its stance:
- supports: the passage states the claim's fact;
- partially-supports: it confirms part of the claim, or confirms it only approximately;
- refutes: it states something incompatible with the claim (a different date, number, name, place…);
- irrelevant: it does not address the claim's fact.
Consider the passage's date: a passage published before an event cannot speak about it, and facts may have
changed. Then give the rationales: one sentence per passage, in passage order (one for every passage),
quoting or pointing at the words that decide its stance. Then write a short explanation (at most three sentences) of the claim's standing that cites the
passages it relies on as [1], [2]; when passages refute the claim, name what is wrong and state the correct fact.
Write the rationales and the explanation in the language of the text (named below when known), whatever the
language of the passages. ${DATA_BLOCK_RULE}`;

/** Told once, when the stances are written: the verdict, before the rationales and the explanation. */
export type OnVerdict = (early: ClaimAssessment) => void;

export interface VerifyOptions {
  /**
   * Judge each page's passages in a call of its own (one call per page, all at once through the model's
   * concurrency limit), so no page shares a prompt with another page's passages. No early verdict is
   * told: it is known only once every page is judged. A page whose call fails is left unjudged (judgedPages).
   */
  byPage?: boolean;
  /**
   * The checked text's language (BCP 47, as the claim prompt gets it), told to the judge so that the
   * rationales and the explanation people read are written in it.
   */
  language?: string;
}

function evidenceBlock(evidence: readonly Evidence[]): string {
  return evidence
    .map((item, index) => {
      const { source } = item;
      // i18n-exempt: the prompt sent to the model, English by design
      const meta = [
        source.siteName ?? source.host,
        source.sourceType,
        source.publishedAt ? `published ${source.publishedAt}` : 'date unknown',
        item.origin === 'snippet' ? 'search snippet only' : null,
      ]
        .filter(Boolean)
        .join(', ');
      return dataBlock(`PASSAGE ${index + 1}`, `${source.title} (${meta})\n${item.passage.slice(0, PASSAGE_CHARS)}`);
    })
    .join('\n');
}

/**
 * Judges a claim against its evidence (already de-duplicated and limited by the caller). With `onVerdict`
 * and a model that streams, the reply is streamed and `onVerdict` gets the verdict as soon as the stances
 * are written (an assessment marked `explaining`, without rationales or explanation); the returned
 * assessment is the whole one. A streamed reply that turns out invalid, or a stream that breaks, is asked
 * again without streaming (with the corrective retry); if that fails too the error is thrown, and the
 * caller's "could not check" replaces the early verdict.
 */
export async function verifyClaim(
  ctx: ModelCallContext,
  claim: Claim,
  sentence: string,
  evidence: readonly Evidence[],
  today: string,
  onVerdict?: OnVerdict,
  options: VerifyOptions = {},
): Promise<ClaimAssessment> {
  if (evidence.length === 0) {
    return {
      claimId: claim.id,
      verdict: 'not-enough-evidence',
      judgements: [],
      // i18n-exempt: the English kept beside `explanationCode`; views word the code (lib/view/explanation-words.ts)
      explanation: 'The enabled sources returned no evidence for this claim.',
      explanationCode: 'no-evidence',
      citedEvidenceIds: [],
    };
  }
  const groups = options.byPage ? groupByPage(evidence) : [];
  if (groups.length > 1) {
    const settled = await Promise.allSettled(
      groups.map(
        async (group) =>
          (
            await structuredCall(
              ctx,
              verifySpec(
                claim,
                sentence,
                group.positions.map((at) => evidence[at]!),
                today,
                options.language,
              ),
            )
          ).value,
      ),
    );
    const judged = judgedPages(ctx, claim, groups, settled);
    const merged = mergeGroupReplies(judged.groups, judged.replies, evidence.length);
    return assess(claim, evidence, merged.stances, merged);
  }
  const spec = verifySpec(claim, sentence, evidence, today, options.language);
  const value =
    onVerdict && ctx.model.stream
      ? await streamedReply(ctx, spec, (stances) => onVerdict(assess(claim, evidence, stances, undefined)))
      : (await structuredCall(ctx, spec)).value;
  return assess(claim, evidence, value.stances, value);
}

/**
 * The pages whose call succeeded, with their replies. One page whose call failed (refused by a content
 * filter, an invalid reply, a timeout) must not silence the others, or a hostile page could still suppress
 * the verdict: its passages stay unjudged, the check is warned once, and the verdict rests on the pages
 * that were judged. A cancelled run or a spent budget ends the claim as before, and so does a claim none of
 * whose pages could be judged (the first failure is thrown: "could not check").
 */
function judgedPages(
  ctx: ModelCallContext,
  claim: Claim,
  groups: readonly PageGroup[],
  settled: ReadonlyArray<PromiseSettledResult<VerifyReply>>,
): { groups: PageGroup[]; replies: VerifyReply[] } {
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const endsRun = failures.find(
    (error) => isCancellation(error) || error instanceof BudgetExceededError || ctx.signal?.aborted,
  );
  if (endsRun !== undefined) throw endsRun;
  if (failures.length === settled.length) throw failures[0];
  const judged = { groups: [] as PageGroup[], replies: [] as VerifyReply[] };
  settled.forEach((result, index) => {
    if (result.status !== 'fulfilled') return;
    judged.groups.push(groups[index]!);
    judged.replies.push(result.value);
  });
  if (failures.length > 0) {
    const notice: RunNotice = {
      code: 'pages-not-judged',
      failed: failures.length,
      total: settled.length,
      claim: claim.text.slice(0, NOTICE_CLAIM_LENGTH),
      ...causeOf(failures[0]),
    };
    ctx.onWarning?.(noticeKey(notice), notice);
  }
  return judged;
}

/** The judge's request about these passages, numbered 1…n as given. */
function verifySpec(
  claim: Claim,
  sentence: string,
  evidence: readonly Evidence[],
  today: string,
  language: string | undefined,
): StructuredCallSpec<VerifyReply> {
  return {
    stage: 'verify',
    role: 'strong',
    name: 'claim_verification',
    schema: verifySchema,
    // i18n-exempt: the prompt sent to the model, English by design
    messages: [
      { role: 'system', content: `${SYSTEM}\nToday's date: ${today}.` },
      {
        role: 'user',
        content: [
          textLanguageLine(language),
          dataBlock('CLAIM', claim.text),
          dataBlock('SENTENCE IT COMES FROM', sentence),
          evidenceBlock(evidence),
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ],
  };
}

/** The streamed call, or the plain one when the stream breaks or its reply is invalid. */
async function streamedReply(
  ctx: ModelCallContext,
  spec: StructuredCallSpec<VerifyReply>,
  onStances: (stances: Stances) => void,
): Promise<VerifyReply> {
  const parser = new StanceStreamParser(stancesSchema, onStances);
  try {
    const result = await streamStructuredCall(ctx, spec, (delta) => parser.write(delta));
    if (result.ok) return result.value;
  } catch (error) {
    // A budget stop or cancellation ends the run: nothing is asked again.
    if (endsTheRun(error, ctx.signal)) throw error;
  }
  return (await structuredCall(ctx, spec)).value;
}

/**
 * The assessment from the judge's stances and, once written, the rest of its reply (`reply`); without it
 * the assessment is the early one: verdict and stances, marked `explaining`.
 */
function assess(
  claim: Claim,
  evidence: readonly Evidence[],
  stances: Stances,
  reply: VerifyReply | undefined,
): ClaimAssessment {
  const stanceOf = new Map(stances.map((judged) => [judged.passage, judged.stance]));
  // Rationales are matched to passages by position, so only a list with one for every passage is used.
  const rationales = reply?.rationales.length === evidence.length ? reply.rationales.map((text) => text.trim()) : [];
  const judgements: Judgement[] = evidence.map((item, index) => {
    // A passage the judge skipped says nothing for or against: it counts as irrelevant, openly.
    const stance: Stance | undefined = stanceOf.get(index + 1);
    if (!reply) return { evidenceId: item.id, stance: stance ?? 'irrelevant', rationale: '' };
    const written = rationales[index];
    if (stance && written) return { evidenceId: item.id, stance, rationale: written };
    // A judged passage whose rationale is missing keeps its stance and says so, rather than inventing one: our
    // words, as a code the views word in the interface language, its English beside it.
    const rationaleCode: RationaleCode = stance ? 'no-rationale' : 'not-judged';
    return {
      evidenceId: item.id,
      stance: stance ?? 'irrelevant',
      rationale: ENGLISH_RATIONALES[rationaleCode],
      rationaleCode,
    };
  });
  return {
    claimId: claim.id,
    verdict: deriveVerdict(judgements.map((judgement) => judgement.stance)),
    judgements,
    explanation: reply?.explanation.trim() ?? '',
    citedEvidenceIds: evidence.map((item) => item.id),
    ...(reply ? {} : { explaining: true as const }),
  };
}
