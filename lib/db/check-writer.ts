/**
 * Persists a running check step by step: every pipeline event is written as it arrives, so the side
 * panel (reading with live queries) shows each verdict at once, and a service worker stopped mid-check
 * loses nothing. Rows have deterministic ids (check id + the pipeline's own ids), so a resumed run
 * overwrites what the interrupted one wrote instead of duplicating it. Writes are serialised to keep
 * events in order.
 *
 * A write that fails is never lost in silence: the first failure stops the writing (`onFailure` lets the run
 * manager stop the run, which would otherwise go on spending tokens on results nobody can see), and the
 * check ends "failed" with the reason ("Storage is full: …"), keeping every step written before it. (Until
 * issue 24, a failed step became a warning on a check that went on and ended "done"; a check that shows
 * "done" while missing evidence reads as complete, so a failed write now fails the check.) If even the
 * final update cannot be written, a smaller one is tried; `finish`/`fail` reject only when that fails too.
 */
import { Dexie } from 'dexie';

import { englishError, type ErrorNotice } from '../core/error-notices';
import { errorMessage } from '../core/errors';
import { takesHostType } from '../core/evidence/sources/takes-host-type';
import type { RunNotice } from '../core/notices';
import type { CheckResult, PipelineEvent } from '../core/pipeline-types';
import { EMPTY_PROGRESS, sentenceRows } from './check-rows';
import { summarizeCheck } from './check-summary';
import type { CheckProgress, CheckRecord } from './entities';
import type { FactlightDb } from './schema';

export interface CheckWriterOptions {
  /** Told once, at the first write that fails, with the reason the check will show. */
  onFailure?: (reason: string) => void;
  /** The sentences the check was created with, counted from the run's start (no count back to 0). */
  sentences?: number;
}

