/**
 * Thorough mode: a debate between two critics refines the explanation (and the sentence revision) of a
 * refuted or disputed claim. Round 1 opens with an independent review by each critic; every round then
 * has each critic read the other's issues and revise its own, endorsing the points it accepts. The debate
 * stops when both say they agree or their lists are the same, or at `maxRounds`. A refiner then rewrites
 * the explanation and revision with the agreed feedback only: points one critic raised and the other
 * endorsed (or the shared list). No agreed point, no refiner call, nothing changed.
 *
 * Model calls per claim (stage 'debate'): 2 reviews, + 2 per exchange, + 1 refiner when there is agreed
 * feedback; at most 2 + 2·maxRounds + 1 (9 with the default 3 rounds), at least 2.
 */
import type { z } from 'zod';

import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import type { RunNotice } from '../../notices';
import { applyChanges } from '../../revise/revise-sentences';
import { causeOf, stageWarning } from '../../stage-notices';
import { renumberCitations } from '../../text/citation-markers';
import type { Claim, ClaimAssessment, Evidence, Revision } from '../../types';
import {
  type CriticName,
  criticSystem,
  debateContext,
  EXCHANGE_RULES,
  exchangeSchema,
  issuesBlock,
  REFINER_SYSTEM,
  refineSchema,
  reviewSchema,
} from './debate-prompts';
import { numberedEvidence, type NumberedPassage } from './explain-evidence';
import type { Refinement } from './types';

export const DEFAULT_MAX_ROUNDS = 3;

export interface ClaimToRefine {
  claim: Claim;
  assessment: ClaimAssessment;
  /** Evidence of the check (or of the claim); looked up by the assessment's `citedEvidenceIds`. */
  evidence: readonly Evidence[];
  /** The revision of the claim's sentence, when it has one. */
  revision?: Revision;
}

export interface RefineOptions {
  maxRounds?: number;
  /** The checked text's language (BCP 47): the critics' issues and the refined explanation are written in it. */
  language?: string;
}

export interface RefineClaimsOptions extends RefineOptions {
  /**
   * Told about each claim the debate could not refine: the warning's English words and code
   * (lib/core/stage-notices.ts); `error` is what failed (e.g. a BudgetExceededError).
   */
  onWarning?: (message: string, notice: RunNotice, claimId: string, error: unknown) => void;
}

interface Position {
  issues: string[];
}

const normalise = (issue: string) =>
  issue
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.;:!\s]+$/, '')
    .trim();

/** Whether two issue lists say the same, ignoring case, spacing, final punctuation and order. */
export function sameIssues(a: readonly string[], b: readonly string[]): boolean {
  const left = [...new Set(a.map(normalise))].sort();
  const right = [...new Set(b.map(normalise))].sort();
  return left.length === right.length && left.every((issue, index) => issue === right[index]);
}

/** Issues with blanks and (normalised) duplicates removed, first wording kept. */
export function distinctIssues(issues: Iterable<string>): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const issue of issues) {
    const key = normalise(issue);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(issue.trim());
  }
  return result;
}

/** The items of `issues` whose 1-based numbers are in `endorsed`. */
function endorsedItems(issues: readonly string[], endorsed: readonly number[]): string[] {
  return [...new Set(endorsed)].filter((n) => n >= 1 && n <= issues.length).map((n) => issues[n - 1]!);
}

/**
 * Both critics' calls, settled before returning: a failure of one is thrown only after the other ended,
 * so no call of a failed claim is still running (and counting usage) after `refineClaim` has thrown.
 */
async function both<T, U>(first: Promise<T>, second: Promise<U>): Promise<[T, U]> {
  const [a, b] = await Promise.allSettled([first, second]);
  if (a.status === 'rejected') throw a.reason;
  if (b.status === 'rejected') throw b.reason;
  return [a.value, b.value];
}

/** Removes [n] markers that point at no passage, so a refined explanation never cites what is not there. */
function dropUnknownCitations(text: string, passages: readonly NumberedPassage[]): string {
  return renumberCitations(text, (n) => (passages.some((passage) => passage.n === n) ? n : undefined));
}

