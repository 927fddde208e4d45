/**
 * Evidence-only mode: a check with no model at all. Each check-worthy sentence (decided by rule, see
 * sentence-rules.ts) becomes one claim, searched with its key terms in its own language; the evidence comes
 * from the enabled sources and is ranked by the same passage ranker as a normal check. Nothing is judged:
 * there are no verdicts, no scores and no revisions, only sources to compare. "Judge these sources" later
 * hands this evidence to `runCheck` as `priorEvidence`, so the same queries are never searched twice.
 */
import type { ErrorNotice } from '../error-notices';
import { errorMessage, isCancellation, ProviderError } from '../errors';
import { findEvidence } from '../evidence/find-evidence';
import type { RunNotice } from '../notices';
import type { CheckResult, PipelineDeps, PipelineEvent, PipelineOptions } from '../pipeline-types';
import type { ChatModel } from '../ports';
import { createRunContext } from '../run-context';
import { runSentences } from '../text/run-sentences';
import type { Claim, ClaimQueries, Evidence, SearchOutcome } from '../types';
import { queryFor, tripleFor } from './key-terms';
import { checkWorthiness, type WorthinessReason } from './sentence-rules';

/** What evidence-only mode needs: a normal check's adapters without the model. */
export type EvidenceDeps = Omit<PipelineDeps, 'model' | 'modelNames'>;

/** The message shown with every evidence-only check. */
export const VERDICTS_NEED_A_MODEL =
  // i18n-exempt: the CLI's English; the extension says it from the catalogue (`md_verdictsNeedModel`)
  'Sources only: verdicts need a model. Set one up (on this device, a local server or an API) and choose "Judge these sources".';

/** A check's result in evidence-only mode: no assessments or revisions, and why each sentence was skipped. */
export interface EvidenceCheckResult extends CheckResult {
  evidenceOnly: true;
  /** Sentences not looked up, with the rule that skipped them. */
  skipped: Array<{ sentenceIndex: number; reason: WorthinessReason }>;
}

/** Never called: evidence-only runs make no model call; it exists because the run context wants a model. */
const NO_MODEL: ChatModel = {
  complete: () =>
    // i18n-exempt: never said: evidence-only runs call no model; this one only fills the context
    Promise.reject(new ProviderError('bad-request', 'Evidence-only mode makes no model calls.')),
};

/** The claim a sentence stands as in evidence-only mode (its whole text and span). */
export function sentenceClaim(
  sentence: { index: number; text: string; start: number; end: number },
  language: string,
): Claim {
  const worthiness = checkWorthiness(sentence.text, language);
  const triple = worthiness.checkWorthy ? tripleFor(sentence.text, language) : undefined;
  return {
    id: `c${sentence.index}-0`,
    sentenceIndex: sentence.index,
    text: sentence.text.trim(),
    span: { start: sentence.start, end: sentence.end },
    anchored: true,
    checkWorthy: worthiness.checkWorthy,
    ...(triple ? { triple } : {}),
  };
}

/** Runs an evidence-only check; events are the normal pipeline's, minus assessments and revisions. */
export async function runEvidenceCheck(
  text: string,
  deps: EvidenceDeps,
  options: PipelineOptions,
): Promise<EvidenceCheckResult> {
  const warnings: string[] = [];
  const notices: Record<string, RunNotice> = {};
  const emit = (event: PipelineEvent) => options.onEvent?.(event);
  const warn = (message: string, notice?: RunNotice) => {
    if (warnings.includes(message)) return;
    warnings.push(message);
    if (notice) notices[message] = notice;
    emit({ type: 'warning', message, ...(notice ? { notice } : {}) });
  };
  const { meter, providers, reader, today, cache, embedderFailed } = createRunContext(
    { ...deps, model: NO_MODEL },
    options,
    warn,
  );
  // The sentences the caller already split (a stored check's) are taken as they are; otherwise the text is split.
  const { language, sentences, given } = runSentences(text, options);
  emit({ type: 'sentences', sentences, language, ...(given ? { given } : {}) });

  const prose = sentences.filter((sentence) => sentence.kind !== 'code');
  const claims = prose.map((sentence) => sentenceClaim(sentence, language));
  const skipped = prose.flatMap((sentence) => {
    const { checkWorthy, reason } = checkWorthiness(sentence.text, language);
    return checkWorthy ? [] : [{ sentenceIndex: sentence.index, reason }];
  });
  const queries: ClaimQueries[] = claims
    .filter((claim) => claim.checkWorthy)
    .map((claim) => ({ claimId: claim.id, query: queryFor(claim.text, language), question: claim.text }));
  emit({ type: 'stage', stage: 'claims', state: 'started' });
  emit({ type: 'claims', claims });
  emit({ type: 'queries', queries });
  emit({ type: 'stage', stage: 'search', state: 'started' });

  const evidence: Evidence[] = [];
  const searchOutcomes: Record<string, SearchOutcome> = {};
  let cancelled = false;
  const byClaim = new Map(claims.map((claim) => [claim.id, claim]));
  await Promise.all(
    queries.map(async (claimQueries) => {
      const claim = byClaim.get(claimQueries.claimId)!;
      // What this sentence's search met: "No sources found" only when the sources answered with nothing.
      const failures: string[] = [];
      const codes: Record<string, ErrorNotice> = {};
      const report = (allFailed: boolean) => {
        if (failures.length === 0) return;
        const coded = Object.keys(codes).length > 0 ? { notices: { ...codes } } : {};
        const outcome = { failures: [...new Set(failures)], allFailed, ...coded };
        searchOutcomes[claim.id] = outcome;
        emit({ type: 'search-outcome', claimId: claim.id, outcome });
      };
      try {
        const items = await findEvidence(
          {
            providers,
            reader,
            ...(cache ? { cache } : {}),
            onSearch: () => meter.recordSearch(),
            onFailure: (message, notice) => {
              failures.push(message);
              if (notice) codes[message] = notice;
              warn(message, notice && { code: 'source-failed', error: notice });
            },
            onEmbedderFailure: embedderFailed,
            onFailuresBySource: (ordered) => failures.splice(0, failures.length, ...ordered),
          },
          { ...deps, model: NO_MODEL },
          options,
          claim,
          claimQueries,
          { language },
        );
        evidence.push(...items);
        emit({ type: 'evidence', claimId: claim.id, evidence: items });
        report(false);
      } catch (error) {
        if (options.signal?.aborted || isCancellation(error)) cancelled = true;
        else {
          if (failures.length === 0) failures.push(errorMessage(error));
          report(true);
        }
      }
    }),
  );
  emit({ type: 'stage', stage: 'passages', state: 'done' });

  return {
    text,
    language,
    today,
    sentences,
    claims,
    queries,
    evidence,
    assessments: [],
    revisions: [],
    links: [],
    actionability: {},
    attribution: {},
    refinements: [],
    usage: meter.snapshot(),
    warnings,
    ...(Object.keys(notices).length > 0 ? { notices } : {}),
    ...(Object.keys(searchOutcomes).length > 0 ? { searchOutcomes } : {}),
    evidenceOnly: true,
    skipped,
    ...(cancelled ? { stopped: 'cancelled' as const } : {}),
  };
}

/**
 * Evidence found earlier for each sentence, re-keyed to a new claim of that sentence: "Judge these sources"
 * judges a model's claims against what evidence-only mode already found, without searching again.
 */
export function evidenceForClaim(claimId: string, prior: readonly Evidence[]): Evidence[] {
  return prior.map((item, index) => ({ ...item, id: `${claimId}:e${index}`, claimId }));
}
