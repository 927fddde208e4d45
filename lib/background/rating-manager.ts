/**
 * Owns "Rate an explanation" runs: like checks, they are created as records, run in the background, written
 * to IndexedDB as they progress (the side panel reads them with a live query) and resumed when a stopped
 * service worker left one running.
 */
import { errorMessage, errorNotice } from '../core/errors';
import type { RunNotice } from '../core/notices';
import { runRating } from '../core/quality/rate-run';
import { createDexieCache } from '../db/dexie-cache';
import type { RatingRecord } from '../db/entities';
import { formatNumber, t } from '../i18n/i18n';
import type { RateExplanationRequest, RateExplanationResult } from '../messaging/protocol';
import { createPipelineDeps } from '../runtime/create-pipeline-deps';
import type { RuntimeAdapters } from '../runtime/runtime-adapters';
import { modelSetupProblem } from '../settings/active-profile';
import type { RunManagerDeps } from './run-manager';

export const MAX_EXPLANATION_CHARS = 20_000;
const MAX_CLAIM_CHARS = 2_000;

/** What a check run needs, less its tab sync; plus retry timings tests can shorten. */
export interface RatingManagerDeps extends Omit<RunManagerDeps, 'onCheckChanged'> {
  retry?: RuntimeAdapters['retry'];
}

export function createRatingManager(deps: RatingManagerDeps) {
  const clock = deps.clock ?? { now: () => Date.now() };
  const running = new Set<string>();
  const cache = createDexieCache(deps.db, clock);

  async function execute(ratingId: string): Promise<void> {
    // Taken before the first await, so two resumes close together cannot both run it.
    if (running.has(ratingId)) return;
    running.add(ratingId);
    const rating = await deps.db.ratings.get(ratingId);
    if (!rating || rating.status !== 'running') {
      running.delete(ratingId);
      return;
    }
    deps.onActivityChange?.(running.size);
    // This run's warnings, as a check keeps them (check-writer.ts): stored as they come, and with the end, whichever
    // it is, so a rating that fails keeps them too and a resumed one shows its own run's, not the stopped one's.
    const warnings: string[] = [];
    const notices: Record<string, RunNotice> = {};
    const warningFields = () => ({ warnings: [...warnings], notices: { ...notices } });
    // Once the run has ended, a warning from a step still settling (the link audit beside a search that failed) is
    // not written over the end.
    let ended = false;
    try {
      // A rating taken up again after the worker stopped starts with none: the stopped run's are not this run's.
      if (rating.warnings?.length) await deps.db.ratings.update(ratingId, { warnings: [], notices: {} });
      await deps.networkReady;
      const { deps: pipelineDeps, options } = createPipelineDeps(await deps.loadSettings(), {
        extractor: deps.extractor,
        cache,
        clock,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.pages ? { pages: deps.pages } : {}),
        ...(deps.retry ? { retry: deps.retry } : {}),
      });
      const result = await runRating({ claim: rating.claim, explanation: rating.explanation }, pipelineDeps, {
        ...options,
        // A stage label not saved only leaves the previous one showing; the console says why.
        onStage: (stage) =>
          void deps.db.ratings
            .update(ratingId, { stage, updatedAt: clock.now() })
            .catch((error: unknown) => console.warn('[factlight] rating stage not saved', error)),
        // A warning not saved now is saved with the end; the console says why it waited.
        onWarning: (message, notice) => {
          if (ended) return;
          warnings.push(message);
          if (notice) notices[message] = notice;
          void deps.db.ratings
            .update(ratingId, { ...warningFields(), updatedAt: clock.now() })
            .catch((error: unknown) => console.warn('[factlight] rating warning not saved', error));
        },
      });
      ended = true;
      await deps.db.ratings.update(ratingId, {
        status: 'done',
        stage: 'done',
        evidence: result.evidence,
        links: result.links,
        score: result.score,
        warnings: result.warnings,
        notices: result.notices ?? {},
        updatedAt: clock.now(),
      });
    } catch (error) {
      ended = true;
      // Recording the failure can fail too (the database closed, the rating was deleted): nothing is left to
      // show it in, so it goes to the console with the failure it was recording.
      await deps.db.ratings
        .update(ratingId, {
          status: 'failed',
          error: errorMessage(error),
          ...warningFields(),
          // Its code, when it has one, so the panel words it in the interface language (lib/view/error-words.ts).
          ...(errorNotice(error) ? { errorNotice: errorNotice(error) } : {}),
          updatedAt: clock.now(),
        })
        .catch((cause: unknown) =>
          console.warn('[factlight] rating failed and could not be marked failed', error, cause),
        );
    } finally {
      running.delete(ratingId);
      deps.onActivityChange?.(running.size);
    }
  }

  /** Runs a rating without waiting; one that fails before it can record the failure is only logged. */
  function runInBackground(ratingId: string): void {
    execute(ratingId).catch((error: unknown) => console.warn('[factlight] rating not run', ratingId, error));
  }

  return {
    async start(request: RateExplanationRequest): Promise<RateExplanationResult> {
      const claim = request.claim.trim();
      const explanation = request.explanation.trim();
      if (!claim) return { ok: false, error: t('bgGiveTheClaim') };
      if (!explanation) return { ok: false, error: t('bgNoExplanation') };
      if (claim.length > MAX_CLAIM_CHARS)
        return {
          ok: false,
          error: t('bgClaimTooLong', { length: formatNumber(claim.length), limit: formatNumber(MAX_CLAIM_CHARS) }),
        };
      if (explanation.length > MAX_EXPLANATION_CHARS)
        return {
          ok: false,
          error: t('bgExplanationTooLong', {
            length: formatNumber(explanation.length),
            limit: formatNumber(MAX_EXPLANATION_CHARS),
          }),
        };
      const setupProblem = modelSetupProblem((await deps.loadSettings()).model);
      if (setupProblem) return { ok: false, error: setupProblem, needsSetup: true };
      const now = clock.now();
      const record: RatingRecord = {
        id: deps.newId?.() ?? crypto.randomUUID(),
        createdAt: now,
        updatedAt: now,
        status: 'running',
        claim,
        explanation,
        evidence: [],
        links: [],
        ...(request.pageUrl ? { pageUrl: request.pageUrl } : {}),
        ...(request.pageTitle ? { pageTitle: request.pageTitle } : {}),
      };
      await deps.db.ratings.add(record);
      runInBackground(record.id);
      return { ok: true, ratingId: record.id };
    },

    /** Restarts ratings a stopped worker left running; what they already fetched comes from the cache. */
    async resumeInterrupted(): Promise<number> {
      const ids = (await deps.db.ratings.toArray())
        .filter((rating) => rating.status === 'running' && !running.has(rating.id))
        .map((rating) => rating.id);
      for (const id of ids) runInBackground(id);
      return ids.length;
    },
  };
}

export type RatingManager = ReturnType<typeof createRatingManager>;