/** Debates and refines one claim. Throws when a model call fails. */
export async function refineClaim(
  ctx: ModelCallContext,
  item: ClaimToRefine,
  options: RefineOptions = {},
): Promise<Refinement> {
  const maxRounds = Math.max(1, options.maxRounds ?? DEFAULT_MAX_ROUNDS);
  const passages = numberedEvidence(item.assessment, new Map(item.evidence.map((entry) => [entry.id, entry])));
  const context = debateContext(item.claim, item.assessment, passages, item.revision, options.language);
  const ask = async <T>(critic: CriticName, name: string, schema: z.ZodType<T>, extra: string): Promise<T> =>
    (
      await structuredCall(ctx, {
        stage: 'debate',
        role: 'strong',
        name,
        schema,
        messages: [
          { role: 'system', content: criticSystem(critic) },
          { role: 'user', content: extra ? `${context}\n\n${extra}` : context },
        ],
      })
    ).value;

  const clean = (position: Position): Position => ({ issues: distinctIssues(position.issues) });
  let [a, b] = (
    await both(ask('A', 'debate_review', reviewSchema, ''), ask('B', 'debate_review', reviewSchema, ''))
  ).map(clean) as [Position, Position];
  let rounds = 1;
  let agreed = sameIssues(a.issues, b.issues);
  let feedback = agreed ? a.issues : [];
  for (let round = 1; !agreed && round <= maxRounds; round++) {
    rounds = round;
    const exchange = (critic: CriticName, own: Position, other: Position) =>
      ask(
        critic,
        'debate_exchange',
        exchangeSchema,
        `${issuesBlock('YOUR ISSUES', own.issues)}\n${issuesBlock('OTHER REVIEWER ISSUES', other.issues)}\n${EXCHANGE_RULES}`,
      );
    const [fromA, fromB] = await both(exchange('A', a, b), exchange('B', b, a));
    // What each critic endorsed of the list it was shown: points both critics stand behind.
    feedback = distinctIssues([...endorsedItems(a.issues, fromB.endorsed), ...endorsedItems(b.issues, fromA.endorsed)]);
    [a, b] = [clean(fromA), clean(fromB)];
    if (sameIssues(a.issues, b.issues)) {
      agreed = true;
      feedback = a.issues;
    } else if (fromA.agree && fromB.agree) {
      agreed = true;
    }
  }

  const before = {
    claimId: item.claim.id,
    rounds,
    agreed,
    feedback,
    explanationBefore: item.assessment.explanation,
    ...(item.revision ? { revisionBefore: item.revision.revised } : {}),
  };
  if (feedback.length === 0) {
    return {
      ...before,
      explanationAfter: item.assessment.explanation,
      ...(item.revision ? { revisionAfter: item.revision.revised } : {}),
    };
  }
  const { value } = await structuredCall(ctx, {
    stage: 'debate',
    role: 'strong',
    name: 'debate_refine',
    schema: refineSchema,
    messages: [
      { role: 'system', content: REFINER_SYSTEM },
      { role: 'user', content: `${context}\n\n${issuesBlock('AGREED FEEDBACK', feedback)}` },
    ],
  });
  const explanationAfter = dropUnknownCitations(value.explanation, passages) || item.assessment.explanation;
  const revisionAfter = item.revision
    ? applyChanges(
        item.revision.revised,
        value.changes.map((change) => ({ ...change, evidenceIds: [] })),
      ).revised
    : undefined;
  return { ...before, explanationAfter, ...(revisionAfter !== undefined ? { revisionAfter } : {}) };
}

/**
 * Refines every refuted or disputed claim of `items` (others are skipped), claims in parallel (the model's
 * concurrency limit applies). Never throws: a claim whose debate fails is left unrefined and reported to
 * `onWarning`. Returns the refinements in `items` order.
 */
export async function refineClaims(
  ctx: ModelCallContext,
  items: readonly ClaimToRefine[],
  options: RefineClaimsOptions = {},
): Promise<Refinement[]> {
  const eligible = items.filter(
    (item) => item.assessment.verdict === 'refuted' || item.assessment.verdict === 'disputed',
  );
  const results = await Promise.all(
    eligible.map(async (item) => {
      try {
        return await refineClaim(ctx, item, options);
      } catch (error) {
        const [message, notice] = stageWarning({
          code: 'explanation-not-refined',
          claim: item.claim.text,
          ...causeOf(error),
        });
        options.onWarning?.(message, notice, item.claim.id, error);
        return undefined;
      }
    }),
  );
  return results.filter((result): result is Refinement => result !== undefined);
}
