/**
 * "Rate an explanation" as one run: the three FinGrAct tasks for an explanation the user picked (a
 * fact-check article's, a chatbot's debunk) of a claim they gave. Evidence about the claim is searched
 * and read as in a check; the explanation's own links are audited; one model call then finds the claim's
 * errors from the evidence and judges whether the explanation names and corrects each. When the
 * explanation cites [n] markers and links, nothing more is needed: its links are scored from the audit.
 */
import type { ErrorNotice } from '../error-notices';
import { findEvidence } from '../evidence/find-evidence';
import { promptLanguage } from '../model/text-language';
import type { RunNotice } from '../notices';
import type { PipelineDeps, PipelineOptions } from '../pipeline-types';
import { createRunContext } from '../run-context';
import { detectLanguage, splitSentences } from '../text/sentences';
import type { CheckUsage, Claim, Evidence } from '../types';
import { rateExplanation } from './explanations/rate-explanation';
import type { ActionabilityScore, ExplanationLinkScore } from './explanations/types';
import { findLinks } from './links/find-links';
import type { LinkAudit } from './links/types';
import { auditRunLinks } from './quality-stages';

export type RatingStage = 'evidence' | 'links' | 'judging';

export interface RatingResult {
  evidence: Evidence[];
  links: LinkAudit[];
  score: ActionabilityScore;
  usage: CheckUsage;
  /** What went wrong on the way (a search source that failed, an embedder that fell back…), as a check lists them. */
  warnings: string[];
  /** The warnings that have a code, by the string `warnings` lists them by (lib/core/notices.ts). */
  notices?: Record<string, RunNotice>;
}

/** FinGrAct's link score for one audited link: works = something could be read there. */
export function linkScoreOf(audit: LinkAudit): ExplanationLinkScore {
  return { url: audit.url, works: audit.exists, relevant: audit.relevant === true, supports: audit.supports === true };
}

/**
 * Rates `explanation` as an explanation of `claim`. Throws when no evidence about the claim can be found
 * (errors come from evidence, so nothing could be scored) or the rating call fails: a rating is never
 * made up.
 */
export async function runRating(
  input: { claim: string; explanation: string },
  deps: PipelineDeps,
  options: PipelineOptions & {
    onStage?: (stage: RatingStage) => void;
    /** Told of each warning as it comes, so a rating that fails later still keeps what went wrong before. */
    onWarning?: (message: string, notice?: RunNotice) => void;
  },
): Promise<RatingResult> {
  const warnings: string[] = [];
  const notices: Record<string, RunNotice> = {};
  // As a check's run keeps them (pipeline.ts): listed once, a coded one with its code under its key.
  const warn = (message: string, notice?: RunNotice) => {
    if (warnings.includes(message)) return;
    warnings.push(message);
    if (notice) notices[message] = notice;
    options.onWarning?.(message, notice);
  };
  const run = createRunContext(deps, options, warn);
  const language = options.language ?? detectLanguage(input.claim);
  // Named to the model only when declared or reliably guessed (issue 25).
  const named = promptLanguage(input.claim, options.language);
  const claim: Claim = {
    id: 'c0',
    sentenceIndex: 0,
    text: input.claim.trim(),
    span: { start: 0, end: input.claim.length },
    anchored: true,
    checkWorthy: true,
  };

  options.onStage?.('evidence');
  const explanationSentences = splitSentences(input.explanation, detectLanguage(input.explanation));
  const links = findLinks(input.explanation, explanationSentences);
  const auditExplanationLinks = async () => {
    if (links.length === 0) return [];
    options.onStage?.('links');
    return auditRunLinks(
      {
        ctx: run.ctx,
        deps,
        options,
        fetcher: run.fetcher,
        language,
        ...(named ? { promptLanguage: named } : {}),
        warn,
      },
      links,
      explanationSentences,
      'explanation',
    );
  };
  const evidenceRun = {
    providers: run.providers,
    reader: run.reader,
    ...(run.cache ? { cache: run.cache } : {}),
    onSearch: () => run.meter.recordSearch(),
    // A search source's failure is listed by its English words, its code beside them, as in a check.
    onFailure: (message: string, notice?: ErrorNotice) =>
      warn(message, notice && { code: 'source-failed', error: notice }),
    onEmbedderFailure: run.embedderFailed,
  };
  const [evidence, linkAudits] = await Promise.all([
    findEvidence(
      evidenceRun,
      deps,
      options,
      claim,
      { claimId: claim.id, query: claim.text, question: claim.text },
      { language },
    ),
    auditExplanationLinks(),
  ]);

  options.onStage?.('judging');
  const score = await rateExplanation(run.ctx, {
    claim: claim.text,
    explanation: input.explanation,
    evidence,
    linkScores: linkAudits.map(linkScoreOf),
    ...(named ? { language: named } : {}),
  });
  return {
    evidence,
    links: linkAudits,
    score,
    usage: run.meter.snapshot(),
    warnings,
    ...(Object.keys(notices).length > 0 ? { notices } : {}),
  };
}