export function createCheckWriter(
  db: FactlightDb,
  checkId: string,
  now: () => number,
  onWritten?: () => void,
  options: CheckWriterOptions = {},
) {
  let chain: Promise<unknown> = Promise.resolve();
  const progress: CheckProgress = { ...EMPTY_PROGRESS, sentences: options.sentences ?? 0 };
  const warnings: string[] = [];
  const notices: Record<string, RunNotice> = {};
  /** Claims whose verdict is counted in `progress.verdicts`. */
  const judged = new Set<string>();
  /** Why a step could not be saved, as a code: set at the first failure; nothing is written after it but the end. */
  let failure: ErrorNotice | undefined;
  const enqueue = (write: () => Promise<unknown>) => {
    chain = chain
      .then(() => (failure === undefined ? write() : undefined))
      .catch((error: unknown) => {
        failure = writeFailureNotice(error);
        options.onFailure?.(englishError(failure));
      })
      .then(() => onWritten?.());
    return chain;
  };
  const touch = (change: Partial<CheckRecord> = {}) =>
    db.checks.update(checkId, { ...change, progress: { ...progress }, updatedAt: now() });

  async function write(event: PipelineEvent): Promise<void> {
    switch (event.type) {
      case 'stage':
        await touch({ stage: event.stage });
        return;
      case 'sentences':
        progress.sentences = event.sentences.length;
        // Given: the run took the sentences stored with the check (stored-split.ts), rows and language already there.
        if (event.given) return;
        await db.transaction('rw', db.sentences, db.checks, async () => {
          await db.sentences.bulkPut(sentenceRows(checkId, event.sentences));
          await touch({ language: event.language });
        });
        return;
      case 'claims':
        progress.claims += event.claims.length;
        progress.checkWorthy += event.claims.filter((claim) => claim.checkWorthy).length;
        await db.transaction('rw', db.claims, db.checks, async () => {
          await db.claims.bulkPut(event.claims.map((claim) => ({ id: `${checkId}:${claim.id}`, checkId, claim })));
          await touch();
        });
        return;
      case 'queries':
        await db.transaction('rw', db.claims, async () => {
          for (const queries of event.queries) await db.claims.update(`${checkId}:${queries.claimId}`, { queries });
        });
        return;
      case 'evidence':
        progress.evidence += event.evidence.length;
        await db.transaction('rw', db.evidence, db.checks, async () => {
          await db.evidence.bulkPut(
            event.evidence.map((evidence) => ({
              id: `${checkId}:${evidence.id}`,
              checkId,
              claimId: evidence.claimId,
              evidence,
            })),
          );
          await touch();
        });
        return;
      case 'search-outcome':
        await db.claims.update(`${checkId}:${event.claimId}`, { search: event.outcome });
        return;
      case 'verdict':
      case 'assessment':
        // The early verdict (stances written, explanation coming) and the whole assessment are one verdict.
        if (!judged.has(event.assessment.claimId)) progress.verdicts++;
        judged.add(event.assessment.claimId);
        await db.transaction('rw', db.claims, db.checks, async () => {
          await db.claims.update(`${checkId}:${event.assessment.claimId}`, { assessment: event.assessment });
          await touch();
        });
        return;
      case 'source-types':
        await db.evidence
          .where('checkId')
          .equals(checkId)
          .modify((row) => {
            // The same rule as the pipeline's typeSources: a page typed by its own path keeps that type.
            const type = event.types[row.evidence.source.host];
            if (type && takesHostType(row.evidence)) row.evidence.source.sourceType = type;
          });
        return;
      case 'revisions':
        await db.revisions.bulkPut(
          event.revisions.map((revision) => ({ id: `${checkId}:r${revision.sentenceIndex}`, checkId, revision })),
        );
        return;
      case 'links':
        await db.links.bulkPut(event.links.map((audit) => ({ id: `${checkId}:${audit.linkId}`, checkId, audit })));
        return;
      case 'explanation-quality':
        await db.transaction('rw', db.claims, async () => {
          for (const [claimId, actionability] of Object.entries(event.actionability))
            await db.claims.update(`${checkId}:${claimId}`, { actionability });
          for (const [claimId, attribution] of Object.entries(event.attribution))
            await db.claims.update(`${checkId}:${claimId}`, { attribution });
        });
        return;
      case 'text-attribution':
        await touch({ textAttribution: event.attribution });
        return;
      case 'refinement': {
        // The refined explanation and revision replace the first ones; the refinement keeps both for "what changed".
        const { refinement } = event;
        await db.transaction('rw', db.claims, db.revisions, async () => {
          const row = await db.claims.get(`${checkId}:${refinement.claimId}`);
          if (!row) return;
          await db.claims.update(row.id, {
            refinement,
            ...(row.assessment ? { assessment: { ...row.assessment, explanation: refinement.explanationAfter } } : {}),
          });
          if (refinement.revisionAfter !== undefined)
            await db.revisions.update(`${checkId}:r${row.claim.sentenceIndex}`, {
              'revision.revised': refinement.revisionAfter,
            });
        });
        return;
      }
      case 'warning':
        warnings.push(event.message);
        if (event.notice) notices[event.message] = event.notice;
        await touch({ warnings: [...warnings], ...(event.notice ? { notices: { ...notices } } : {}) });
        return;
    }
  }

  return {
    /** Queues an event's writes; call without awaiting from the pipeline's event callback. */
    record(event: PipelineEvent): void {
      void enqueue(() => write(event));
    },
    /**
     * Waits for every queued write, then stores the final status, headline and usage in one update, so no
     * reader ever sees a finished check with a band it will not keep; check-summary.ts says which status and
     * headline a result ends with. `servedFromCache`: when the answers it reused were first obtained.
     */
    async finish(
      result: CheckResult,
      status: CheckRecord['status'],
      finishOptions: { evidenceOnly?: boolean; servedFromCache?: number } = {},
    ): Promise<void> {
      await enqueue(async () => undefined);
      if (failure !== undefined) return end(englishError(failure), result.usage, failure);
      const summary = summarizeCheck(result, status, finishOptions.evidenceOnly);
      try {
        await db.checks.update(checkId, {
          status: summary.status,
          stage: 'done',
          ...summary.fields,
          usage: result.usage,
          warnings: result.warnings,
          ...(result.notices ? { notices: result.notices } : {}),
          today: result.today,
          progress: { ...progress },
          updatedAt: now(),
          ...(finishOptions.servedFromCache !== undefined
            ? { servedFromCache: { checkedAt: finishOptions.servedFromCache } }
            : {}),
        });
      } catch (error) {
        const notice = { ...writeFailureNotice(error), finalSave: true };
        await end(englishError(notice), result.usage, notice);
      }
    },
    /**
     * Ends the check "failed" with `message` (English, for older readers, the CLI and the JSON export) and its
     * `notice` when the cause has a code (worded in the interface language when shown), or with the storage
     * failure that stopped it, which came first.
     */
    async fail(message: string, notice?: ErrorNotice): Promise<void> {
      await enqueue(async () => undefined);
      await (failure !== undefined ? end(englishError(failure), undefined, failure) : end(message, undefined, notice));
    },
    /** The first write failure, once there was one. */
    get failure(): string | undefined {
      return failure && englishError(failure);
    },
  };

  /**
   * Marks the check failed, keeping what was written. A full update may fail where a smaller one passes (it
   * writes less), so the bare status and reason are tried next; if that fails too, the caller is told.
   */
  async function end(message: string, usage?: CheckResult['usage'], notice?: ErrorNotice): Promise<void> {
    // No code: an earlier one is removed (Dexie deletes a property updated to undefined), so these words are shown.
    const base = { status: 'failed' as const, error: message, errorNotice: notice, updatedAt: now() };
    try {
      await db.checks.update(checkId, {
        ...base,
        stage: 'done',
        progress: { ...progress },
        ...(usage ? { usage } : {}),
      });
    } catch {
      await db.checks.update(checkId, base);
    }
  }
}

/**
 * Why a step could not be saved, as a code worded when shown. A full disk (IndexedDB's QuotaExceededError, which
 * Dexie names the same) is said in words they can act on; anything else with the browser's own message.
 */
export function writeFailureNotice(error: unknown): ErrorNotice {
  const name = error instanceof Error ? error.name : '';
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  const quota = name === Dexie.errnames.QuotaExceeded || inner === Dexie.errnames.QuotaExceeded;
  // Dexie repeats the inner error on further lines ("…\n QuotaExceededError: …"): the first line says it.
  const detail = (errorMessage(error).split('\n')[0] ?? '').trim().replace(/\.$/, '');
  return { code: quota ? 'storage-full' : 'not-saved', detail };
}
