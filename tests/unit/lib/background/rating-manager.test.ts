/**
 * "Rate an explanation" in the background: a real Dexie database (fake-indexeddb), the loopback world for
 * evidence and the scripted model, and a loopback page the explanation links to.
 */
import { Dexie } from 'dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { createRatingManager } from '../../../../lib/background/rating-manager';
import { FactlightDb } from '../../../../lib/db/schema';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import { type FactWorld, startFactWorld, startWebServer, type WebServer } from '../../../../scripts/lib/servers/index';

describe('rating manager', () => {
  let world: FactWorld;
  let site: WebServer;
  let db: FactlightDb;
  let settings: Settings;
  let count = 0;
  const manager = (fetchImpl?: typeof fetch) =>
    createRatingManager({
      db,
      loadSettings: async () => settings,
      extractor: createLinkedomExtractor(),
      retry: { baseDelayMs: 5, maxDelayMs: 20 },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
  /**
   * Wikipedia on beside the world's SearXNG, answering every request with a 500 (the test's network, not ours: no
   * request leaves the machine), so one search source fails and the other still finds evidence.
   */
  const withWikipediaDown = (): typeof fetch => {
    settings = { ...settings, search: { ...settings.search, wikipedia: { enabled: true } } };
    return async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (/(^|\.)(wikipedia|wikidata)\.org$/.test(url.hostname))
        return new Response('<!doctype html><title>500 Internal Server Error</title>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        });
      return fetch(input, init);
    };
  };
  const finished = async (id: string) => {
    await vi.waitFor(async () => expect((await db.ratings.get(id))?.status).not.toBe('running'), {
      timeout: 20_000,
      interval: 20,
    });
    return (await db.ratings.get(id))!;
  };

  beforeAll(async () => {
    world = await startFactWorld();
    site = await startWebServer({ host: '127.0.0.40' });
    site.route('/wall-debunk', {
      body: `<!doctype html><html><head><title>Can you see the Great Wall from the Moon?</title></head><body><article><h1>The Great Wall from the Moon</h1>
<p>The Great Wall of China is not visible from the Moon with the naked eye; astronauts who went to the Moon have said so many times.</p>
<p>Even from low Earth orbit, about 400 kilometres up, the wall is very hard to see without aid because it is narrow and close in colour to the land around it.</p>
<p>The myth that the Great Wall is visible from the Moon predates spaceflight and was repeated in textbooks for decades.</p></article></body></html>`,
    });
  });
  afterAll(async () => {
    await Promise.all([world.close(), site.close()]);
  });
  beforeEach(() => {
    db = new FactlightDb(`ratings-${++count}`);
    settings = worldSettings(world, { archiveLookup: false });
  });
  afterEach(async () => {
    world.model.faults.clear();
    db.close();
    await Dexie.delete(db.name);
  });

  it('scores an explanation that names the error, gives the correction and links a supporting page', async () => {
    const started = await manager().start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: `False. The Great Wall of China is not visible from the Moon with the naked eye, as ${site.origin}/wall-debunk explains.`,
      pageUrl: 'https://factcheck.example/wall',
    });
    expect(started.ok).toBe(true);
    const rating = await finished(started.ok ? started.ratingId : '');
    expect(rating.status).toBe('done');
    expect(rating.evidence.length).toBeGreaterThan(0);
    expect(rating.links).toEqual([
      expect.objectContaining({
        url: `${site.origin}/wall-debunk`,
        status: 'working',
        exists: true,
        relevant: true,
        supports: true,
      }),
    ]);
    expect(rating.score).toMatchObject({ errorDetection: 2, correction: 2, links: 2, total: 6, outOfFive: 5 });
  });

  it('gives fewer points to an explanation that only says "false" and cites nothing', async () => {
    const started = await manager().start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
    });
    const rating = await finished(started.ok ? started.ratingId : '');
    expect(rating.score).toMatchObject({ errorDetection: 2, correction: 0, links: 0, total: 2, outOfFive: 1.7 });
    expect(rating.links).toEqual([]);
  });

  it('fails openly, with no score, when the model cannot rate', async () => {
    world.model.faults.always({ kind: 'server-error' });
    const started = await manager().start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
    });
    const rating = await finished(started.ok ? started.ratingId : '');
    expect(rating.status).toBe('failed');
    expect(rating.score).toBeUndefined();
    expect(rating.error).toMatch(/answered 500: .*The server had an error while processing your request/);
    // Its code beside the English, so the panel words it in the interface language.
    expect(rating.errorNotice).toMatchObject({ code: 'http-status', status: 500 });
  });

  it("keeps the run's warnings with their codes: a search source that failed, beside the evidence the other found", async () => {
    const started = await manager(withWikipediaDown()).start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
    });
    const rating = await finished(started.ok ? started.ratingId : '');
    expect(rating.status).toBe('done');
    expect(rating.evidence.length).toBeGreaterThan(0);
    expect(rating.warnings).toEqual(['Wikipedia had a server error (500).']);
    expect(rating.notices).toEqual({
      'Wikipedia had a server error (500).': {
        code: 'source-failed',
        error: { code: 'search-http', provider: 'Wikipedia', status: 500, reason: 'server' },
      },
    });
  });

  it('saves each warning as it comes, while the rating still runs', async () => {
    // The model never answers: the rating stays running once its evidence is in.
    world.model.faults.always({ kind: 'hang' });
    const started = await manager(withWikipediaDown()).start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
    });
    const id = started.ok ? started.ratingId : '';
    await vi.waitFor(
      async () => expect((await db.ratings.get(id))?.warnings).toEqual(['Wikipedia had a server error (500).']),
      { timeout: 20_000, interval: 20 },
    );
    expect((await db.ratings.get(id))?.status).toBe('running');
  });

  it("a rating taken up again starts without the stopped run's warnings", async () => {
    world.model.faults.always({ kind: 'hang' });
    await db.ratings.add({
      id: 'r-stopped',
      createdAt: 1,
      updatedAt: 1,
      status: 'running',
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
      evidence: [],
      links: [],
      warnings: ['SearXNG had a server error (500).'],
      notices: {},
    });
    expect(await manager().resumeInterrupted()).toBe(1);
    await vi.waitFor(async () => expect((await db.ratings.get('r-stopped'))?.warnings).toEqual([]), {
      timeout: 20_000,
      interval: 20,
    });
    expect((await db.ratings.get('r-stopped'))?.status).toBe('running');
  });

  it('a rating that fails keeps the warnings its run had before', async () => {
    world.model.faults.always({ kind: 'server-error' });
    // Each warning's own save fails (a full disk, say): the failure's save still keeps them.
    db.ratings.hook('updating', (changes) => {
      if (!('status' in changes) && 'warnings' in changes) throw new Error('QuotaExceededError');
    });
    const started = await manager(withWikipediaDown()).start({
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
    });
    const rating = await finished(started.ok ? started.ratingId : '');
    expect(rating.status).toBe('failed');
    expect(rating.warnings).toEqual(['Wikipedia had a server error (500).']);
    expect(rating.notices?.['Wikipedia had a server error (500).']).toMatchObject({ code: 'source-failed' });
  });

  it('refuses empty input and asks for setup without a model, storing nothing', async () => {
    expect(await manager().start({ claim: '', explanation: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('claim'),
    });
    expect(await manager().start({ claim: 'x', explanation: '  ' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('no explanation'),
    });
    settings = DEFAULT_SETTINGS;
    expect(await manager().start({ claim: 'x', explanation: 'y' })).toMatchObject({ ok: false, needsSetup: true });
    expect(await db.ratings.count()).toBe(0);
  });

  it('resumes a rating a stopped worker left running', async () => {
    await db.ratings.add({
      id: 'r1',
      createdAt: 1,
      updatedAt: 1,
      status: 'running',
      claim: 'The Great Wall of China is visible from the Moon with the naked eye.',
      explanation: 'This is false.',
      evidence: [],
      links: [],
    });
    expect(await manager().resumeInterrupted()).toBe(1);
    expect((await finished('r1')).status).toBe('done');
  });
});
