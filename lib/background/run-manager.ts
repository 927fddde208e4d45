/**
 * Owns checks: creates them, runs the pipeline in the background, persists every step, cancels, and
 * resumes checks a stopped service worker left behind. Resuming re-runs the pipeline over the same
 * input: everything already obtained comes back from the cache (model replies, searches, pages), so no
 * step is paid twice, and rows are overwritten in place.
 */
import { englishError } from '../core/error-notices';
import { errorMessage, errorNotice } from '../core/errors';
import { runEvidenceCheck } from '../core/evidence-only/run-evidence-check';
import { runCheck } from '../core/pipeline';
import type { CheckResult } from '../core/pipeline-types';
import type { ArticleExtractor, Clock } from '../core/ports';
import type { CheckUsage, Evidence } from '../core/types';
import { trackCacheReads } from '../db/cache-reads';
import { cancelWaitingCheck } from '../db/cancel-waiting-check';
import { EMPTY_PROGRESS } from '../db/check-rows';
import { createCheckWriter, writeFailureNotice } from '../db/check-writer';
import { createDexieCache } from '../db/dexie-cache';
import type { CheckRecord } from '../db/entities';
import type { FactlightDb } from '../db/schema';
import { storedSplit } from '../db/stored-split';
import { WAITING_CHECK_STATUSES } from '../db/waiting-statuses';
import { t } from '../i18n/i18n';
import { notReadyError } from '../llm/on-device-messages';
import type { LanguageModelApi } from '../llm/prompt-api';
import type { StartCheckRequest, StartCheckResult } from '../messaging/protocol';
import { createEvidenceDeps } from '../runtime/create-evidence-deps';
import { createOnDevicePipelineDeps } from '../runtime/create-on-device-deps';
import { createPipelineDeps } from '../runtime/create-pipeline-deps';
import type { RuntimeAdapters } from '../runtime/runtime-adapters';
import type { Settings } from '../settings/schema';
import { carriedWarnings } from './judged-warnings';
import { type CheckOrigin, newCheck, settleCheck, settled } from './new-check';

/** The evidence an earlier check found, by the sentence its claims came from. */
async function evidenceBySentence(db: FactlightDb, checkId: string): Promise<Map<number, Evidence[]>> {
  const [claims, evidence] = await Promise.all([
    db.claims.where('checkId').equals(checkId).toArray(),
    db.evidence.where('checkId').equals(checkId).toArray(),
  ]);
  const sentenceOf = new Map(claims.map((row) => [row.claim.id, row.claim.sentenceIndex]));
  const bySentence = new Map<number, Evidence[]>();
  for (const row of evidence) {
    const index = sentenceOf.get(row.claimId);
    if (index === undefined) continue;
    bySentence.set(index, [...(bySentence.get(index) ?? []), row.evidence]);
  }
  for (const items of bySentence.values()) items.sort((a, b) => evidenceOrder(a.id) - evidenceOrder(b.id));
  return bySentence;
}

/** Whether a run asked anything of the network: a model call, a search or a page read. */
function madeRequests(usage: CheckUsage): boolean {
  return usage.total.calls > 0 || usage.searchCalls > 0 || usage.pageFetches > 0;
}

/** `{ [key]: value }` when the value is defined, else nothing (optional properties stay absent). */
function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function evidenceOrder(id: string): number {
  return Number(/:e(\d+)$/.exec(id)?.[1] ?? 0);
}

export interface RunManagerDeps {
  db: FactlightDb;
  loadSettings(): Promise<Settings>;
  extractor: ArticleExtractor;
  clock?: Clock;
  fetch?: typeof fetch;
  /** How page fetches check redirects (the background: 'browser', its network guard checks each hop). */
  pages?: RuntimeAdapters['pages'];
  /** Settles once the network guard enforces the saved settings: no run fetches anything before. */
  networkReady?: Promise<unknown>;
  newId?: () => string;
  /** Called while runs are active and when the last one ends (keeps an MV3 worker awake). */
  onActivityChange?: (active: number) => void;
  /** Called after each persisted step of a check (pushes it to the page it came from). */
  onCheckChanged?: (checkId: string) => void;
  /** Called after checks were deleted (the toolbar badge may have shown one). */
  onChecksDeleted?: (checkIds: string[]) => void;
  /** Chrome's Prompt API (`LanguageModel`) where this browser has it: the on-device model. */
  languageModel?: () => LanguageModelApi | undefined;
}

