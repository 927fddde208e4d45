/**
 * The pipeline's steps after the verdicts that concern explanations and the text's own links: the link
 * audit (started at once, it needs only the sentences), the Thorough mode's debate refinement, and the
 * FinGrAct / citation-attribution scoring of the final explanations. Each step is contained: a failure
 * becomes a warning and leaves the check's verdicts untouched.
 */
import type { ModelCallContext } from '../model/structured-call';
import type { RunNotice } from '../notices';
import type { PipelineDeps, PipelineOptions } from '../pipeline-types';
import type { Cache, PageFetcher } from '../ports';
import { causeOf, stageWarning } from '../stage-notices';
import type { Claim, ClaimAssessment, Evidence, Revision, Sentence } from '../types';
import { attributeCitations } from './explanations/attribute-citations';
import { refineClaims } from './explanations/debate-refine';
import { explanationsToScore, scoreExplanations } from './explanations/score-explanations';
import type { ActionabilityScore, AttributionResult, Refinement } from './explanations/types';
import { auditLinks, type LinkAuditDeps } from './links/audit-links';
import { findLinks } from './links/find-links';
import type { CitedLink, LinkAudit } from './links/types';

/**
 * Links audited per run (a check's text, a rated explanation), in text order. A link directory pasted as
 * text would otherwise mean hundreds of fetches and a judgement prompt too long for small models; the rest
 * are named in a warning.
 */
export const MAX_AUDITED_LINKS = 30;

export interface QualityContext {
  ctx: ModelCallContext;
  deps: PipelineDeps;
  options: PipelineOptions;
  /** The check's page fetcher (concurrency-limited and counted). */
  fetcher: PageFetcher;
  /** The language the text was split in (a best guess): for splitting pages and explanations. */
  language: string;
  /** The language named to the model (`promptLanguage`): only one declared or reliably guessed. */
  promptLanguage?: string;
  /** A warning: its English words and its code (lib/core/stage-notices.ts). */
  warn: (message: string, notice: RunNotice) => void;
}

/** The link audit's ports, from the run's (limited, counted) fetcher and cache and the pipeline's adapters. */
function linkAuditDeps(deps: PipelineDeps, fetcher: PageFetcher, cache: Cache | undefined): LinkAuditDeps {
  return {
    fetcher,
    extractor: deps.extractor,
    ...(deps.webArchive ? { archive: deps.webArchive } : {}),
    ...(deps.doiRegistry ? { doiRegistry: deps.doiRegistry } : {}),
    ...(cache ? { cache } : {}),
  };
}

/**
 * Audits the first MAX_AUDITED_LINKS of `found` (a warning says how many were cited `where`: in the checked
 * text or a rated explanation) with the run's fetcher and cache. Throws as `auditLinks` does.
 */
export async function auditRunLinks(
  quality: QualityContext,
  found: readonly CitedLink[],
  sentences: readonly Sentence[],
  where: 'text' | 'explanation',
): Promise<LinkAudit[]> {
  const { ctx, deps, options } = quality;
  if (found.length > MAX_AUDITED_LINKS)
    quality.warn(...stageWarning({ code: 'links-capped', where, found: found.length, checked: MAX_AUDITED_LINKS }));
  const audits = await auditLinks(
    ctx,
    linkAuditDeps(deps, quality.fetcher, ctx.cache),
    found.slice(0, MAX_AUDITED_LINKS),
    sentences,
    {
      timeoutMs: options.pageTimeoutMs,
      maxBytes: options.pageMaxBytes,
      lang: quality.language,
      ...(quality.promptLanguage ? { promptLanguage: quality.promptLanguage } : {}),
      ...(options.fresh ? { fresh: true } : {}),
    },
  );
  // The page's whole text stays in the cache; a run keeps only the passage that was judged.
  return audits.map(({ text: _pageText, ...audit }) => audit);
}

/** Finds the links the text cites (and the reply's citations) and audits them; progress goes to `onLinks`. */
export async function auditTextLinks(
  quality: QualityContext,
  text: string,
  sentences: readonly Sentence[],
  onLinks: (links: LinkAudit[]) => void,
): Promise<LinkAudit[]> {
  const { options } = quality;
  if (options.auditLinks === false) return [];
  const found = findLinks(text, sentences, options.replyCitations ?? []);
  if (found.length === 0) return [];
  try {
    const result = await auditRunLinks(quality, found, sentences, 'text');
    onLinks(result);
    return result;
  } catch (error) {
    quality.warn(...stageWarning({ code: 'links-not-checked', ...causeOf(error) }));
    return [];
  }
}

