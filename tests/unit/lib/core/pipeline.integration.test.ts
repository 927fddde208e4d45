import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../lib/core/pipeline-types';
import { scoreText } from '../../../../lib/core/score/credibility';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import {
  type FactWorld,
  startFactWorld,
  WORLD_TEXT,
  worldResponder as worldAnswer,
} from '../../../../scripts/lib/servers/index';

/**
 * The whole core against real loopback servers: the OpenAI-compatible model (scripted), SearXNG and four
 * evidence sites on distinct loopback hosts, through the same wiring the extension uses.
 */
describe('the pipeline end to end in Node', () => {
  let world: FactWorld;
  const settingsFor = (change: Partial<Settings['evidence']> = {}): Settings => ({
    ...DEFAULT_SETTINGS,
    model: {
      preset: 'custom',
      profiles: {
        custom: {
          baseUrl: world.model.baseUrl,
          apiKey: 'sk-world',
          fastModel: 'fake-fast',
          strongModel: 'fake-strong',
          embeddingModel: '',
          structuredOutput: 'json_schema',
        },
      },
    },
    search: {
      ...DEFAULT_SETTINGS.search,
      wikipedia: { enabled: false },
      searxng: { enabled: true, baseUrl: world.searxng.baseUrl },
    },
    evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true, ...change },
  });
  const wire = (settings = settingsFor(), cache = createMemoryCache()) =>
    createPipelineDeps(settings, {
      extractor: createLinkedomExtractor(),
      cache,
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });

  beforeAll(async () => {
    world = await startFactWorld({ apiKey: 'sk-world' });
  });
  beforeEach(() => {
    world.model.faults.clear();
    world.searxng.faults.clear();
    for (const site of world.sites.values()) site.faults.clear();
  });
  afterAll(() => world.close());

  it('produces sentences, claims, evidence, verdicts, scores and a revision, reporting progress as it goes', async () => {
    const { deps, options } = wire();
    const events: PipelineEvent[] = [];
    const result = await runCheck(WORLD_TEXT, deps, { ...options, onEvent: (event) => events.push(event) });

    expect(result.language).toBe('en');
    expect(result.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(result.sentences.map((s) => s.text)).toHaveLength(6);
    for (const sentence of result.sentences) expect(WORLD_TEXT.slice(sentence.start, sentence.end)).toBe(sentence.text);

    expect(result.claims).toHaveLength(9);
    const opinion = result.claims.find((c) => c.text.includes('most beautiful'))!;
    expect(opinion.checkWorthy).toBe(false);
    for (const claim of result.claims) {
      const sentence = result.sentences[claim.sentenceIndex]!;
      expect(claim.span.start).toBeGreaterThanOrEqual(sentence.start);
      expect(claim.span.end).toBeLessThanOrEqual(sentence.end);
    }
    const completed = result.claims.find((c) => c.text === 'The Eiffel Tower was completed in 1889')!;
    expect(completed.anchored).toBe(true);
    expect(WORLD_TEXT.slice(completed.span.start, completed.span.end)).toBe('The Eiffel Tower was completed in 1889');

    expect(result.queries).toHaveLength(8);
    expect(result.queries[0]).toMatchObject({
      query: expect.any(String),
      question: expect.stringMatching(/^Is it true that/),
    });

    const eiffelEvidence = result.evidence.filter((e) => e.claimId === completed.id);
    expect(eiffelEvidence.length).toBeGreaterThanOrEqual(2);
    const fromPage = eiffelEvidence.find((e) => e.source.url.endsWith('/eiffel'))!;
    expect(fromPage).toMatchObject({
      origin: 'page',
      source: {
        title: expect.stringContaining('Eiffel Tower'),
        host: '127.0.0.2',
        sourceType: 'news',
        publishedAt: expect.stringMatching(/^2024-05-01/),
      },
    });
    expect(fromPage.passage).toContain('completed in 1889');
    expect(fromPage.passage).not.toContain('Home'); // navigation stripped by extraction

    const assessments = new Map(result.assessments.map((a) => [a.claimId, a]));
    expect(assessments.get(completed.id)).toMatchObject({
      verdict: 'supported',
      explanation: expect.stringContaining('['),
    });
    expect(assessments.get(completed.id)!.judgements.every((j) => j.rationale.length > 0)).toBe(true);
    const myth = result.claims.find((c) => c.text.includes('visible from the Moon'))!;
    expect(assessments.get(myth.id)?.verdict).toBe('refuted');
    expect(assessments.has(opinion.id)).toBe(false);

    const scores = scoreText(result.claims, assessments, result.evidence);
    expect(scores.claims.get(myth.id)?.score.band).toBe('red');
    expect(scores.claims.get(completed.id)?.score.band).toBe('green');
    expect(scores.sentences.get(5)?.band).toBe('grey');
    expect(scores.overall).toMatchObject({ checked: 8, total: 8 });

    expect(result.revisions).toEqual([
      {
        sentenceIndex: 3,
        original: 'The Great Wall of China is visible from the Moon with the naked eye.',
        revised: 'The Great Wall of China is not visible from the Moon with the naked eye.',
        changes: [
          expect.objectContaining({ from: 'is visible', to: 'is not visible', evidenceIds: [expect.any(String)] }),
        ],
      },
    ]);

    expect(result.usage.byStage.queries).toBeUndefined(); // written by the claims call
    expect(result.usage.total.calls).toBe(
      result.usage.byStage.claims!.calls +
        result.usage.byStage.verify!.calls +
        result.usage.byStage.revise!.calls +
        result.usage.byStage.explain!.calls +
        (result.usage.byStage['source-types']?.calls ?? 0),
    );
    // The refuted claim's explanation is scored (FinGrAct) and its citations checked, in one extra call.
    expect(result.usage.byStage.explain?.calls).toBe(1);
    expect(result.actionability[myth.id]).toMatchObject({
      errorDetection: 2,
      correction: 2,
      outOfFive: expect.any(Number),
      errors: [expect.objectContaining({ named: true, corrected: true })],
    });
    expect(result.actionability[myth.id]!.linkScores.length).toBeGreaterThan(0);
    expect(result.attribution[myth.id]).toMatchObject({
      precision: 1,
      citations: [expect.objectContaining({ sentenceIndex: 0, supported: true })],
    });
    expect(Object.keys(result.actionability)).toEqual([myth.id]);
    expect(result.links).toEqual([]); // the text cites no links
    expect(result.refinements).toEqual([]); // Fast mode
    expect(result.usage.byStage.claims?.calls).toBe(2); // two batches of three sentences, side by side
    expect(result.usage.byStage.verify?.calls).toBe(8);
    expect(result.usage.total.promptTokens).toBeGreaterThan(0);
    expect(result.usage.searchCalls).toBe(8);
    // Each evidence page is read once per check, however many claims found it.
    const pageRequests = [...world.sites.values()].flatMap((site) =>
      site.requests.map((r) => `${site.origin}${r.path}`),
    );
    expect(new Set(pageRequests).size).toBe(pageRequests.length);
    expect(result.warnings).toEqual([]);

    const firstAssessment = events.findIndex((e) => e.type === 'assessment');
    const lastAssessment = events.findLastIndex((e) => e.type === 'assessment');
    expect(firstAssessment).toBeGreaterThan(events.findIndex((e) => e.type === 'claims'));
    expect(events.findIndex((e) => e.type === 'revisions')).toBeGreaterThan(lastAssessment);
  });

  it('re-checks from the cache with no model, search or page request', async () => {
    const cache = createMemoryCache();
    const { deps, options } = wire(settingsFor(), cache);
    const first = await runCheck(WORLD_TEXT, deps, options);
    const before = world.requestCount();
    const second = await runCheck(WORLD_TEXT, deps, options);
    expect(world.requestCount()).toBe(before);
    expect(second.assessments.map((a) => a.verdict).sort()).toEqual(first.assessments.map((a) => a.verdict).sort());
    // A forced re-check fetches evidence again (model replies stay cached).
    await runCheck(WORLD_TEXT, deps, { ...options, fresh: true });
    expect(world.searxng.requests.length).toBeGreaterThan(0);
    expect(world.requestCount()).toBeGreaterThan(before);
  });

  it('survives 429s and 500s from the model by retrying, and honours Retry-After', async () => {
    world.model.faults.next({ kind: 'rate-limit', retryAfterSeconds: 0 }, 2);
    world.model.faults.next({ kind: 'server-error' }, 1);
    const { deps, options } = wire();
    const result = await runCheck('The Eiffel Tower was completed in 1889 and stands in Paris.', deps, options);
    expect(result.assessments.every((a) => a.verdict === 'supported')).toBe(true);
  });

  it('marks claims "could not check", never false, when the model keeps failing', async () => {
    const { deps, options } = wire();
    world.model.respondWith((request) =>
      request.response_format?.type === 'json_schema' &&
      request.response_format.json_schema.name === 'claim_verification'
        ? 'this is not JSON'
        : worldAnswer(request),
    );
    try {
      const result = await runCheck('Mount Everest is the highest mountain on Earth, at 8,849 metres.', deps, options);
      expect(result.assessments.length).toBe(2);
      for (const assessment of result.assessments) {
        expect(assessment.verdict).toBe('could-not-check');
        // The cause itself, as the check states it once at its top (no "Could not check:" prefix on each claim).
        expect(assessment.error).toMatch(/^The model's reply for "claim_verification"/);
        // …and as a code, which the views word in the interface language (lib/view/error-words.ts).
        expect(assessment.errorNotice).toMatchObject({ code: 'reply-malformed', step: 'claim_verification' });
      }
      const scores = scoreText(result.claims, new Map(result.assessments.map((a) => [a.claimId, a])), result.evidence);
      expect(scores.overall).toMatchObject({ value: null, band: 'unknown', checked: 0 });
    } finally {
      world.model.respondWith(worldAnswer);
    }
  });

  it('keeps going when search fails or finds nothing, and says so', async () => {
    world.searxng.faults.always({ kind: 'server-error' });
    const { deps, options } = wire();
    const failed = await runCheck('Marie Curie won two Nobel Prizes, in physics and in chemistry.', deps, options);
    expect(failed.assessments.every((a) => a.verdict === 'could-not-check')).toBe(true);
    expect(failed.warnings.some((w) => /SearXNG/.test(w))).toBe(true);
    world.searxng.faults.clear();
    const nothing = await runCheck('The quokka is a small marsupial.', deps, options);
    expect(nothing.assessments.every((a) => a.verdict === 'not-enough-evidence')).toBe(true);
  });

  it('falls back to the search snippet for a dead or hanging page', async () => {
    world.sites.get('eiffel')!.faults.always({ kind: 'server-error' });
    const { deps, options } = wire();
    const result = await runCheck('The Eiffel Tower was completed in 1889 and stands in Paris.', deps, {
      ...options,
      pageTimeoutMs: 500,
    });
    const snippets = result.evidence.filter((e) => e.origin === 'snippet');
    expect(snippets.length).toBeGreaterThan(0);
    expect(snippets[0]!.source.url).toContain('/eiffel');
    expect(result.assessments.every((a) => a.verdict !== 'could-not-check')).toBe(true);
  });

  it('stops cleanly at the token budget, keeping what it has and marking the rest', async () => {
    const { deps, options } = wire();
    const result = await runCheck(WORLD_TEXT, deps, { ...options, tokenBudget: 1 });
    expect(result.stopped).toBe('budget');
    expect(result.assessments.length).toBeGreaterThan(0);
    expect(result.assessments.every((a) => a.verdict === 'could-not-check' && /budget/.test(a.error ?? ''))).toBe(true);
    expect(result.assessments.every((a) => a.errorNotice?.code === 'not-checked-budget')).toBe(true);
  });

  it('handles text without check-worthy claims, and empty text', async () => {
    const { deps, options } = wire();
    const opinion = await runCheck('I think Paris is the most beautiful city in the world.', deps, options);
    expect(opinion.claims.every((c) => !c.checkWorthy)).toBe(true);
    expect(opinion.assessments).toEqual([]);
    const empty = await runCheck('   ', deps, options);
    expect(empty.sentences).toEqual([]);
    expect(empty.usage.total.calls).toBe(0);
  });
});