export function createRunManager(deps: RunManagerDeps) {
  const clock = deps.clock ?? { now: () => Date.now() };
  const running = new Map<string, AbortController>();
  /**
   * Checks whose end could not be written at all (the database refused even the bare "failed" status): this
   * worker does not resume them again, so a full disk does not restart them at every alarm.
   */
  const unrecordable = new Set<string>();
  /** Checks whose run here has marked them running in the database (takeUp): a cancel then stops that run. */
  const takenUp = new Set<string>();
  const cache = createDexieCache(deps.db, clock);
  const changed = () => deps.onActivityChange?.(running.size);

  /**
   * Reads the check and marks it running in one transaction, so a cancel written at the same time
   * (cancel-waiting-check.ts, one transaction too) comes either before it, and the check is not run, or after it,
   * and finds it taken up here (`takenUp`, set inside the transaction), so it stops this run instead. A run
   * cancelled before it was taken up is not taken up. Undefined when the check is not to be run.
   */
  async function takeUp(checkId: string, signal: AbortSignal): Promise<CheckRecord | undefined> {
    return deps.db.transaction('rw', deps.db.checks, async () => {
      const check = await deps.db.checks.get(checkId);
      const waiting: readonly string[] = WAITING_CHECK_STATUSES;
      if (!check || !waiting.includes(check.status) || signal.aborted) return undefined;
      await deps.db.checks.update(checkId, {
        status: 'running',
        // The sentences it was created with stay counted: the run goes on from them (or splits the same ones again).
        progress: { ...EMPTY_PROGRESS, sentences: check.progress.sentences },
        warnings: [],
        updatedAt: clock.now(),
      });
      takenUp.add(checkId);
      return check;
    });
  }

  /**
   * A take-up that could not be written (a full disk) ends the check failed, with why, so it is not retried at
   * every alarm; when even that cannot be written, this worker does not resume it again (`unrecordable`).
   */
  async function recordNotTakenUp(checkId: string, error: unknown): Promise<void> {
    const notice = writeFailureNotice(error);
    try {
      await deps.db.checks.update(checkId, {
        status: 'failed',
        stage: 'done',
        error: englishError(notice),
        errorNotice: notice,
        updatedAt: clock.now(),
      });
    } catch (cause) {
      unrecordable.add(checkId);
      console.warn('[factlight] check could not be taken up nor marked failed', error, cause);
      return;
    }
    deps.onCheckChanged?.(checkId);
  }

  /**
   * Settles a check the intake wrote without its settings (check-intake.ts): its engine and hash, as `newCheck`
   * decides them, written before it runs. It never refuses (only "Judge these sources" can, which the intake never
   * takes in); if it did, the run fails with why.
   */
  async function settle(check: CheckRecord, settings?: Settings): Promise<CheckRecord> {
    // The run's own settings when it has read them already: one read, not two.
    const settling = await settleCheck(settings ? { ...deps, loadSettings: async () => settings } : deps, check);
    if (!settling.ok) throw new Error(settling.error);
    await deps.db.checks.update(check.id, { ...settling.fields, unsettled: undefined, updatedAt: clock.now() });
    return settled(check, settling.fields);
  }

  /**
   * The check as stored, a draft no run of this worker is taking up settled first (one a cancel ended before any
   * run took it up, or cancels now); a draft this worker runs is settled by its run. A settling that fails leaves it
   * as it is: the cancel or re-check goes on, with the draft's own words.
   */
  async function settleWaiting(checkId: string): Promise<CheckRecord | undefined> {
    const check = await deps.db.checks.get(checkId);
    if (!check?.unsettled || running.has(checkId)) return check;
    return settle(check).catch((error: unknown) => {
      console.warn('[factlight] a check taken in could not be settled', checkId, error);
      return check;
    });
  }

  async function execute(checkId: string): Promise<void> {
    if (running.has(checkId)) return;
    // Taken before the first await: two resumes close together (an alarm, the panel's resumeChecks, the worker's
    // start) would otherwise both find the check not running and run it twice.
    const controller = new AbortController();
    running.set(checkId, controller);
    const taken = await takeUp(checkId, controller.signal).catch(async (error: unknown) => {
      // The transaction may fail after it marked the check taken up here: a later cancel would then do nothing.
      takenUp.delete(checkId);
      running.delete(checkId);
      await recordNotTakenUp(checkId, error);
      return undefined;
    });
    if (!taken) {
      running.delete(checkId);
      return;
    }
    let check = taken;
    changed();
    // A step that cannot be saved stops the run: what it would find could not be shown anyway.
    const writer = createCheckWriter(
      deps.db,
      checkId,
      () => clock.now(),
      () => deps.onCheckChanged?.(checkId),
      { onFailure: () => controller.abort(), sentences: check.progress.sentences },
    );
    // The on-device model's sessions live only as long as the check.
    let disposeModel: (() => void) | undefined;
    // The sentences the check was written with: the run's first step, done (read while the network guard gets
    // ready). A check without them, or a read that fails, has its run split the text as it did before.
    const split = storedSplit(deps.db, check).catch(() => undefined);
    try {
      await deps.networkReady;
      const settings = await deps.loadSettings();
      // A check the intake wrote before the engine was loaded: what its settings decide is decided now.
      if (check.unsettled) check = await settle(check, settings);
      const sentences = await split;
      // This run's reads tell whether it was answered wholly from the cache (a result from history).
      const reads = trackCacheReads(cache);
      const runtime: RuntimeAdapters = {
        extractor: deps.extractor,
        cache: reads.cache,
        clock,
        ...(deps.fetch ? { fetch: deps.fetch } : {}),
        ...(deps.pages ? { pages: deps.pages } : {}),
      };
      const servedFrom = (result: CheckResult) =>
        check.fresh || madeRequests(result.usage) ? undefined : reads.servedFrom();
      if (check.evidenceOnly) {
        const evidence = createEvidenceDeps(settings, runtime);
        const result = await runEvidenceCheck(check.text, evidence.deps, {
          ...evidence.options,
          signal: controller.signal,
          ...(check.fresh ? { fresh: true } : {}),
          ...(sentences ? { split: sentences } : {}),
          onEvent: writer.record,
        });
        await writer.finish(result, result.stopped === 'cancelled' ? 'cancelled' : 'done', {
          evidenceOnly: true,
          ...optional('servedFromCache', servedFrom(result)),
        });
        return;
      }
      const api = check.onDevice ? deps.languageModel?.() : undefined;
      if (check.onDevice && !api) throw notReadyError('unavailable');
      const onDevice = api ? createOnDevicePipelineDeps(settings, runtime, api) : undefined;
      disposeModel = onDevice?.dispose;
      const { deps: pipelineDeps, options } = onDevice ?? createPipelineDeps(settings, runtime);
      const priorEvidence = check.judgeOf ? await evidenceBySentence(deps.db, check.judgeOf) : undefined;
      // And why some of that evidence is missing: the judged check says it too (judged-warnings.ts).
      const priorWarnings = check.judgeOf ? carriedWarnings(await deps.db.checks.get(check.judgeOf)) : undefined;
      const replyCitations = (check.citations ?? []).map((citation) => ({
        url: citation.url,
        start: citation.start,
        end: citation.end,
        ...(citation.title ? { label: citation.title } : {}),
        ...(citation.quote ? { quote: citation.quote } : {}),
      }));
      const result = await runCheck(check.text, pipelineDeps, {
        ...options,
        replyCitations,
        signal: controller.signal,
        ...(check.fresh ? { fresh: true } : {}),
        ...(priorEvidence ? { priorEvidence } : {}),
        ...(priorWarnings ? { priorWarnings } : {}),
        ...(sentences ? { split: sentences } : {}),
        onEvent: writer.record,
      });
      await writer.finish(
        result,
        result.stopped === 'cancelled' ? 'cancelled' : 'done',
        optional('servedFromCache', servedFrom(result)),
      );
    } catch (error) {
      // Recording the failure can fail too (the database closed, the check was deleted): nothing is left
      // to show it in, so it goes to the console with the failure it was recording.
      // The cause's code, when it has one, is kept beside its English: the headline words it when shown.
      await writer.fail(errorMessage(error), errorNotice(error)).catch((cause: unknown) => {
        unrecordable.add(checkId);
        console.warn('[factlight] check failed and could not be marked failed', error, cause);
      });
    } finally {
      disposeModel?.();
      takenUp.delete(checkId);
      running.delete(checkId);
      changed();
      // The final status is written outside the writer's recorded steps: one more notice sends it to the page.
      deps.onCheckChanged?.(checkId);
    }
  }

  /**
   * Runs a check without waiting for it. `execute` records its own failures on the check, a take-up's too (or,
   * when nothing can be written, keeps this worker from resuming it again); anything else is logged.
   */
  function runInBackground(checkId: string): void {
    execute(checkId).catch((error: unknown) => console.warn('[factlight] check not run', checkId, error));
  }

  /** Writes the check with its sentences (new-check.ts), then runs it without waiting. */
  async function create(
    request: StartCheckRequest,
    origin: CheckOrigin = {},
    judgeOf?: string,
  ): Promise<StartCheckResult> {
    const result = await newCheck({ ...deps, clock }, request, origin, judgeOf);
    if (result.ok) runInBackground(result.checkId);
    return result;
  }

  /**
   * The same text again, keeping what ties it to its page (position, reply, cited links), so it still highlights and
   * audits.
   */
  async function again(
    checkId: string,
    how: { fresh: true } | { judge: true } | { retry: true },
  ): Promise<StartCheckResult> {
    const check = await settleWaiting(checkId);
    if (!check) return { ok: false, error: t('bgCheckGone') };
    if ('judge' in how && !check.evidenceOnly) return { ok: false, error: t('bgAlreadyJudged') };
    return create(
      {
        text: check.text,
        origin: check.origin,
        ...('fresh' in how ? { fresh: true } : {}),
        ...(check.pageUrl ? { pageUrl: check.pageUrl } : {}),
        ...(check.pageTitle ? { pageTitle: check.pageTitle } : {}),
        ...(check.capture ? { capture: check.capture } : {}),
        ...(check.messageId ? { messageId: check.messageId } : {}),
        ...(check.citations ? { citations: check.citations } : {}),
      },
      check.tabId !== undefined
        ? { tabId: check.tabId, ...(check.frameId !== undefined ? { frameId: check.frameId } : {}) }
        : {},
      'judge' in how ? checkId : undefined,
    );
  }

  return {
    start: create,

    /**
     * "Re-check": a new check of the same text with fresh evidence. `retry`: after a failure, the same check
     * again reading the cache, so what was obtained is reused and only what failed is asked again.
     */
    recheck: (checkId: string, options: { retry?: boolean } = {}) =>
      again(checkId, options.retry ? { retry: true } : { fresh: true }),

    /** "Judge these sources": a new check of an evidence-only check's text, judged on the evidence it found. */
    judge: (checkId: string) => again(checkId, { judge: true }),

    /**
     * Stops a check; it keeps what it has, its unfinished claims marked as not checked. A run of this worker
     * that has taken the check up is stopped, and its pipeline marks them. A check no run has taken up (left
     * running by a stopped worker, or a run here not yet past its start) ends "cancelled" in the database at
     * once, so no resume runs it again.
     */
    async cancel(checkId: string): Promise<void> {
      running.get(checkId)?.abort();
      // A draft no run has taken up is settled first: its summary and "Judge these sources" depend on its engine.
      await settleWaiting(checkId);
      const ended = await cancelWaitingCheck(
        deps.db,
        checkId,
        () => clock.now(),
        () => takenUp.has(checkId),
      );
      if (ended) deps.onCheckChanged?.(checkId);
    },

    /** Restarts checks left "running" by a stopped worker. */
    async resumeInterrupted(): Promise<number> {
      const interrupted = await deps.db.checks.where('status').anyOf(WAITING_CHECK_STATUSES).primaryKeys();
      const toResume = interrupted.filter((id) => !running.has(id) && !unrecordable.has(id));
      for (const id of toResume) runInBackground(id);
      return toResume.length;
    },

    async delete(request: { checkIds: string[] } | { all: true }): Promise<number> {
      const ids = 'all' in request ? await deps.db.checks.toCollection().primaryKeys() : request.checkIds;
      for (const id of ids) running.get(id)?.abort();
      await deps.db.transaction(
        'rw',
        [deps.db.checks, deps.db.sentences, deps.db.claims, deps.db.evidence, deps.db.revisions, deps.db.links],
        async () => {
          for (const table of [deps.db.sentences, deps.db.claims, deps.db.evidence, deps.db.revisions, deps.db.links])
            await table.where('checkId').anyOf(ids).delete();
          await deps.db.checks.bulkDelete(ids);
        },
      );
      deps.onChecksDeleted?.(ids);
      return ids.length;
    },

    /** Resolves when no run is active (tests and shutdown). */
    get activeRuns(): number {
      return running.size;
    },
  };
}

export type RunManager = ReturnType<typeof createRunManager>;