/**
 * Thorough mode: refuted and disputed claims go through the critics' debate; the refined explanation
 * replaces the assessment's, the refined revision the sentence's. A sentence with several wrong claims
 * gives its revision to the first of them only, so two debates never rewrite the same sentence.
 */
export async function refineExplanations(
  quality: QualityContext,
  claims: readonly Claim[],
  assessments: Map<string, ClaimAssessment>,
  evidence: readonly Evidence[],
  revisions: Revision[],
  onRefinement: (refinement: Refinement) => void,
): Promise<Refinement[]> {
  const revisionBySentence = new Map(revisions.map((revision) => [revision.sentenceIndex, revision]));
  const given = new Set<number>();
  const items = claims.flatMap((claim) => {
    const assessment = assessments.get(claim.id);
    if (!assessment || (assessment.verdict !== 'refuted' && assessment.verdict !== 'disputed')) return [];
    const revision = given.has(claim.sentenceIndex) ? undefined : revisionBySentence.get(claim.sentenceIndex);
    if (revision) given.add(claim.sentenceIndex);
    return [{ claim, assessment, evidence, ...(revision ? { revision } : {}) }];
  });
  if (items.length === 0) return [];
  const refinements = await refineClaims(quality.ctx, items, {
    onWarning: quality.warn,
    ...(quality.promptLanguage ? { language: quality.promptLanguage } : {}),
  });
  for (const refinement of refinements) {
    const assessment = assessments.get(refinement.claimId);
    if (assessment) assessments.set(refinement.claimId, { ...assessment, explanation: refinement.explanationAfter });
    const sentenceIndex = claims.find((claim) => claim.id === refinement.claimId)?.sentenceIndex;
    const at = revisions.findIndex((revision) => revision.sentenceIndex === sentenceIndex);
    if (refinement.revisionAfter !== undefined && at >= 0)
      revisions[at] = { ...revisions[at]!, revised: refinement.revisionAfter };
    onRefinement(refinement);
  }
  return refinements;
}

/** FinGrAct actionability and citation attribution of the final explanations, in one model call. */
export async function scoreFinalExplanations(
  quality: QualityContext,
  claims: readonly Claim[],
  assessments: ReadonlyMap<string, ClaimAssessment>,
  evidence: readonly Evidence[],
): Promise<{ actionability: Record<string, ActionabilityScore>; attribution: Record<string, AttributionResult> }> {
  const targets = explanationsToScore(claims, assessments);
  if (targets.length === 0) return { actionability: {}, attribution: {} };
  try {
    const scores = await scoreExplanations(quality.ctx, targets, evidence, quality.language, quality.promptLanguage);
    return {
      actionability: Object.fromEntries(scores.actionability),
      attribution: Object.fromEntries(scores.attribution),
    };
  } catch (error) {
    quality.warn(...stageWarning({ code: 'explanations-not-scored', ...causeOf(error) }));
    return { actionability: {}, attribution: {} };
  }
}

/**
 * Citation masking and recovery for the text's own citations (a chatbot's cited answer, a selection with
 * links): each sentence citing audited links is a sentence with citations [n] (n = the link's place in
 * the audit list), each link's judged passage is the cited passage. One call; a failure is a warning and
 * leaves no result, never a false "unsupported".
 */
export async function attributeTextCitations(
  quality: QualityContext,
  sentences: readonly Sentence[],
  links: readonly LinkAudit[],
): Promise<AttributionResult | undefined> {
  const passages = new Map<number, string>();
  // The URLs written in a sentence are its citation markers: masked like [n].
  const cited = sentences.map((sentence) => ({
    text: sentence.text.replace(/\s*\(?<?https?:\/\/[^\s)>]+>?\)?/g, '').trim(),
    citations: [] as number[],
  }));
  links.forEach((link, index) => {
    // A link with nothing read is already shown as dead or unreadable; only read pages are put to the test.
    if (link.sentenceIndex === null || link.sentenceIndex === undefined || !cited[link.sentenceIndex] || !link.passage)
      return;
    cited[link.sentenceIndex]!.citations.push(index + 1);
    passages.set(index + 1, link.passage);
  });
  // Only links that were read can be recovered; without any, there is nothing to attribute.
  if (passages.size === 0) return undefined;
  try {
    const results = await attributeCitations(quality.ctx, [{ id: 'text', sentences: cited, passages }]);
    return results.get('text');
  } catch (error) {
    quality.warn(...stageWarning({ code: 'citations-not-attributed', ...causeOf(error) }));
    return undefined;
  }
}
