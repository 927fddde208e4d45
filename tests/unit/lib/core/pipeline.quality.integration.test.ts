import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runCheck } from '../../../../lib/core/pipeline';
import type { CheckResult, PipelineEvent } from '../../../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import {
  type FactWorld,
  startFactWorld,
  startWebServer,
  type WebServer,
  WORLD_TEXT,
  worldResponder as worldAnswer,
} from '../../../../scripts/lib/servers/index';
import type { ChatRequest } from '../../../../scripts/lib/servers/openai-server';

/**
 * Issue 6 through the whole core and the settings wiring, against loopback servers: the link audit of the
 * text's own links (with a loopback Wayback API), and Thorough mode's debate refinement.
 */
describe('the pipeline with link audit and Thorough mode', () => {
  let world: FactWorld;
  let links: WebServer;
  let archive: WebServer;
  const settingsFor = (checking: Partial<Settings['checking']> = {}): Settings => ({
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
    evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true },
    checking: { ...DEFAULT_SETTINGS.checking, webArchiveUrl: archive.origin, ...checking },
  });
  const wire = (settings: Settings) =>
    createPipelineDeps(settings, {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
    });

  beforeAll(async () => {
    world = await startFactWorld({ apiKey: 'sk-world' });
    links = await startWebServer({ host: '127.0.0.30' });
    links.route('/curie', {
      body: '<!doctype html><html><head><title>Marie Curie</title></head><body><article><h1>Marie Curie</h1><p>Marie Curie won two Nobel Prizes, in physics in 1903 and in chemistry in 1911, the only person to win in two sciences.</p><p>She was born in Warsaw in 1867 and moved to Paris in 1891 to study physics and mathematics at the Sorbonne, where she met Pierre Curie.</p><p>Her work on radioactivity, a term she coined, led to the discovery of polonium and radium, and she founded the Curie Institutes in Paris and in Warsaw.</p></article></body></html>',
    });
    links.route('/old-everest', { body: 'gone', status: 410, contentType: 'text/plain' });
    links.route('/snapshot-everest', {
      body: '<!doctype html><html><head><title>Everest (archived)</title></head><body><article><h1>Everest</h1><p>Mount Everest is the highest mountain on Earth, with a summit 8,849 metres above sea level.</p><p>It lies on the border between Nepal and the Tibet Autonomous Region of China, in the Mahalangur Himal sub-range of the Himalayas.</p><p>The first confirmed ascent was made in 1953 by Tenzing Norgay and Edmund Hillary, and thousands of climbers have reached the summit since.</p></article></body></html>',
    });
    archive = await startWebServer({ host: '127.0.0.31' });
    archive.route('/wayback/available', (request) => ({
      contentType: 'application/json',
      body: JSON.stringify(
        (request.query.get('url') ?? '').includes('old-everest')
          ? {
              archived_snapshots: {
                closest: {
                  available: true,
                  status: '200',
                  timestamp: '20240101000000',
                  url: `${links.origin}/snapshot-everest`,
                },
              },
            }
          : { archived_snapshots: {} },
      ),
    }));
  });
  afterAll(async () => {
    await Promise.all([world.close(), links.close(), archive.close()]);
  });

  it('audits the links the text cites, alongside the claims, using an archived copy of a dead one', async () => {
    const { deps, options } = wire(settingsFor());
    const text = `Marie Curie won two Nobel Prizes, in physics and in chemistry (see ${links.origin}/curie). Mount Everest is the highest mountain on Earth, per ${links.origin}/old-everest today.`;
    const events: PipelineEvent[] = [];
    const result = await runCheck(text, deps, { ...options, onEvent: (event) => events.push(event) });
    expect(result.links.map((link) => [link.url, link.status, link.exists, link.relevant, link.sentenceIndex])).toEqual(
      [
        [`${links.origin}/curie`, 'working', true, true, 0],
        [`${links.origin}/old-everest`, 'dead', true, true, 1],
      ],
    );
    expect(result.links[0]!.supports).toBe(true);
    expect(result.links[1]!.archivedUrl).toContain('snapshot-everest');
    expect(result.usage.byStage.links?.calls).toBe(1);
    // The text's own citations, masked and recovered: each link's passage backs the sentence citing it.
    expect(result.textAttribution).toMatchObject({
      precision: 1,
      citations: [
        { sentenceIndex: 0, citation: 1, supported: true },
        { sentenceIndex: 1, citation: 2, supported: true },
      ],
    });
    expect(events.filter((event) => event.type === 'links')).toHaveLength(1);
    expect(result.warnings).toEqual([]);
  });

  it('audits at most 30 links of a text, in text order, and says how many it left out', async () => {
    const { deps, options } = wire(settingsFor({ archiveLookup: false }));
    const text = `Marie Curie won two Nobel Prizes. Sources: ${Array.from({ length: 35 }, (_, i) => `${links.origin}/gone-${i}`).join(' ')}`;
    const result = await runCheck(text, deps, options);
    expect(result.links.map((link) => link.url)).toEqual(
      Array.from({ length: 30 }, (_, i) => `${links.origin}/gone-${i}`),
    );
    expect(result.links.every((link) => link.status === 'dead')).toBe(true);
    const capped = 'The text cites 35 links; the first 30 were checked.';
    expect(result.warnings).toContain(capped);
    // Listed by those English words, with a code beside them that the views word when shown.
    expect(result.notices?.[capped]).toEqual({ code: 'links-capped', where: 'text', found: 35, checked: 30 });
    expect(links.requests.filter((request) => request.path.startsWith('/gone-'))).toHaveLength(30);
  });

  it('skips the audit when it is turned off', async () => {
    const { deps, options } = wire(settingsFor({ auditLinks: false }));
    const result = await runCheck(`Marie Curie won two Nobel Prizes (see ${links.origin}/curie).`, deps, options);
    expect(result.links).toEqual([]);
    expect(links.requests.filter((request) => request.path === '/curie')).toHaveLength(1); // only the first test's fetch
  });

  it('in Thorough mode, refines the refuted claim through the critics and replaces its explanation', async () => {
    const fast = await runCheck(WORLD_TEXT, wire(settingsFor()).deps, wire(settingsFor()).options);
    const { deps, options } = wire(settingsFor({ mode: 'thorough' }));
    const events: PipelineEvent[] = [];
    const requestsBefore = world.model.requests.length;
    const result = await runCheck(WORLD_TEXT, deps, { ...options, onEvent: (event) => events.push(event) });
    // Every call whose words a person reads is told the text's language, so what it writes is in it: the judge,
    // the critics and the refiner, the revision, and the usefulness score (its errors and corrections).
    const writers = ['claim_verification', 'minimal_revisions', 'explanation_quality'];
    const written = world.model.requests.slice(requestsBefore).flatMap((request) => {
      const body = request.body as Partial<ChatRequest> | undefined;
      const format = body?.response_format;
      const name = format?.type === 'json_schema' ? format.json_schema.name : '';
      if (!writers.includes(name) && !name.startsWith('debate_')) return [];
      return [{ name, user: JSON.stringify(body?.messages?.filter((message) => message.role === 'user')) }];
    });
    expect(written.filter((call) => call.name === 'claim_verification')).toHaveLength(24);
    expect(written.filter((call) => call.name.startsWith('debate_'))).toHaveLength(5);
    expect(written.filter((call) => call.name === 'minimal_revisions')).toHaveLength(1);
    expect(written.filter((call) => call.name === 'explanation_quality')).toHaveLength(1);
    expect(written.filter((call) => !call.user.includes('Language of the text: en.'))).toEqual([]);
    const myth = result.claims.find((claim) => claim.text.includes('visible from the Moon'))!;
    expect(result.refinements).toEqual([
      expect.objectContaining({
        claimId: myth.id,
        rounds: 1,
        agreed: true,
        explanationAfter: expect.stringContaining('Astronauts have confirmed'),
        feedback: [expect.stringContaining('astronauts')],
      }),
    ]);
    expect(result.assessments.find((a) => a.claimId === myth.id)?.explanation).toContain('Astronauts have confirmed');
    // 2 reviews + 2 exchanges + 1 refiner, on top of everything Fast does.
    expect(result.usage.byStage.debate?.calls).toBe(5);
    // Fast judges each claim in one call; Thorough judges each page apart (issue 24, item 9): every one of
    // the 8 claims has 3 pages (its topic's article and notes, and another topic's article).
    const pages = (claimId: string) =>
      new Set(result.evidence.filter((item) => item.claimId === claimId).map((item) => item.source.url)).size;
    expect(result.assessments.map((assessment) => pages(assessment.claimId))).toEqual(Array(8).fill(3));
    expect(fast.usage.byStage.verify?.calls).toBe(8);
    expect(result.usage.byStage.verify?.calls).toBe(24);
    expect(result.usage.total.calls - fast.usage.total.calls).toBe(5 + 24 - 8);
    expect(events.some((event) => event.type === 'refinement')).toBe(true);
    // The final (refined) explanation is the one scored.
    expect(result.actionability[myth.id]?.errorDetection).toBe(2);
  });

  it('says a failed step as a code beside its English words, its cause with its own code', async () => {
    // (The link audit's own failures are the links' reasons; the audit fails as a whole only when cancelled:
    // tests/unit/lib/core/quality/quality-stages.test.ts.)
    /** The world's model, except that the calls named reply what no schema accepts (twice: the step fails). */
    const failing =
      (...names: string[]) =>
      (request: ChatRequest) =>
        request.response_format?.type === 'json_schema' && names.includes(request.response_format.json_schema.name)
          ? 'this is not JSON'
          : worldAnswer(request);
    /** The run's coded warning with `code`: listed by its English words (which start with `words`). */
    const warned = (result: CheckResult, code: string, words: string) => {
      const coded = Object.entries(result.notices ?? {}).filter(([, notice]) => notice.code === code);
      expect(coded, code).toHaveLength(1);
      const [listed, notice] = coded[0]!;
      expect(result.warnings).toContain(listed);
      expect(listed.startsWith(words), listed).toBe(true);
      return notice;
    };
    const malformed = (step: string) => ({
      cause: expect.stringContaining(`"${step}"`),
      causeNotice: expect.objectContaining({ code: 'reply-malformed', step }),
    });
    const linked = `Marie Curie won two Nobel Prizes, in physics and in chemistry (see ${links.origin}/curie).`;
    const check = (text: string) => runCheck(text, wire(settingsFor()).deps, wire(settingsFor()).options);
    try {
      world.model.respondWith(failing('citation_recovery'));
      const noAttribution = await check(linked);
      expect(noAttribution.links).toHaveLength(1);
      expect(
        warned(noAttribution, 'citations-not-attributed', "The text's citations could not be attributed: "),
      ).toEqual({ code: 'citations-not-attributed', ...malformed('citation_recovery') });
      world.model.respondWith(failing('explanation_quality', 'minimal_revisions'));
      const noScores = await check(WORLD_TEXT);
      expect(noScores.revisions).toEqual([]);
      expect(warned(noScores, 'explanations-not-scored', 'The explanations could not be scored: ')).toEqual({
        code: 'explanations-not-scored',
        ...malformed('explanation_quality'),
      });
      expect(warned(noScores, 'revisions-not-written', 'Revisions could not be written: ')).toEqual({
        code: 'revisions-not-written',
        ...malformed('minimal_revisions'),
      });
    } finally {
      world.model.respondWith(worldAnswer);
    }
  });

  /**
   * The user messages of the run's calls since `before` that write words a person reads (claims, verdicts, link
   * rationales, revisions, scores, the debate), by schema name. Last in this file: the link fetches of the tests
   * above are counted.
   */
  const writtenCalls = (before: number) =>
    world.model.requests.slice(before).flatMap((request) => {
      const body = request.body as Partial<ChatRequest> | undefined;
      const format = body?.response_format;
      const name = format?.type === 'json_schema' ? format.json_schema.name : '';
      const writers = ['atomic_claims', 'claim_verification', 'link_audit', 'minimal_revisions', 'explanation_quality'];
      if (!writers.includes(name) && !name.startsWith('debate_')) return [];
      return [{ name, user: JSON.stringify(body?.messages?.filter((message) => message.role === 'user')) }];
    });

  it('names a reliably detected language other than English to every call, the link audit too (issue 25)', async () => {
    const { deps, options } = wire(settingsFor());
    const before = world.model.requests.length;
    const text = `Marie Curie hat zwei Nobelpreise gewonnen, und sie ist die einzige Frau, die in zwei Wissenschaften ausgezeichnet wurde (siehe ${links.origin}/curie).`;
    const result = await runCheck(text, deps, options);
    expect(result.language).toBe('de');
    const calls = writtenCalls(before);
    expect(calls.map((call) => call.name)).toEqual(expect.arrayContaining(['atomic_claims', 'link_audit']));
    expect(calls.filter((call) => !call.user.includes('Language of the text: de.'))).toEqual([]);
  });

  it('names no language when the guess is not reliable: a short Spanish sentence is not called English', async () => {
    const { deps, options } = wire(settingsFor());
    const before = world.model.requests.length;
    const result = await runCheck(`Einstein ganó el Premio Nobel en 1921 (ver ${links.origin}/curie).`, deps, options);
    // The split still takes the best guess; only the prompts are spared it.
    expect(result.language).toBe('en');
    const calls = writtenCalls(before);
    expect(calls.map((call) => call.name)).toEqual(expect.arrayContaining(['atomic_claims', 'link_audit']));
    expect(calls.filter((call) => call.user.includes('Language of the text'))).toEqual([]);
  });
});
