import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { englishError, type ErrorNotice } from '../../../../lib/core/error-notices';
import { noticeKey } from '../../../../lib/core/notices';
import type { CheckResult } from '../../../../lib/core/pipeline-types';
import type { Evidence, SourceType } from '../../../../lib/core/types';
import { EMPTY_PROGRESS } from '../../../../lib/db/check-rows';
import { loadCheckView } from '../../../../lib/db/check-view';
import { createCheckWriter } from '../../../../lib/db/check-writer';
import { FactlightDb } from '../../../../lib/db/schema';
import { failureWords } from '../../../../lib/view/headline-words';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { failWrites } from '../../support/failing-writes';

const CLAIM = {
  id: 'c0-0',
  sentenceIndex: 0,
  text: 'The wall is visible from the Moon',
  span: { start: 0, end: 33 },
  anchored: true,
  checkWorthy: true,
};

const EVIDENCE: Evidence = {
  id: 'e0',
  claimId: 'c0-0',
  passage: 'It is not visible.',
  origin: 'page',
  source: { url: 'https://a.example/', host: 'a.example', title: 'A', provider: 'searxng', sourceType: 'news' },
};

/** A finished run's result with nothing in it but `change`. */
function emptyResult(change: Partial<CheckResult> = {}): CheckResult {
  return {
    text: '',
    language: 'en',
    today: '2026-11-22',
    sentences: [],
    claims: [],
    queries: [],
    evidence: [],
    assessments: [],
    revisions: [],
    links: [],
    actionability: {},
    attribution: {},
    refinements: [],
    usage: { byStage: {}, total: { promptTokens: 0, completionTokens: 0, calls: 0 }, searchCalls: 0, pageFetches: 0 },
    warnings: [],
    ...change,
  };
}

