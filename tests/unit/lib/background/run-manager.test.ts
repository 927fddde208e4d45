import { readFile } from 'node:fs/promises';

import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { draftCheck } from '../../../../lib/background/check-draft';
import { interfaceLanguageReady } from '../../../../lib/background/interface-language';
import { createRunManager } from '../../../../lib/background/run-manager';
import { englishError } from '../../../../lib/core/error-notices';
import { NOT_CHECKED_CANCELLED } from '../../../../lib/core/verify/not-checked';
import { sentenceRows } from '../../../../lib/db/check-rows';
import { loadCheckView } from '../../../../lib/db/check-view';
import type { CheckRecord } from '../../../../lib/db/entities';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { languageModelOf } from '../../../../lib/llm/prompt-api';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { failedReason, recordHeadline, viewHeadline } from '../../../../lib/view/check-headline';
import { evidenceOnlyReasonWords } from '../../../../lib/view/error-words';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { installFakeLanguageModel } from '../../../../scripts/lib/servers/fake-language-model';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';
import { buildCheckView } from '../../support/check-fixtures';
import { failWrites } from '../../support/failing-writes';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

/** The background's run manager with a real Dexie database (fake-indexeddb) and the loopback world. */
describe('run manager', () => {
  let world: FactWorld;
  let db: FactlightDb;
  let settings: Settings;
  let dbCount = 0;
  const manager = (fetchImpl?: typeof fetch) =>
    createRunManager({
      db,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  const statusOf = async (id: string) => (await db.checks.get(id))?.status;

  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(() => world.close());
  afterEach(async () => {
    world.model.faults.clear();
    db.close();
    await Dexie.delete(db.name);
  });
  const freshDb = () => {
    db = new FactlightDb(`runs-${++dbCount}`);
    settings = worldSettings(world);
  };

  it('runs a check in the background and persists every part of it', async () => {
    freshDb();
    const runs = manager();
    const started = await runs.start({
      text: WORLD_TEXT,
      origin: 'typed',
      pageUrl: 'https://www.example.com/a',
      pageTitle: 'Facts',
    });
    expect(started.ok).toBe(true);
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const view = (await loadCheckView(db, checkId))!;
    expect(view.check).toMatchObject({
      site: 'example.com',
      band: expect.any(String),
      claimsChecked: 8,
      claimsTotal: 8,
      progress: { sentences: 6, claims: 9, checkWorthy: 8, verdicts: 8 },
    });
    expect(view.check.searchWords).toEqual(expect.arrayContaining(['example.com', 'facts', 'eiffel']));
    expect(view.sentences).toHaveLength(6);
    expect(view.assessments.size).toBe(8);
    expect(view.queries.size).toBe(8);
    expect(view.evidence.length).toBeGreaterThan(8);
    expect(view.evidence.every((e) => e.source.sourceType === 'news')).toBe(true);
    expect(view.revisions).toHaveLength(1);
    // two claim batches, 8 verdicts, revision, explanations, source types
    expect(view.check.usage?.total.calls).toBe(13);
    const myth = view.claims.find((claim) => claim.text.includes('visible from the Moon'))!;
    expect(view.actionability.get(myth.id)?.outOfFive).toBeGreaterThan(0);
    expect(view.attribution.get(myth.id)?.citations.length).toBeGreaterThan(0);
  });

  it('audits the links a chatbot reply cites at their places in the text, and a re-check keeps them', async () => {
    freshDb();
    settings = { ...settings, checking: { ...settings.checking, archiveLookup: false } };
    const runs = manager();
    const text =
      'Marie Curie won two Nobel Prizes, in physics and in chemistry. Mount Everest is the highest mountain on Earth.';
    const pill = text.indexOf(' Mount'); // a citation pill right after the first sentence
    const everest = `${world.sites.get('everest')!.origin}/everest`;
    const curie = `${world.sites.get('curie')!.origin}/curie`;
    const started = await runs.start({
      text,
      origin: 'chatbot-reply',
      citations: [
        { url: curie, title: 'Curie', start: pill, end: pill },
        { url: everest, title: 'Everest', start: text.length, end: text.length },
      ],
    });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const links = (await loadCheckView(db, checkId))!.links;
    expect(links.map((link) => [link.url, link.sentenceIndex, link.status, link.exists])).toEqual([
      [curie, 0, 'working', true],
      [everest, 1, 'working', true],
    ]);

    const again = await runs.recheck(checkId);
    const againId = again.ok ? again.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(againId)).toBe('done'), { timeout: 20_000, interval: 20 });
    expect((await loadCheckView(db, againId))!.links.map((link) => link.url)).toEqual([curie, everest]);
  });

  it('with no model, finds sources per sentence (evidence-only); "Judge these sources" judges them with no new search for the same queries', async () => {
    freshDb();
    const withModel = settings;
    settings = { ...settings, model: DEFAULT_SETTINGS.model };
    // Every state the check row passes through, as a live query would see it after each write.
    const states: Array<{ status?: string; band?: string }> = [];
    db.checks.hook('updating', (changes, _key, before) => {
      const after = { ...before, ...(changes as object) } as { status?: string; band?: string };
      states.push({ status: after.status, band: after.band });
    });
    const runs = manager();
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const view = (await loadCheckView(db, checkId))!;
    expect(view.check).toMatchObject({ evidenceOnly: true, band: 'neutral', score: null });
    // Finished in one write: never "done" with the "could not check" band, not even for a moment.
    expect(states.filter((state) => state.status === 'done')).toEqual([{ status: 'done', band: 'neutral' }]);
    expect(states.some((state) => state.band === 'unknown')).toBe(false);
    expect(view.assessments.size).toBe(0);
    expect(view.claims.filter((claim) => claim.checkWorthy).map((claim) => claim.sentenceIndex)).toEqual([
      0, 1, 2, 3, 4,
    ]);
    expect(view.evidence.filter((item) => item.claimId === 'c3-0').map((item) => item.source.title)).toContain(
      'Great Wall of China myths',
    );
    const searchedBefore = world.searxng.requests.map((request) => request.query.get('q'));
    expect(searchedBefore).toContain('Eiffel Tower completed 1889 stands Paris');

    // Judging needs a model.
    expect(await runs.judge(checkId)).toMatchObject({ ok: false, needsSetup: true });
    settings = withModel;
    const judged = await runs.judge(checkId);
    const judgedId = judged.ok ? judged.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(judgedId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const after = (await loadCheckView(db, judgedId))!;
    expect(after.check).toMatchObject({ judgeOf: checkId });
    expect(after.check.evidenceOnly).toBeUndefined();
    expect(after.assessments.get('c3-0')?.verdict).toBe('refuted');
    expect(after.assessments.get('c0-0')?.verdict).toBe('supported');
    // Every sentence had sources already: the judging run searched nothing at all.
    expect(world.searxng.requests.map((request) => request.query.get('q'))).toEqual(searchedBefore);
    expect(await runs.judge(judgedId)).toMatchObject({
      ok: false,
      error: expect.stringContaining('already has verdicts'),
    });
  });

  it('"Judge these sources" carries the warnings of the evidence-only check it judges, their codes with them', async () => {
    freshDb();
    const withModel = settings;
    settings = {
      ...settings,
      model: DEFAULT_SETTINGS.model,
      search: { ...settings.search, wikipedia: { enabled: true } },
    };
    // Wikipedia answers 500 (this test's network: nothing leaves the machine); the world's SearXNG finds the rest.
    const wikipediaDown: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (/(^|\.)(wikipedia|wikidata)\.org$/.test(url.hostname))
        return new Response('<!doctype html><title>500 Internal Server Error</title>', { status: 500 });
      return fetch(input, init);
    };
    const runs = manager(wikipediaDown);
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const before = (await db.checks.get(checkId))!;
    expect(before.evidenceOnly).toBe(true);
    expect([...before.warnings].sort()).toEqual([
      'Wikidata had a server error (500).',
      'Wikipedia had a server error (500).',
    ]);
    expect(before.notices?.['Wikipedia had a server error (500).']).toEqual({
      code: 'source-failed',
      error: { code: 'search-http', provider: 'Wikipedia', status: 500, reason: 'server' },
    });

    settings = { ...withModel, search: settings.search };
    const judged = await runs.judge(checkId);
    const judgedId = judged.ok ? judged.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(judgedId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const after = (await db.checks.get(judgedId))!;
    expect(after.judgeOf).toBe(checkId);
    // The judged check searched nothing (every sentence had sources), yet says why some sources may be missing.
    expect(after.warnings).toEqual(before.warnings);
    expect(after.notices).toEqual(before.notices);
  });

  it('settles a check the intake wrote before the engine was loaded (its engine, its hash), then runs it', async () => {
    freshDb();
    settings = { ...settings, model: DEFAULT_SETTINGS.model };
    const request = { text: WORLD_TEXT, origin: 'selection' as const, pageUrl: 'https://news.example.com/a' };
    // What the intake writes (check-intake.ts): the draft, unsettled, with its sentences.
    const { record, sentences } = draftCheck(request, { tabId: 3 }, 'taken-in', Date.now());
    await db.transaction('rw', db.checks, db.sentences, async () => {
      await db.checks.add(record);
      await db.sentences.bulkPut(sentenceRows(record.id, sentences));
    });
    const runs = manager();
    expect(await runs.resumeInterrupted()).toBe(1);
    await vi.waitFor(async () => expect(await statusOf('taken-in')).toBe('done'), { timeout: 20_000, interval: 20 });
    // The same engine and hash as a check the engine creates itself from the same request and settings.
    const created = await runs.start(request, { tabId: 3 });
    const createdId = created.ok ? created.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(createdId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const [taken, made] = [(await db.checks.get('taken-in'))!, (await db.checks.get(createdId))!];
    expect(taken.unsettled).toBeUndefined();
    expect(taken).toMatchObject({ evidenceOnly: true, band: 'neutral' });
    expect(taken.inputHash).not.toBe('');
    const settledPart = (row: CheckRecord) => [row.inputHash, row.evidenceOnly, row.evidenceOnlyReason, row.onDevice];
    expect(settledPart(taken)).toEqual(settledPart(made));
    expect((await loadCheckView(db, 'taken-in'))!.evidence.length).toBeGreaterThan(0);
  });

  it('settles a draft no run has taken up when it is cancelled: it ends as the sources-only check it was', async () => {
    freshDb();
    settings = { ...settings, model: DEFAULT_SETTINGS.model };
    const { record, sentences } = draftCheck({ text: WORLD_TEXT, origin: 'typed' }, {}, 'draft', Date.now());
    await db.checks.add(record);
    await db.sentences.bulkPut(sentenceRows(record.id, sentences));
    await manager().cancel('draft');
    const check = (await db.checks.get('draft'))!;
    expect(check).toMatchObject({ status: 'cancelled', evidenceOnly: true });
    expect(check.unsettled).toBeUndefined();
    expect(check.inputHash).not.toBe('');
  });

  it('runs on the on-device model when nothing else is set up, and finds sources only for a language it cannot read', async () => {
    freshDb();
    settings = { ...settings, model: DEFAULT_SETTINGS.model };
    const scope = {};
    const log = installFakeLanguageModel(scope, { forwardTo: world.model.baseUrl });
    const runs = createRunManager({
      db,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      languageModel: () => languageModelOf(scope),
    });
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const view = (await loadCheckView(db, checkId))!;
    expect(view.check).toMatchObject({ onDevice: true, claimsChecked: 8 });
    expect(view.check.evidenceOnly).toBeUndefined();
    expect(view.assessments.get('c3-0')?.verdict).toBe('refuted');
    expect(log.prompts.length).toBeGreaterThan(0);
    expect(log.exceeded).toBe(0);
    // The check's sessions, base ones included, are destroyed when it ends (they hold device memory).
    await vi.waitFor(() => expect(log.live).toBe(0), { timeout: 5_000, interval: 20 });
    expect(log.destroyed).toBeGreaterThan(0);

    const german = await runs.start({
      text: 'Der Eiffelturm wurde 1889 fertiggestellt und steht in Paris, der Hauptstadt von Frankreich.',
      origin: 'typed',
    });
    const germanId = german.ok ? german.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(germanId)).toBe('done'), { timeout: 20_000, interval: 20 });
    expect(await db.checks.get(germanId)).toMatchObject({
      evidenceOnly: true,
      evidenceOnlyReason: expect.stringContaining('cannot read German text yet'),
      evidenceOnlyNotice: { code: 'on-device-language-unsupported', language: 'de' },
    });
    // The reason is stored as a code beside its English: shown in the interface language.
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(evidenceOnlyReasonWords((await db.checks.get(germanId))!)).toMatch(
      /^Le modèle local ne sait pas encore lire un texte en allemand /,
    );
    setMessageSource(browserSource());
  });

  it('a check on sources only because the person chose it keeps that reason as a code beside its English, worded when shown', async () => {
    freshDb();
    settings = { ...settings, checking: { ...settings.checking, engine: 'evidence-only' } };
    // The background's language is settled first, so the French set here is the interface language of the start.
    await interfaceLanguageReady();
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    try {
      const started = await manager().start({ text: WORLD_TEXT, origin: 'typed' });
      const checkId = started.ok ? started.checkId : '';
      await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
      const check = (await db.checks.get(checkId))!;
      expect(check).toMatchObject({
        evidenceOnly: true,
        evidenceOnlyReason: 'You chose sources only in Settings.',
        evidenceOnlyNotice: { code: 'sources-only-chosen' },
      });
      // The interface language changed since: the reason reads in the new one, not in the French of the start.
      setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
      expect(evidenceOnlyReasonWords(check)).toBe('Sie haben in den Einstellungen „Nur Quellen“ gewählt.');
    } finally {
      setMessageSource(browserSource());
    }
  });

  it('fails a run whose model settings stopped being usable, the setup problem kept as a code beside its English', async () => {
    freshDb();
    // Set up when the check starts; the model's address is cleared before its run reads the settings again.
    const { preset, profiles } = settings.model;
    const cleared: Settings = {
      ...settings,
      model: { preset, profiles: { [preset]: { ...profiles[preset]!, baseUrl: '' } } },
    };
    let reads = 0;
    const runs = createRunManager({
      db,
      loadSettings: async () => (++reads === 1 ? settings : cleared),
      extractor: createLinkedomExtractor(),
    });
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('failed'), { timeout: 20_000, interval: 20 });
    const check = (await db.checks.get(checkId))!;
    expect(check.errorNotice).toEqual({ code: 'model-not-set-up', problem: 'no-model' });
    expect(check.error).toBe('No model is configured: set the base URL of a model server.');
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(failedReason(check)).toBe('Kein Modell eingerichtet: Geben Sie die Basis-URL eines Modellservers an.');
    setMessageSource(browserSource());
    // A check stored before the codes shows the words it stored.
    expect(failedReason({ error: 'No model is configured: set the base URL of a model server.' })).toBe(
      'No model is configured: set the base URL of a model server.',
    );
  });

  it('refuses empty or huge text with a clear message', async () => {
    freshDb();
    settings = DEFAULT_SETTINGS;
    expect(await manager().start({ text: '  \n ', origin: 'typed' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no text'),
    });
    // The limit comes with the refusal, so a page can offer to check the first part.
    expect(await manager().start({ text: 'x'.repeat(60_000), origin: 'typed' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('too long'),
      limit: 50_000,
    });
    expect(await db.checks.count()).toBe(0);
  });

  it('derives the input hash from settings without their API keys', async () => {
    freshDb();
    const runs = manager();
    const withKeys = (modelKey: string, serperKey: string): Settings => ({
      ...settings,
      model: { ...settings.model, profiles: { custom: { ...settings.model.profiles.custom!, apiKey: modelKey } } },
      search: { ...settings.search, serper: { ...settings.search.serper, apiKey: serperKey } },
    });
    const hashWith = async (next: Settings) => {
      settings = next;
      const started = await runs.start({ text: 'Paris is in France.', origin: 'typed' });
      const checkId = started.ok ? started.checkId : '';
      await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 10_000, interval: 20 });
      return (await db.checks.get(checkId))?.inputHash;
    };
    const first = await hashWith(withKeys('sk-first', 'serper-first'));
    expect(first).toEqual(expect.any(String));
    expect(await hashWith(withKeys('sk-second', 'serper-second'))).toBe(first);
    expect(
      await hashWith({
        ...withKeys('sk-first', 'serper-first'),
        checking: { ...settings.checking, archiveLookup: !settings.checking.archiveLookup },
      }),
    ).not.toBe(first);
  });

  it('cancels a run and keeps what it found', async () => {
    freshDb();
    world.model.faults.latency(150);
    const runs = manager();
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await db.claims.where('checkId').equals(checkId).count()).toBeGreaterThan(0), {
      timeout: 10_000,
      interval: 10,
    });
    // Claims stream in one by one: on a loaded machine the cancel can land before the last of the nine is written.
    const foundBeforeCancel = await db.claims.where('checkId').equals(checkId).count();
    runs.cancel(checkId);
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('cancelled'), { timeout: 10_000, interval: 20 });
    const view = (await loadCheckView(db, checkId))!;
    expect(view.claims.length).toBeGreaterThanOrEqual(Math.max(1, foundBeforeCancel));
    expect(view.claims.length).toBeLessThanOrEqual(9);
    expect(
      [...view.assessments.values()].some((a) => a.verdict === 'could-not-check' && /cancelled/.test(a.error ?? '')),
    ).toBe(true);
    expect(view.check.stopped).toBe('cancelled');
  });

  it('stops a check whose evidence cannot be saved (a full disk), says so, and keeps the claims', async () => {
    freshDb();
    await failWrites(db, 'evidence');
    const runs = manager();
    const started = await runs.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('failed'), { timeout: 20_000, interval: 20 });
    const check = (await db.checks.get(checkId))!;
    expect(check.error).toMatch(/^Storage is full: /);
    // The cause as a code beside its English, so the failure is worded in the interface language when shown.
    expect(check.errorNotice).toMatchObject({ code: 'storage-full' });
    expect(check.error).toBe(englishError(check.errorNotice!));
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(failedReason(check)).toMatch(/^Le stockage est plein\u00a0: /);
    setMessageSource(browserSource());
    expect(await db.claims.where('checkId').equals(checkId).count()).toBe(9);
    expect(await db.evidence.count()).toBe(0);
    // The failed check is not resumed as if its worker had died.
    expect(await runs.resumeInterrupted()).toBe(0);
  }, 30_000);

  it('records a check it could not take up (a full disk) as failed, and does not take it up again at every alarm', async () => {
    freshDb();
    await db.checks.put(buildCheckView({ id: 'waiting', status: 'queued' }).check);
    // Marking it running fails; the smaller write that marks it failed passes.
    await failWrites(db, 'checks', (rows) => rows.some((row) => (row as CheckRecord).status === 'running'));
    const runs = manager();
    expect(await runs.resumeInterrupted()).toBe(1);
    await vi.waitFor(async () => expect(await statusOf('waiting')).toBe('failed'), { timeout: 5_000, interval: 10 });
    expect((await db.checks.get('waiting'))?.errorNotice).toMatchObject({ code: 'storage-full' });
    await vi.waitFor(() => expect(runs.activeRuns).toBe(0), { timeout: 5_000, interval: 10 });
    expect(await runs.resumeInterrupted()).toBe(0);
  });

  it('does not take up again a check whose take-up and failure could not be written at all', async () => {
    freshDb();
    await db.checks.put(buildCheckView({ id: 'waiting', status: 'running' }).check);
    await failWrites(db, 'checks');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runs = manager();
    expect(await runs.resumeInterrupted()).toBe(1);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled(), { timeout: 5_000, interval: 10 });
    await vi.waitFor(() => expect(runs.activeRuns).toBe(0), { timeout: 5_000, interval: 10 });
    warn.mockRestore();
    expect(await statusOf('waiting')).toBe('running');
    expect(await runs.resumeInterrupted()).toBe(0);
  });

  it('resumes a check whose worker died, paying no model call twice', async () => {
    freshDb();
    // Worker A answers four model calls (the two claim batches and two verdicts), then "dies": its requests never
    // return.
    let answered = 0;
    const dying: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes('/chat/completions')) return fetch(input, init);
      if (answered >= 4) return new Promise<Response>(() => undefined);
      answered++;
      return fetch(input, init);
    };
    // The world serves every test in this file: worker A's requests are the ones after this point.
    const earlier = world.model.requests.filter((r) => r.path === '/v1/chat/completions').length;
    const first = manager(dying);
    const started = await first.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    await vi.waitFor(async () => expect((await db.checks.get(checkId))?.progress.verdicts).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 10,
    });
    const bodiesBefore = world.model.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.rawBody);

    const second = manager(); // a new worker: nothing in memory, same database
    expect(await second.resumeInterrupted()).toBe(1);
    await vi.waitFor(async () => expect(await statusOf(checkId)).toBe('done'), { timeout: 20_000, interval: 20 });
    const bodiesAfter = world.model.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => r.rawBody)
      .slice(bodiesBefore.length);
    const answeredBodies = bodiesBefore.slice(earlier, earlier + 4);
    expect(answeredBodies).toHaveLength(4);
    expect(bodiesAfter.filter((body) => answeredBodies.includes(body))).toEqual([]);
    const view = (await loadCheckView(db, checkId))!;
    expect(view.assessments.size).toBe(8);
    expect(view.claims).toHaveLength(9);
    expect(view.revisions).toHaveLength(1);
  });

  it('runs an interrupted check once when two resumes come close together (an alarm and the side panel)', async () => {
    freshDb();
    // Model calls never answer: the check stays running in the worker that "died" and in the one that resumes it.
    let modelCalls = 0;
    const hanging: typeof fetch = (input, init) => {
      if (!String(input instanceof Request ? input.url : input).includes('/chat/completions'))
        return fetch(input, init);
      modelCalls++;
      return new Promise<Response>(() => undefined);
    };
    const first = manager(hanging);
    const started = await first.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    // The first worker's run is past its own start (it waits on the model) before the second worker resumes.
    await vi.waitFor(() => expect(modelCalls).toBeGreaterThanOrEqual(1), { timeout: 5_000, interval: 10 });
    // Each run that begins says so to the worker (the keep-alive's count): one run, one notice until it ends.
    const begun: number[] = [];
    const second = createRunManager({
      db,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      fetch: hanging,
      onActivityChange: (active) => void begun.push(active),
    }); // a new worker: nothing in memory, same database
    const resumed = await Promise.all([second.resumeInterrupted(), second.resumeInterrupted()]);
    expect(resumed.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    await vi.waitFor(() => expect(begun.length).toBeGreaterThanOrEqual(1), { timeout: 5_000, interval: 10 });
    // Every execute of the second worker has passed its database read once the model is called again.
    await vi.waitFor(() => expect(modelCalls).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 10 });
    expect(begun).toEqual([1]);
    await second.cancel(checkId);
    await first.cancel(checkId);
  });

  /**
   * A check left "running" by a worker that was stopped mid-check: worker A answers four model calls (the two claim
   * batches and two verdicts), then "dies": nothing it asks returns, and its database connection closes, so it writes
   * nothing more (every write it had begun is done before any later transaction on those tables starts).
   */
  const leftRunning = async (): Promise<string> => {
    const workerDb = new FactlightDb(db.name);
    let answered = 0;
    let dead = false;
    const dying: typeof fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (dead || (url.includes('/chat/completions') && answered >= 4)) return new Promise<Response>(() => undefined);
      if (url.includes('/chat/completions')) answered++;
      return fetch(input, init);
    };
    const first = createRunManager({
      db: workerDb,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      fetch: dying,
    });
    const started = await first.start({ text: WORLD_TEXT, origin: 'typed' });
    const checkId = started.ok ? started.checkId : '';
    // A verdict stored whole (its explanation written), not only early ones (`explaining`): the worker stops after
    // it, so what the next life keeps is known. The early verdicts alone (`progress.verdicts` counts them) could be
    // all there was when a loaded machine stopped the worker between a verdict's stances and its explanation.
    await vi.waitFor(
      async () => {
        const claims = await db.claims.where('checkId').equals(checkId).toArray();
        const whole = claims.filter((row) => row.assessment && !row.assessment.explaining);
        expect(whole.length).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 10 },
    );
    dead = true;
    workerDb.close();
    return checkId;
  };
  /**
   * The check a stopped worker left, and the next worker life (nothing in memory, the same database), recording what
   * it fetches, the runs it begins and the checks it says changed; `judged`: the verdicts the check had finished (an
   * early verdict, still explaining, is not finished).
   */
  const nextWorkerLife = async () => {
    const checkId = await leftRunning();
    const judged = [...(await loadCheckView(db, checkId))!.assessments.values()].filter((a) => !a.explaining);
    const calls: string[] = [];
    const begun: number[] = [];
    const changed: string[] = [];
    const worker = createRunManager({
      db,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      fetch: (input, init) => {
        calls.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
      onActivityChange: (active) => void begun.push(active),
      onCheckChanged: (id) => void changed.push(id),
    });
    return { checkId, judged, worker, calls, begun, changed };
  };
  /** The check ended cancelled and this worker ran nothing: no run began, nothing was asked, nothing overwritten. */
  const expectCancelledNotRun = async (life: Awaited<ReturnType<typeof nextWorkerLife>>) => {
    await vi.waitFor(() => expect(life.worker.activeRuns).toBe(0), { timeout: 5_000, interval: 10 });
    expect(await statusOf(life.checkId)).toBe('cancelled');
    expect(life.begun).toEqual([]);
    expect(life.calls).toEqual([]);
    const view = (await loadCheckView(db, life.checkId))!;
    for (const assessment of life.judged) expect(view.assessments.get(assessment.claimId)).toEqual(assessment);
    return view;
  };

  it('cancels a check a stopped worker left running: it ends cancelled at once with what it had, and no resume runs it', async () => {
    freshDb();
    const life = await nextWorkerLife();
    const { checkId, judged, worker } = life;
    expect(judged.length).toBeGreaterThanOrEqual(1);
    await worker.cancel(checkId);
    const check = (await db.checks.get(checkId))!;
    expect(check).toMatchObject({ status: 'cancelled', stopped: 'cancelled', stage: 'done' });
    expect(life.changed).toEqual([checkId]);
    // No resume (the worker's start, the alarm, the side panel's) runs it again.
    expect(await worker.resumeInterrupted()).toBe(0);
    // What it had is kept; each claim it had not judged to the end could not be checked, for the cancel.
    const view = await expectCancelledNotRun(life);
    const worthy = view.claims.filter((claim) => claim.checkWorthy);
    expect(view.assessments.size).toBe(worthy.length);
    const stopped = worthy.filter((claim) => !judged.some((assessment) => assessment.claimId === claim.id));
    expect(stopped.length).toBeGreaterThanOrEqual(1);
    for (const claim of stopped)
      expect(view.assessments.get(claim.id)).toMatchObject({
        verdict: 'could-not-check',
        error: NOT_CHECKED_CANCELLED,
        errorNotice: { code: 'not-checked-cancelled' },
      });
    // The first line (history row, badge) agrees with the verdicts beneath it (the side panel's result).
    const { headline } = viewHeadline(view);
    expect(recordHeadline(check)).toEqual(headline);
    expect(headline.state).toBe('judged');
    expect(check.verdicts?.['could-not-check']).toBe(stopped.length);
    expect(check.claimsTotal).toBe(worthy.length);
    expect(check.progress.verdicts).toBe(worthy.length);
  });

  it('does not run a cancelled check that a resume comes to while the cancel is being written', async () => {
    freshDb();
    const life = await nextWorkerLife();
    // The cancel comes from elsewhere (another worker life on the same database): no abort of this worker's run
    // can stop it, only the take-up's own reading of the status. The resume lists the check before the cancel is
    // written (its read is queued first), and comes to take it up after.
    const other = createRunManager({ db, loadSettings: async () => settings, extractor: createLinkedomExtractor() });
    const resuming = life.worker.resumeInterrupted();
    const cancelling = other.cancel(life.checkId);
    expect(await resuming).toBe(1);
    await cancelling;
    await expectCancelledNotRun(life);
  });

  it('does not run a check cancelled while a resume is taking it up (between reading it and marking it running)', async () => {
    freshDb();
    const life = await nextWorkerLife();
    // The cancel comes the moment the resume has read the check (outside the resume's transaction, as a message).
    let cancelling: Promise<void> | undefined;
    db.checks.hook('reading', (check) => {
      if (!cancelling && check.id === life.checkId)
        cancelling = Dexie.ignoreTransaction(() => life.worker.cancel(life.checkId));
      return check;
    });
    expect(await life.worker.resumeInterrupted()).toBe(1);
    await vi.waitFor(() => expect(cancelling).toBeDefined(), { timeout: 5_000, interval: 10 });
    await cancelling;
    await expectCancelledNotRun(life);
  });

  it('marks a check answered wholly from the cache as served from the history, with when it was first checked', async () => {
    freshDb();
    const runs = manager();
    const text = 'Mount Everest is the highest mountain on Earth, at 8,849 metres.';
    const first = await runs.start({ text, origin: 'typed' });
    const firstId = first.ok ? first.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(firstId)).toBe('done'), { timeout: 10_000, interval: 20 });
    const firstCheck = (await db.checks.get(firstId))!;
    expect(firstCheck.servedFromCache).toBeUndefined();
    const modelCalls = world.model.requests.length;
    const searches = world.searxng.requests.length;

    const second = await runs.start({ text, origin: 'typed' });
    const secondId = second.ok ? second.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(secondId)).toBe('done'), { timeout: 10_000, interval: 20 });
    expect(world.model.requests.length).toBe(modelCalls);
    expect(world.searxng.requests.length).toBe(searches);
    const served = (await db.checks.get(secondId))!.servedFromCache;
    expect(served?.checkedAt).toBeGreaterThanOrEqual(firstCheck.createdAt);
    expect(served?.checkedAt).toBeLessThanOrEqual(firstCheck.updatedAt);
  }, 30_000); // two whole checks, each waited for up to 10 s: the default 5 s budget would cut the second short

  it('re-checks with fresh evidence and deletes checks with all their rows', async () => {
    freshDb();
    const runs = manager();
    const first = await runs.start({
      text: 'Mount Everest is the highest mountain on Earth, at 8,849 metres.',
      origin: 'typed',
    });
    const firstId = first.ok ? first.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(firstId)).toBe('done'), { timeout: 10_000, interval: 20 });
    const searchesBefore = world.searxng.requests.length;
    const again = await runs.recheck(firstId);
    const againId = again.ok ? again.checkId : '';
    await vi.waitFor(async () => expect(await statusOf(againId)).toBe('done'), { timeout: 10_000, interval: 20 });
    expect(world.searxng.requests.length).toBeGreaterThan(searchesBefore);
    expect((await db.checks.get(againId))?.fresh).toBe(true);
    expect(await runs.delete({ checkIds: [firstId] })).toBe(1);
    expect(await db.claims.where('checkId').equals(firstId).count()).toBe(0);
    expect(await db.claims.where('checkId').equals(againId).count()).toBe(2);
    expect(await runs.delete({ all: true })).toBe(1);
    expect(await db.checks.count()).toBe(0);
  });
});
