/**
 * A whole check, stage by stage: sentences (text/), claims (claims/), evidence (evidence/), verdicts
 * (verify/), revisions (revise/), with the link audit and explanation quality (quality/) beside them.
 * docs/ARCHITECTURE.md draws the flow.
 */
import { batchSentences } from './claims/claim-prompt';
import { isProse, sentenceAsClaim } from './claims/sentence-claim';
import { extractClaimsAsWritten } from './claims/stream-claims';
import type { ErrorNotice } from './error-notices';
import { errorMessage, errorNotice, isCancellation } from './errors';
import { findEvidence } from './evidence/find-evidence';
import { classifySources } from './evidence/sources/classify-sources';
import { takesHostType } from './evidence/sources/takes-host-type';
import { evidenceForClaim } from './evidence-only/run-evidence-check';
import { promptLanguage } from './model/text-language';
import { BudgetExceededError } from './model/usage-meter';
import { NOTICE_CLAIM_LENGTH, noticeKey, type RunNotice } from './notices';
import type { CheckResult, PipelineDeps, PipelineEvent, PipelineOptions, StopReason } from './pipeline-types';
import type { Refinement } from './quality/explanations/types';
import {
  attributeTextCitations,
  auditTextLinks,
  type QualityContext,
  refineExplanations,
  scoreFinalExplanations,
} from './quality/quality-stages';
import { reviseSentences, sentencesNeedingRevision } from './revise/revise-sentences';
import { createRunContext } from './run-context';
import { causeOf, stageWarning } from './stage-notices';
import { runSentences } from './text/run-sentences';
import type { Claim, ClaimAssessment, ClaimQueries, Evidence, Revision, SearchOutcome, Sentence } from './types';
import { notCheckedAssessment, stoppedAssessment } from './verify/not-checked';
import { verifyClaim } from './verify/verify-claim';

/**
 * Claim extraction writes the most tokens of any call, so a long text's batches are spread over parallel
 * calls: its last claim arrives sooner. Three keeps one of the four model slots for verifications; a
 * short text (up to MIN_SENTENCES_PER_BATCH sentences) stays one call, so nothing is repeated for it.
 */
const CLAIM_BATCHES = 3;
const MIN_SENTENCES_PER_BATCH = 3;

/**
 * Runs a whole check. Claim batches flow independently (claims → queries → search → pages → verify), so
 * each verdict is reported as soon as it exists; source types and revisions follow once all verdicts are
 * in. Any failure is contained to the claims it touches, which become "could not check" with the reason.
 */