/** The writer's handling of the link audit and explanation-quality events (fake-indexeddb). */
describe('check writer: sources and explanation quality', () => {
  let db: FactlightDb;
  let count = 0;
  beforeEach(async () => {
    db = new FactlightDb(`writer-${++count}`);
    await db.checks.add({
      id: 'k',
      createdAt: 1,
      updatedAt: 1,
      status: 'running',
      origin: 'typed',
      text: 'The wall is visible from the Moon.',
      inputHash: 'h',
      searchWords: [],
      progress: { ...EMPTY_PROGRESS },
      warnings: [],
    });
  });
  afterEach(async () => {
    db.close();
    await Dexie.delete(db.name);
  });

  it('keeps counting the sentences a check was created with until the run splits them again', async () => {
    const writer = createCheckWriter(db, 'k', () => 2, undefined, { sentences: 1 });
    // A warning may come before the run's own split: the count written with it is the check's, not 0.
    writer.record({ type: 'warning', message: 'Slow model.' });
    await writer.finish(emptyResult(), 'cancelled');
    expect((await db.checks.get('k'))?.progress.sentences).toBe(1);
  });

  it('writes the sentences a run split itself, and only counts those it was given (stored with the check)', async () => {
    const sentence = { index: 0, start: 0, end: 34, text: 'The wall is visible from the Moon.', kind: 'prose' };
    const given = createCheckWriter(db, 'k', () => 2);
    given.record({ type: 'sentences', sentences: [sentence], language: 'fr', given: true });
    await given.finish(emptyResult(), 'done');
    expect(await db.sentences.count()).toBe(0);
    expect(await db.checks.get('k')).toMatchObject({ progress: { sentences: 1 } });
    expect((await db.checks.get('k'))?.language).toBeUndefined();

    const split = createCheckWriter(db, 'k', () => 3);
    split.record({ type: 'sentences', sentences: [sentence], language: 'en' });
    await split.finish(emptyResult(), 'done');
    expect(await db.sentences.toArray()).toEqual([{ ...sentence, id: 'k:s0', checkId: 'k' }]);
    expect(await db.checks.get('k')).toMatchObject({ language: 'en', progress: { sentences: 1 } });
  });

  it('stores links, scores, text attribution, and a refinement that replaces the explanation and the revision', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    writer.record({ type: 'claims', claims: [CLAIM] });
    writer.record({
      type: 'assessment',
      assessment: {
        claimId: 'c0-0',
        verdict: 'refuted',
        judgements: [],
        explanation: 'Wrong [1].',
        citedEvidenceIds: [],
      },
    });
    writer.record({
      type: 'revisions',
      revisions: [
        {
          sentenceIndex: 0,
          original: 'The wall is visible from the Moon.',
          revised: 'The wall is not visible from the Moon.',
          changes: [],
        },
      ],
    });
    writer.record({
      type: 'links',
      links: [
        {
          linkId: 'l0',
          url: 'https://a.example/',
          status: 'dead',
          detail: 'Gone.',
          exists: false,
          relevant: false,
          supports: false,
          rationale: 'Nothing read.',
          sentenceIndex: 0,
        },
      ],
    });
    writer.record({
      type: 'explanation-quality',
      actionability: {
        'c0-0': { errorDetection: 1, correction: 0, links: 0, total: 1, outOfFive: 0.8, errors: [], linkScores: [] },
      },
      attribution: { 'c0-0': { citations: [], precision: null, recall: null, f1: null } },
    });
    writer.record({
      type: 'text-attribution',
      attribution: {
        citations: [{ sentenceIndex: 0, citation: 1, supported: false }],
        precision: 0,
        recall: null,
        f1: null,
      },
    });
    writer.record({
      type: 'refinement',
      refinement: {
        claimId: 'c0-0',
        rounds: 2,
        agreed: true,
        feedback: ['Say what is right.'],
        explanationBefore: 'Wrong [1].',
        explanationAfter: 'It is not visible with the naked eye [1].',
        revisionBefore: 'The wall is not visible from the Moon.',
        revisionAfter: 'The wall is not visible from the Moon with the naked eye.',
      },
    });
    await writer.finish(emptyResult({ claims: [CLAIM] }), 'done');

    const view = (await loadCheckView(db, 'k'))!;
    expect(view.links.map((link) => [link.linkId, link.status])).toEqual([['l0', 'dead']]);
    expect(view.actionability.get('c0-0')?.outOfFive).toBe(0.8);
    expect(view.attribution.get('c0-0')).toMatchObject({ precision: null });
    expect(view.check.textAttribution?.citations).toEqual([{ sentenceIndex: 0, citation: 1, supported: false }]);
    expect(view.assessments.get('c0-0')?.explanation).toBe('It is not visible with the naked eye [1].');
    expect(view.refinements.get('c0-0')?.explanationBefore).toBe('Wrong [1].');
    expect(view.revisions).toEqual([
      {
        sentenceIndex: 0,
        original: 'The wall is visible from the Moon.',
        revised: 'The wall is not visible from the Moon with the naked eye.',
        changes: [],
      },
    ]);
  });

  it('fails a check whose every claim could not be judged, keeping the failure as counts and cause, worded when shown', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const cause = 'Could not reach http://127.0.0.1:8080/v1.';
    const failed = {
      claimId: CLAIM.id,
      verdict: 'could-not-check' as const,
      error: cause,
      judgements: [],
      rationale: '',
    };
    await writer.finish(emptyResult({ claims: [CLAIM], assessments: [failed as never] }), 'done');
    const check = (await db.checks.get('k'))!;
    expect(check.status).toBe('failed');
    expect(check.failure).toEqual({ failed: 1, claims: 1, cause: { message: cause, claims: 1 }, others: 0 });
    // No words stored: the views word the counts in the interface language, here the English catalogue's.
    expect(check.error).toBeUndefined();
    expect(failureWords(check.failure!, cause, defaultTranslator())).toBe(`The claim could not be judged: ${cause}`);
  });

  it('keeps a coded warning by its key, so the views can word it in the interface language', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const notice = { code: 'passages-not-judged' as const, left: 3, total: 8, claim: 'The wall' };
    const message = noticeKey(notice);
    writer.record({ type: 'warning', message, notice });
    writer.record({ type: 'warning', message: 'Brave Search refused the key (HTTP 401).' });
    await writer.finish(
      emptyResult({ warnings: [message, 'Brave Search refused the key (HTTP 401).'], notices: { [message]: notice } }),
      'done',
    );
    const check = (await db.checks.get('k'))!;
    expect(check.warnings).toEqual([message, 'Brave Search refused the key (HTTP 401).']);
    expect(check.notices).toEqual({ [message]: notice });
  });

  it('saves an early verdict at once and counts it once when its whole assessment follows', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const judged = {
      claimId: 'c0-0',
      verdict: 'refuted' as const,
      judgements: [{ evidenceId: 'e0', stance: 'refutes' as const, rationale: '' }],
      explanation: '',
      citedEvidenceIds: ['e0'],
    };
    writer.record({ type: 'claims', claims: [CLAIM] });
    writer.record({ type: 'verdict', assessment: { ...judged, explaining: true } });
    await writer.finish(emptyResult(), 'running');
    expect((await loadCheckView(db, 'k'))!.assessments.get('c0-0')).toMatchObject({
      verdict: 'refuted',
      explaining: true,
    });
    expect((await db.checks.get('k'))!.progress.verdicts).toBe(1);

    writer.record({
      type: 'assessment',
      assessment: {
        ...judged,
        judgements: [{ evidenceId: 'e0', stance: 'refutes', rationale: 'Says it is not visible.' }],
        explanation: 'It is not visible [1].',
      },
    });
    await writer.finish(emptyResult(), 'done');
    const assessment = (await loadCheckView(db, 'k'))!.assessments.get('c0-0')!;
    expect(assessment.explanation).toBe('It is not visible [1].');
    expect(assessment.explaining).toBeUndefined();
    expect((await db.checks.get('k'))!.progress.verdicts).toBe(1);
  });

  it("gives a host's type to its pages except those typed by their own path", async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const page = (id: string, url: string, sourceType: SourceType): Evidence => ({
      id,
      claimId: 'c0-0',
      passage: 'Text.',
      origin: 'page',
      source: { url, host: 'reuters.com', title: id, provider: 'searxng', sourceType },
    });
    writer.record({
      type: 'evidence',
      claimId: 'c0-0',
      evidence: [
        page('e0', 'https://www.reuters.com/fact-check/wall-moon/', 'fact-check'),
        page('e1', 'https://www.reuters.com/world/wall/', 'other'),
      ],
    });
    writer.record({ type: 'source-types', types: { 'reuters.com': 'news' } });
    await writer.finish(emptyResult(), 'done');

    const view = (await loadCheckView(db, 'k'))!;
    expect(view.evidence.map((item) => [item.id, item.source.sourceType])).toEqual([
      ['e0', 'fact-check'],
      ['e1', 'news'],
    ]);
  });

  it('stops at the first step that cannot be saved (a full disk), fails the check with the reason, and keeps what was written', async () => {
    await failWrites(db, 'evidence');
    const written: number[] = [];
    const failures: string[] = [];
    const writer = createCheckWriter(
      db,
      'k',
      () => 2,
      () => written.push(written.length),
      { onFailure: (reason) => failures.push(reason) },
    );
    writer.record({ type: 'claims', claims: [CLAIM] });
    writer.record({ type: 'evidence', claimId: 'c0-0', evidence: [EVIDENCE] });
    writer.record({ type: 'warning', message: 'One search source failed.' });
    await writer.finish(emptyResult({ claims: [CLAIM], warnings: ['One search source failed.'] }), 'done');

    const check = (await db.checks.get('k'))!;
    expect(check.status).toBe('failed');
    expect(check.error).toMatch(/^Storage is full: .*quota.*\. What was found before is kept; delete old checks/);
    expect(failures).toEqual([check.error]);
    expect(check.errorNotice).toMatchObject({ code: 'storage-full' });
    expect(check.error).toBe(englishError(check.errorNotice!));
    expect(writer.failure).toBe(check.error);
    // The claim written before the failure is kept; nothing after it was attempted.
    expect((await db.claims.toArray()).map((row) => row.id)).toEqual(['k:c0-0']);
    expect(await db.evidence.count()).toBe(0);
    expect(check.warnings).toEqual([]);
    // Each step (and the end) still told the page and badge, the skipped ones included.
    expect(written).toHaveLength(4);
  });

  it('says what any other failed write was, and a later failure of the run keeps the storage reason', async () => {
    vi.spyOn(db.claims, 'bulkPut').mockRejectedValueOnce(new Error('The database connection is closing.'));
    const writer = createCheckWriter(db, 'k', () => 2);
    writer.record({ type: 'claims', claims: [CLAIM] });
    await writer.fail('The model stopped answering.', { code: 'timed-out', provider: 'OpenAI' });
    const check = (await db.checks.get('k'))!;
    expect(check.error).toBe(
      'Part of this check could not be saved (The database connection is closing), so it stopped. What was found before is kept; re-check to try again.',
    );
    // The storage reason's code, not the later one's.
    expect(check.errorNotice).toEqual({ code: 'not-saved', detail: 'The database connection is closing' });
  });

  it("keeps a run's failure as a code beside its English, so it is worded when shown", async () => {
    const notice: ErrorNotice = { code: 'unreachable', url: 'http://127.0.0.1:9/v1' };
    const writer = createCheckWriter(db, 'k', () => 2);
    await writer.fail(englishError(notice), notice);
    expect(await db.checks.get('k')).toMatchObject({
      status: 'failed',
      error: 'Could not reach http://127.0.0.1:9/v1.',
      errorNotice: notice,
    });
    // A failure without a code leaves none behind: the words shown are its own.
    await writer.fail('Something unexpected.');
    const check = (await db.checks.get('k'))!;
    expect(check.error).toBe('Something unexpected.');
    expect(check).not.toHaveProperty('errorNotice');
  });

  it('never leaves a check "running" when its final update fails: a smaller one marks it failed', async () => {
    await failWrites(db, 'checks', (values) => values.some((row) => (row as { status?: string }).status === 'done'));
    const writer = createCheckWriter(db, 'k', () => 2);
    writer.record({ type: 'claims', claims: [CLAIM] });
    await writer.finish(emptyResult({ claims: [CLAIM] }), 'done');
    const check = (await db.checks.get('k'))!;
    expect(check.status).toBe('failed');
    expect(check.error).toMatch(/^The result could not be saved\. Storage is full: /);
    expect(check.errorNotice).toMatchObject({ code: 'storage-full', finalSave: true });
    expect(check.error).toBe(englishError(check.errorNotice!));
  });

  it('rejects when not even the bare "failed" status can be written, so the caller knows', async () => {
    await failWrites(db, 'checks', (values) => values.some((row) => (row as { status?: string }).status !== 'running'));
    const writer = createCheckWriter(db, 'k', () => 2);
    await expect(writer.finish(emptyResult(), 'done')).rejects.toThrow(/quota/i);
    expect((await db.checks.get('k'))!.status).toBe('running');
  });
});
