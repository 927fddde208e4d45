/**
 * Cancels a check that no run holds: one left "running" or "queued" by a service worker that was stopped
 * mid-check, before a resume takes it up. The check ends "cancelled" at once, keeping what it had: its unjudged
 * claims are marked as the pipeline marks them when a cancel reaches it (core/verify/not-checked.ts), and its
 * row is summed up by the rule of a run that ends (check-summary.ts), so its headline, history row and badge
 * agree with the verdicts beneath them. One transaction reads the status and writes the end: a resume, which
 * takes a check up in a transaction of its own (run-manager.ts), either finds it cancelled or has taken it first.
 */
import { settleStoppedClaims } from '../core/verify/not-checked';
import { summarizeCheck } from './check-summary';
import { loadCheckView } from './check-view';
import type { FactlightDb } from './schema';
import { WAITING_CHECK_STATUSES } from './waiting-statuses';

/**
 * Ends the check "cancelled" when it waits to be resumed and `runsHere()` (asked inside the transaction) is
 * false; true when it did. A check that is done, failed, cancelled, gone, or run by this worker is left as it is.
 */
export async function cancelWaitingCheck(
  db: FactlightDb,
  checkId: string,
  now: () => number,
  runsHere: () => boolean,
): Promise<boolean> {
  const tables = [db.checks, db.sentences, db.claims, db.evidence, db.revisions, db.links];
  return db.transaction('rw', tables, async () => {
    const view = await loadCheckView(db, checkId);
    const waiting: readonly string[] = WAITING_CHECK_STATUSES;
    if (!view || !waiting.includes(view.check.status) || runsHere()) return false;
    const { check } = view;
    // An evidence-only check judges nothing: a cancel leaves its sentences and sources as they are.
    const stopped = check.evidenceOnly
      ? { claims: [], assessments: [] }
      : settleStoppedClaims(view.sentences, view.claims, view.assessments, 'cancelled');
    await db.claims.bulkPut(stopped.claims.map((claim) => ({ id: `${checkId}:${claim.id}`, checkId, claim })));
    for (const assessment of stopped.assessments)
      await db.claims.update(`${checkId}:${assessment.claimId}`, { assessment });
    const assessments = new Map(view.assessments);
    for (const assessment of stopped.assessments) assessments.set(assessment.claimId, assessment);
    const claims = [...view.claims, ...stopped.claims];
    const summary = summarizeCheck(
      {
        claims,
        assessments: [...assessments.values()],
        evidence: view.evidence,
        stopped: 'cancelled',
        searchOutcomes: Object.fromEntries(view.searches),
      },
      'cancelled',
      check.evidenceOnly,
    );
    // The counters as the writer keeps them (claims found, claims with a verdict, a stopped one counting), counted
    // from the rows the check keeps: a take-up resets the counters while the rows of an earlier run stay.
    const progress = {
      ...check.progress,
      claims: claims.length,
      checkWorthy: claims.filter((claim) => claim.checkWorthy).length,
      verdicts: assessments.size,
      evidence: view.evidence.length,
    };
    await db.checks.update(checkId, {
      status: summary.status,
      stage: 'done',
      ...summary.fields,
      progress,
      updatedAt: now(),
    });
    return true;
  });
}
