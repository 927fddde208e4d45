import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { NOT_CHECKED_CANCELLED } from '../../../../lib/core/verify/not-checked';
import { cancelWaitingCheck } from '../../../../lib/db/cancel-waiting-check';
import { EMPTY_PROGRESS } from '../../../../lib/db/check-rows';
import { type CheckView, loadCheckView } from '../../../../lib/db/check-view';
import type { FactlightDb } from '../../../../lib/db/schema';
import { recordHeadline, viewHeadline } from '../../../../lib/view/check-headline';
import { buildCheckView, freshDb, seedView, SENTENCES } from '../../support/check-fixtures';

const CANCELLED = {
  verdict: 'could-not-check',
  error: NOT_CHECKED_CANCELLED,
  errorNotice: { code: 'not-checked-cancelled' },
};

/**
 * The check of check-fixtures.ts as a stopped worker left it mid-check: c0-0 judged (refuted), c1-0 with an early
 * verdict whose explanation was still being written, c1-1 found but not judged, c2-0 not worth checking, and the
 * last sentence not yet reached by the claim extraction (no claims).
 */
function leftMidCheck(): CheckView {
  const view = buildCheckView({ status: 'running' });
  view.assessments.set('c1-0', { ...view.assessments.get('c1-0')!, explanation: '', explaining: true });
  view.assessments.delete('c1-1');
  view.assessments.delete('c3-0');
  view.claims = view.claims.filter((claim) => claim.id !== 'c3-0');
  view.check.progress = { sentences: 4, claims: 4, checkWorthy: 3, verdicts: 2, evidence: view.evidence.length };
  return view;
}

describe('cancelling a check no run holds', () => {
  let db: FactlightDb;
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });
  const now = () => 42;

  it('ends it cancelled, its unfinished claims marked as a cancelled run marks them, its row summed up from them', async () => {
    db = freshDb();
    const before = leftMidCheck();
    await seedView(db, before);
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => false)).toBe(true);

    const view = (await loadCheckView(db, 'chk-1'))!;
    expect(view.check).toMatchObject({ status: 'cancelled', stopped: 'cancelled', stage: 'done', updatedAt: 42 });
    expect(view.assessments.get('c0-0')).toEqual(before.assessments.get('c0-0'));
    expect(view.assessments.get('c1-0')).toMatchObject(CANCELLED);
    expect(view.assessments.get('c1-1')).toMatchObject(CANCELLED);
    expect(view.assessments.has('c2-0')).toBe(false);
    // The sentence the extraction never reached stands as its own claim, not checked: it is not silently dropped.
    expect(view.claims.find((claim) => claim.sentenceIndex === 3)).toMatchObject({
      id: 'c3-0',
      text: SENTENCES[3],
      checkWorthy: true,
    });
    expect(view.assessments.get('c3-0')).toMatchObject(CANCELLED);
    // The first line agrees with the verdicts beneath it: one refuted, three not checked; red, never "credible".
    expect(view.check.verdicts).toEqual({ refuted: 1, 'could-not-check': 3 });
    expect(view.check.band).toBe('red');
    expect(view.check.claimsChecked).toBe(1);
    expect(view.check.claimsTotal).toBe(4);
    expect(recordHeadline(view.check)).toEqual(viewHeadline(view).headline);
    expect(view.check.progress).toMatchObject({ claims: 5, checkWorthy: 4, verdicts: 4 });
  });

  it('ends cancelled a check the intake wrote and no run took up: each prose sentence stands as a claim, not checked', async () => {
    db = freshDb();
    // As new-check.ts writes it: "running", its sentences stored (one of them code), no claims, nothing summed up.
    const texts = [...SENTENCES.slice(0, 2), '`npm install factlight`', SENTENCES[3]!];
    const { check, sentences } = buildCheckView({ status: 'running', sentences: texts });
    const { score, band, claimsChecked, claimsTotal, verdicts, averagedOver, stage, ...written } = check;
    void [score, band, claimsChecked, claimsTotal, verdicts, averagedOver, stage];
    await db.checks.put({
      ...written,
      warnings: [],
      progress: { ...EMPTY_PROGRESS, sentences: texts.length },
    });
    await db.sentences.bulkPut(
      sentences.map((sentence) => (sentence.index === 2 ? { ...sentence, kind: 'code' } : sentence)),
    );
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => false)).toBe(true);

    const view = (await loadCheckView(db, 'chk-1'))!;
    const prose = [0, 1, 3];
    expect(view.claims.map((claim) => claim.id)).toEqual(prose.map((i) => `c${i}-0`));
    for (const i of prose) {
      expect(view.claims.find((claim) => claim.id === `c${i}-0`)).toMatchObject({ text: texts[i], checkWorthy: true });
      expect(view.assessments.get(`c${i}-0`)).toMatchObject(CANCELLED);
    }
    expect(view.check).toMatchObject({ status: 'cancelled', stopped: 'cancelled', band: 'unknown' });
    expect(view.check.verdicts).toEqual({ 'could-not-check': prose.length });
    expect(view.check.progress).toMatchObject({ sentences: texts.length, claims: prose.length });
    expect(recordHeadline(view.check)).toEqual(viewHeadline(view).headline);
  });

  it('counts its progress from the rows it keeps, not from counters a take-up reset', async () => {
    db = freshDb();
    const before = leftMidCheck();
    // A run took it up (progress back to its sentences) and its worker was stopped before it wrote a step.
    before.check.progress = { ...EMPTY_PROGRESS, sentences: 4 };
    await seedView(db, before);
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => false)).toBe(true);
    const view = (await loadCheckView(db, 'chk-1'))!;
    expect(view.check.progress).toEqual({
      sentences: 4,
      claims: 5,
      checkWorthy: 4,
      verdicts: 4,
      evidence: before.evidence.length,
    });
  });

  it('leaves alone a check that is not waiting, or that a run of this worker has taken up', async () => {
    db = freshDb();
    await seedView(db, leftMidCheck());
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => true)).toBe(false);
    expect((await db.checks.get('chk-1'))?.status).toBe('running');
    expect(await cancelWaitingCheck(db, 'gone', now, () => false)).toBe(false);
    await seedView(db, buildCheckView({ id: 'chk-2', status: 'done' }));
    const done = await db.checks.get('chk-2');
    expect(await cancelWaitingCheck(db, 'chk-2', now, () => false)).toBe(false);
    expect(await db.checks.get('chk-2')).toEqual(done);
    // Cancelled once, a second cancel changes nothing.
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => false)).toBe(true);
    const cancelled = await db.checks.get('chk-1');
    expect(
      await cancelWaitingCheck(
        db,
        'chk-1',
        () => 99,
        () => false,
      ),
    ).toBe(false);
    expect(await db.checks.get('chk-1')).toEqual(cancelled);
  });

  it('ends an evidence-only check cancelled with its sources to compare, judging nothing', async () => {
    db = freshDb();
    const view = buildCheckView({ status: 'queued' });
    view.assessments.clear();
    view.check.evidenceOnly = true;
    await seedView(db, view);
    expect(await cancelWaitingCheck(db, 'chk-1', now, () => false)).toBe(true);
    const after = (await loadCheckView(db, 'chk-1'))!;
    expect(after.check).toMatchObject({ status: 'cancelled', stopped: 'cancelled', band: 'neutral', score: null });
    expect(after.check.verdicts).toEqual({});
    expect(after.assessments.size).toBe(0);
    expect(after.claims).toEqual(view.claims);
  });
});
