import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Evidence, SourceType } from '../../../../lib/core/types';
import { loadCheckView } from '../../../../lib/db/check-view';
import { createCheckWriter, EMPTY_PROGRESS, unsavedWarning } from '../../../../lib/db/check-writer';
import { FactlightDb } from '../../../../lib/db/schema';

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

  it('stores links, scores, text attribution, and a refinement that replaces the explanation and the revision', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const claim = {
      id: 'c0-0',
      sentenceIndex: 0,
      text: 'The wall is visible from the Moon',
      span: { start: 0, end: 33 },
      anchored: true,
      checkWorthy: true,
    };
    writer.record({ type: 'claims', claims: [claim] });
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
    await writer.finish(
      {
        text: '',
        language: 'en',
        today: '2026-11-22',
        sentences: [],
        claims: [claim],
        queries: [],
        evidence: [],
        assessments: [],
        revisions: [],
        links: [],
        actionability: {},
        attribution: {},
        refinements: [],
        usage: {
          byStage: {},
          total: { promptTokens: 0, completionTokens: 0, calls: 0 },
          searchCalls: 0,
          pageFetches: 0,
        },
        warnings: [],
      },
      'done',
    );

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

  it('saves an early verdict at once and counts it once when its whole assessment follows', async () => {
    const writer = createCheckWriter(db, 'k', () => 2);
    const claim = {
      id: 'c0-0',
      sentenceIndex: 0,
      text: 'The wall is visible from the Moon',
      span: { start: 0, end: 33 },
      anchored: true,
      checkWorthy: true,
    };
    const judged = {
      claimId: 'c0-0',
      verdict: 'refuted' as const,
      judgements: [{ evidenceId: 'e0', stance: 'refutes' as const, rationale: '' }],
      explanation: '',
      citedEvidenceIds: ['e0'],
    };
    writer.record({ type: 'claims', claims: [claim] });
    writer.record({ type: 'verdict', assessment: { ...judged, explaining: true } });
    await writer.finish(
      {
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
        usage: {
          byStage: {},
          total: { promptTokens: 0, completionTokens: 0, calls: 0 },
          searchCalls: 0,
          pageFetches: 0,
        },
        warnings: [],
      },
      'running',
    );
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
    await writer.finish(
      {
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
        usage: {
          byStage: {},
          total: { promptTokens: 0, completionTokens: 0, calls: 0 },
          searchCalls: 0,
          pageFetches: 0,
        },
        warnings: [],
      },
      'done',
    );
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
    await writer.finish(
      {
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
        usage: {
          byStage: {},
          total: { promptTokens: 0, completionTokens: 0, calls: 0 },
          searchCalls: 0,
          pageFetches: 0,
        },
        warnings: [],
      },
      'done',
    );

    const view = (await loadCheckView(db, 'k'))!;
    expect(view.evidence.map((item) => [item.id, item.source.sourceType])).toEqual([
      ['e0', 'fact-check'],
      ['e1', 'news'],
    ]);
  });

  it('keeps writing after a step that could not be saved, and the finished check says what is missing', async () => {
    const written: number[] = [];
    const writer = createCheckWriter(
      db,
      'k',
      () => 2,
      () => written.push(written.length),
    );
    const claim = {
      id: 'c0-0',
      sentenceIndex: 0,
      text: 'The wall is visible from the Moon',
      span: { start: 0, end: 33 },
      anchored: true,
      checkWorthy: true,
    };
    vi.spyOn(db.claims, 'bulkPut').mockRejectedValueOnce(new Error('QuotaExceededError: the disk is full'));
    writer.record({ type: 'claims', claims: [claim] });
    writer.record({ type: 'warning', message: 'One search source failed.' });
    await writer.finish(
      {
        text: '',
        language: 'en',
        today: '2026-11-22',
        sentences: [],
        claims: [claim],
        queries: [],
        evidence: [],
        assessments: [],
        revisions: [],
        links: [],
        actionability: {},
        attribution: {},
        refinements: [],
        usage: {
          byStage: {},
          total: { promptTokens: 0, completionTokens: 0, calls: 0 },
          searchCalls: 0,
          pageFetches: 0,
        },
        warnings: ['One search source failed.'],
      },
      'done',
    );

    const check = (await db.checks.get('k'))!;
    expect(check.status).toBe('done');
    expect(check.warnings).toEqual([
      'One search source failed.',
      unsavedWarning(['QuotaExceededError: the disk is full']),
    ]);
    expect(check.warnings[1]).toBe(
      'Part of this check could not be saved, so it may be missing here (QuotaExceededError: the disk is full). Re-check to see all of it.',
    );
    expect(await db.claims.count()).toBe(0);
    // The step after the failed one was written, and each step still told the page and badge.
    expect(written).toHaveLength(3);
  });
});