export async function runCheck(text: string, deps: PipelineDeps, options: PipelineOptions): Promise<CheckResult> {
  const warnings: string[] = [];
  const notices: Record<string, RunNotice> = {};
  const emit = (event: PipelineEvent) => options.onEvent?.(event);
  const warn = (message: string, notice?: RunNotice) => {
    // The same words twice say nothing new (a model adapter's notice comes with every call it shortened).
    if (warnings.includes(message)) return;
    warnings.push(message);
    if (notice) notices[message] = notice;
    emit({ type: 'warning', message, ...(notice ? { notice } : {}) });
  };
  let stopped: StopReason | undefined;
  const { meter, ctx, providers, fetcher, reader, today, cache, embedderFailed } = createRunContext(
    deps,
    options,
    warn,
  );
  // The sentences the caller already split (a stored check's) are taken as they are; otherwise the text is split.
  const { language, sentences, given } = runSentences(text, options);
  emit({ type: 'sentences', sentences, language, ...(given ? { given } : {}) });
  // "Judge these sources": why the evidence judged here is incomplete is said by this check too.
  for (const message of options.priorWarnings?.warnings ?? []) warn(message, options.priorWarnings?.notices?.[message]);
  // What the model is told the text's language is: not the split's best guess, which can be wrong (issue 25).
  const named = promptLanguage(text, options.language);

  const quality: QualityContext = {
    ctx,
    deps,
    options,
    language,
    ...(named ? { promptLanguage: named } : {}),
    warn,
    fetcher,
  };
  // The link audit needs only the sentences: it runs alongside the claims.
  const linkAudit = auditTextLinks(quality, text, sentences, (links) => emit({ type: 'links', links }));
  // Then, still beside the claims: do the passages of the cited links back the sentences citing them?
  const citationAudit = linkAudit.then(async (links) => {
    const attribution = stopped ? undefined : await attributeTextCitations(quality, sentences, links);
    if (attribution) emit({ type: 'text-attribution', attribution });
    return attribution;
  });

  const claims: Claim[] = [];
  const queries: ClaimQueries[] = [];
  const evidence: Evidence[] = [];
  const assessments = new Map<string, ClaimAssessment>();
  const searchOutcomes: Record<string, SearchOutcome> = {};

  /** Records why a claim could not be checked; a budget stop or cancellation also ends the run. */
  const couldNotCheck = (claim: Claim, error: unknown) => {
    if (error instanceof BudgetExceededError) stopped ??= 'budget';
    if (cancelledRun(error, options.signal)) stopped ??= 'cancelled';
    const assessment = stopped
      ? stoppedAssessment(claim.id, stopped)
      : notCheckedAssessment(claim.id, errorMessage(error), errorNotice(error));
    assessments.set(claim.id, assessment);
    emit({ type: 'assessment', assessment });
  };

  /**
   * Finds evidence for a claim and judges it. The search starts from the `draft` (id, text, queries) while
   * the model may still be writing the rest of the claim; evidence and verdict are recorded only once the
   * whole claim is (`recorded`), so every event refers to a claim already reported. The knowledge graph is asked
   * once `recorded` brings the claim's triple, which a streamed draft does not have yet, while its pages are read.
   */
  const checkClaim = async (draft: Claim, recorded: Promise<Claim>, claimQueries: ClaimQueries, sentence: Sentence) => {
    // What this claim's search met, so its card can tell "no sources found" from "the search failed".
    const searchFailures: string[] = [];
    const searchNotices: Record<string, ErrorNotice> = {};
    let searched = false;
    const reportSearch = (claimId: string, allFailed: boolean) => {
      searched = true;
      if (searchFailures.length === 0) return;
      const notices = Object.keys(searchNotices).length > 0 ? { notices: { ...searchNotices } } : {};
      const outcome = { failures: [...searchFailures], allFailed, ...notices };
      searchOutcomes[claimId] = outcome;
      emit({ type: 'search-outcome', claimId, outcome });
    };
    try {
      // "Judge these sources": evidence an evidence-only run already found for this sentence is judged as it is.
      const prior = options.priorEvidence?.get(draft.sentenceIndex);
      const items = prior?.length
        ? evidenceForClaim(draft.id, prior)
        : await findEvidence(
            {
              providers,
              reader,
              ...(cache ? { cache } : {}),
              onSearch: () => meter.recordSearch(),
              onFailure: (message, notice) => {
                searchFailures.push(message);
                if (notice) searchNotices[message] = notice;
                warn(message, notice && { code: 'source-failed', error: notice });
              },
              onEmbedderFailure: embedderFailed,
              onFailuresBySource: (ordered) => searchFailures.splice(0, searchFailures.length, ...ordered),
            },
            deps,
            options,
            draft,
            claimQueries,
            // Only a draft without its triple waits for the whole claim's; no promise is handed on otherwise.
            { language, ...(draft.triple ? {} : { whole: recorded }) },
          );
      const claim = await recorded;
      evidence.push(...items);
      emit({ type: 'evidence', claimId: claim.id, evidence: items });
      reportSearch(claim.id, false);
      // A small model judges only the best passages; the check says how many were left out.
      const judged = options.promptLimits ? items.slice(0, options.promptLimits.passagesPerClaim) : items;
      if (judged.length < items.length) {
        const notice: RunNotice = {
          code: 'passages-not-judged',
          left: items.length - judged.length,
          total: items.length,
          claim: claim.text.slice(0, NOTICE_CLAIM_LENGTH),
        };
        warn(noticeKey(notice), notice);
      }
      // Thorough mode judges each page apart, so one page cannot steer how the others are read.
      const assessment = await verifyClaim(
        ctx,
        claim,
        sentence.text,
        judged,
        today,
        (early) => emit({ type: 'verdict', assessment: early }),
        { byPage: options.mode === 'thorough', ...(named ? { language: named } : {}) },
      );
      assessments.set(claim.id, assessment);
      emit({ type: 'assessment', assessment });
    } catch (error) {
      const claim = await recorded;
      // A search that threw before any evidence came back: every source it asked failed, or every web search did and
      // the knowledge graph had nothing.
      if (!searched) reportSearch(claim.id, true);
      couldNotCheck(claim, error);
    }
  };

  const sentenceByIndex = new Map(sentences.map((sentence) => [sentence.index, sentence]));
  /**
   * One batch of sentences: each claim's check starts the moment the model has written what its search
   * needs (stream-claims.ts), and the claim is recorded once it is whole, so searches and verdicts overlap
   * with the rest of the extraction.
   */
  const runBatch = async (batch: Sentence[]) => {
    const checks: Array<Promise<unknown>> = [];
    const covered = new Set<number>();
    const start = (draft: Claim, claimQueries: ClaimQueries | undefined, complete: Promise<Claim>) => {
      covered.add(draft.sentenceIndex);
      const recorded = complete.then((claim) => {
        claims.push(claim);
        emit({ type: 'claims', claims: [claim] });
        if (claimQueries) {
          queries.push(claimQueries);
          emit({ type: 'queries', queries: [claimQueries] });
        }
        return claim;
      });
      checks.push(
        draft.checkWorthy && claimQueries
          ? checkClaim(draft, recorded, claimQueries, sentenceByIndex.get(draft.sentenceIndex)!)
          : recorded,
      );
    };
    try {
      await extractClaimsAsWritten(
        ctx,
        { text, sentences, language, ...(named ? { promptLanguage: named } : {}) },
        batch,
        start,
      );
    } catch (error) {
      // Claim extraction failed: each sentence still without claims stands as one claim, marked as not checked.
      const fallback = batch.filter((sentence) => !covered.has(sentence.index)).map(sentenceAsClaim);
      if (fallback.length > 0) {
        claims.push(...fallback);
        emit({ type: 'claims', claims: fallback });
      }
      for (const claim of fallback) couldNotCheck(claim, error);
    }
    await Promise.all(checks);
  };

  emit({ type: 'stage', stage: 'claims', state: 'started' });
  const proseSentences = sentences.filter(isProse);
  // Batches run side by side, at most CLAIM_BATCHES at once so a model slot stays free for verdicts; a model
  // with a small context window (on-device) gets smaller ones (promptLimits).
  const perBatch = Math.max(MIN_SENTENCES_PER_BATCH, Math.ceil(proseSentences.length / CLAIM_BATCHES));
  const limits = options.promptLimits;
  await Promise.all(
    batchSentences(
      proseSentences,
      limits ? Math.min(perBatch, limits.sentencesPerBatch) : perBatch,
      limits?.charsPerBatch,
    ).map(runBatch),
  );
  emit({ type: 'stage', stage: 'verify', state: 'done' });

  // In Fast mode the explanations are final once the verdicts are in, so they are scored while revisions
  // are written; Thorough mode scores them after the debate has rewritten them.
  const thorough = options.mode === 'thorough';
  const [revisions, fastQuality] = await Promise.all([revise(), thorough ? undefined : scoreQuality(), typeSources()]);
  const refinements: Refinement[] = [];

  async function revise(): Promise<Revision[]> {
    const targets = sentencesNeedingRevision(sentences, claims, assessments);
    if (targets.length === 0 || stopped) return [];
    emit({ type: 'stage', stage: 'revise', state: 'started' });
    try {
      const result = await reviseSentences(ctx, targets, evidence, named);
      emit({ type: 'revisions', revisions: result });
      return result;
    } catch (error) {
      if (error instanceof BudgetExceededError) stopped ??= 'budget';
      warn(...stageWarning({ code: 'revisions-not-written', ...causeOf(error) }));
      return [];
    }
  }

  async function typeSources(): Promise<void> {
    // Only web pages no path rule knows take their host's type, so only their hosts need one.
    const typed = evidence.filter(takesHostType);
    if (typed.length === 0) return;
    const types = await classifySources(
      ctx,
      typed.map((item) => ({ host: item.source.host, title: item.source.title })),
    );
    for (const item of typed) {
      const type = types.get(item.source.host);
      if (type) item.source.sourceType = type;
    }
    emit({ type: 'source-types', types: Object.fromEntries(types) });
  }

  if (thorough && !stopped) {
    emit({ type: 'stage', stage: 'debate', state: 'started' });
    refinements.push(
      ...(await refineExplanations(quality, claims, assessments, evidence, revisions, (refinement) =>
        emit({ type: 'refinement', refinement }),
      )),
    );
  }
  const explanationQuality = fastQuality ?? (await scoreQuality());

  async function scoreQuality(): Promise<Awaited<ReturnType<typeof scoreFinalExplanations>>> {
    if (stopped) return { actionability: {}, attribution: {} };
    emit({ type: 'stage', stage: 'explain', state: 'started' });
    const scores = await scoreFinalExplanations(quality, claims, assessments, evidence);
    emit({ type: 'explanation-quality', ...scores });
    return scores;
  }
  const links = await linkAudit;
  const textAttribution = await citationAudit;

  const order = new Map(claims.map((claim, index) => [claim.id, index]));
  return {
    text,
    language,
    today,
    sentences,
    claims: [...claims].sort((a, b) => a.sentenceIndex - b.sentenceIndex || order.get(a.id)! - order.get(b.id)!),
    queries,
    evidence,
    assessments: [...assessments.values()],
    revisions,
    links,
    actionability: explanationQuality.actionability,
    attribution: explanationQuality.attribution,
    refinements,
    ...(textAttribution ? { textAttribution } : {}),
    ...(Object.keys(searchOutcomes).length > 0 ? { searchOutcomes } : {}),
    usage: meter.snapshot(),
    warnings,
    ...(Object.keys(notices).length > 0 ? { notices } : {}),
    ...(stopped ? { stopped } : {}),
  };
}

function cancelledRun(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) || isCancellation(error);
}
