/**
 * The whole link audit: links found in a text, retrieved from a loopback web server with the real fetcher
 * and extractor, judged by the loopback model, with deduplication, caching, a concurrency limit and
 * progress events.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { englishError, type ErrorNotice } from '../../../../../../lib/core/error-notices';
import { ProviderError } from '../../../../../../lib/core/errors';
import type { ModelCallContext } from '../../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../../lib/core/model/usage-meter';
import type { Cache, PageFetcher } from '../../../../../../lib/core/ports';
import {
  auditLinks,
  type LinkAuditDeps,
  type LinkAuditEvent,
} from '../../../../../../lib/core/quality/links/audit-links';
import { findLinks } from '../../../../../../lib/core/quality/links/find-links';
import { splitSentences } from '../../../../../../lib/core/text/sentences';
import { createLinkedomExtractor } from '../../../../../../lib/extract/linkedom-extractor';
import { createPageFetcher } from '../../../../../../lib/extract/page-fetcher';
import { createWaybackArchive } from '../../../../../../lib/links/wayback';
import { createOpenAiChatModel } from '../../../../../../lib/llm/openai-chat-model';
import { createMemoryCache } from '../../../../../../lib/runtime/memory-cache';
import {
  type OpenAiServer,
  startOpenAiServer,
  startWebServer,
  type WebServer,
} from '../../../../../../scripts/lib/servers/index';
import { startWaybackServer, type WaybackServer } from '../../../../../../scripts/lib/servers/wayback-server';
import { arsHtml } from './fixtures';

const OPTIONS = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 };

let web: WebServer;
let model: OpenAiServer;
let archive: WaybackServer;
beforeAll(async () => {
  [web, model, archive] = await Promise.all([startWebServer(), startOpenAiServer(), startWaybackServer()]);
  web.route('/ars', { body: arsHtml });
  web.route('/report.pdf', { body: Buffer.from('%PDF-1.4\n'), contentType: 'application/pdf' });
});
beforeEach(() => {
  for (const server of [web, model, archive]) {
    server.faults.clear();
    server.requests.length = 0;
  }
  // Every link the judge is shown is relevant and supports its sentence.
  model.respondWith((request) => {
    const count = request.userText.match(/^LINK \d+/gm)?.length ?? 0;
    return {
      links: Array.from({ length: count }, (_, i) => ({
        link: i + 1,
        exists: true,
        relevant: true,
        supports: true,
        rationale: 'It says so.',
      })),
    };
  });
});
afterAll(async () => {
  await Promise.all([web.close(), model.close(), archive.close()]);
});

function context(signal?: AbortSignal): ModelCallContext {
  const chat = createOpenAiChatModel({
    baseUrl: model.baseUrl,
    apiKey: '',
    fastModel: 'fake-fast',
    strongModel: 'fake-strong',
    structuredOutput: 'json_schema',
  });
  return {
    model: chat,
    clock: { now: () => Date.now() },
    meter: new UsageMeter(),
    cacheTtlMs: 1000,
    ...(signal ? { signal } : {}),
  };
}

function deps(change: Partial<LinkAuditDeps> = {}): LinkAuditDeps {
  return {
    fetcher: createPageFetcher({ allowPrivateNetwork: () => true }),
    extractor: createLinkedomExtractor(),
    archive: createWaybackArchive({ baseUrl: archive.baseUrl }),
    ...change,
  };
}

const chatCalls = () => model.requests.filter((r) => r.path === '/v1/chat/completions').length;

describe('auditLinks', () => {
  const text = () =>
    `A Minecraft bug lets anyone crash a server (${web.url('/ars')}). The payload is only 39 kilobytes, see ${web.url('/ars')}. ` +
    `The full report is at ${web.url('/report.pdf')}. An older write-up: ${web.url('/gone')}.`;

  it('retrieves each URL once, judges every link in one call, and returns audits in link order with progress', async () => {
    const body = text();
    const sentences = splitSentences(body, 'en');
    const links = findLinks(body, sentences);
    expect(links.map((l) => l.sentenceIndex)).toEqual([0, 1, 2, 3]);
    const events: LinkAuditEvent[] = [];
    const audits = await auditLinks(context(), deps(), links, sentences, {
      ...OPTIONS,
      onEvent: (event) => events.push(event),
    });

    expect(audits.map((a) => [a.linkId, a.sentenceIndex, a.status, a.exists, a.relevant, a.supports])).toEqual([
      ['l0', 0, 'working', true, true, true],
      ['l1', 1, 'working', true, true, true],
      ['l2', 2, 'not-text', false, false, false],
      ['l3', 3, 'dead', false, false, false],
    ]);
    expect(audits[1]!.passage).toContain('39 kilobytes');
    expect(web.requests.filter((r) => r.path === '/ars')).toHaveLength(1);
    expect(chatCalls()).toBe(1);

    const retrieved = events.filter((e) => e.type === 'retrieved');
    expect(retrieved).toHaveLength(3);
    expect(retrieved.map((e) => e.done).sort()).toEqual([1, 2, 3]);
    expect(retrieved.every((e) => e.total === 3)).toBe(true);
    expect(retrieved.find((e) => e.retrieval.url === web.url('/ars'))!.linkIds).toEqual(['l0', 'l1']);
    expect(events.at(-1)).toEqual({ type: 'judging', links: 2 });
  });

  it('reads retrievals from the cache on a re-check, and fetches again when told to', async () => {
    const body = text();
    const sentences = splitSentences(body, 'en');
    const links = findLinks(body, sentences);
    const cache = createMemoryCache();
    const first = await auditLinks(context(), deps({ cache }), links, sentences, OPTIONS);
    const fetched = web.requests.length;
    expect(fetched).toBeGreaterThan(0);
    const second = await auditLinks(context(), deps({ cache }), links, sentences, OPTIONS);
    expect(web.requests.length).toBe(fetched);
    expect(second.map((a) => a.status)).toEqual(first.map((a) => a.status));
    expect(second[0]!.text).toBe(first[0]!.text);
    await auditLinks(context(), deps({ cache }), links, sentences, { ...OPTIONS, fresh: true });
    expect(web.requests.length).toBe(fetched * 2);
  });

  it('retrieves at most `concurrency` links at once', async () => {
    for (let i = 0; i < 6; i++) web.route(`/slow${i}`, { body: arsHtml });
    web.faults.latency(30);
    const body = Array.from({ length: 6 }, (_, i) => `Claim ${i} is true ${web.url(`/slow${i}`)}.`).join(' ');
    const sentences = splitSentences(body, 'en');
    const real = createPageFetcher({ allowPrivateNetwork: () => true });
    let inFlight = 0;
    let most = 0;
    const counting: PageFetcher = {
      async fetch(url, options) {
        most = Math.max(most, ++inFlight);
        try {
          return await real.fetch(url, options);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const audits = await auditLinks(context(), deps({ fetcher: counting }), findLinks(body, sentences), sentences, {
      ...OPTIONS,
      concurrency: 2,
    });
    expect(audits).toHaveLength(6);
    expect(audits.every((a) => a.status === 'working')).toBe(true);
    expect(most).toBe(2);
  });

  it('never lets one broken link stop the others', async () => {
    const body = `It works ${web.url('/ars')}. It breaks https://broken.example/page.`;
    const sentences = splitSentences(body, 'en');
    const real = createPageFetcher({ allowPrivateNetwork: () => true });
    const flaky: PageFetcher = {
      fetch: (url, options) =>
        url.includes('broken.example') ? Promise.reject(new TypeError('socket hang up')) : real.fetch(url, options),
    };
    const audits = await auditLinks(
      context(),
      deps({ fetcher: flaky, archive: undefined }),
      findLinks(body, sentences),
      sentences,
      OPTIONS,
    );
    expect(audits.map((a) => a.status)).toEqual(['working', 'dead']);
    expect(audits[1]!.detail).toMatch(/could not be read \(socket hang up\)/);
    expect(audits[0]!.supports).toBe(true);
  });

  it("a link that could not be followed (a broken port) keeps its cause's code beside the English", async () => {
    const body = `It works ${web.url('/ars')}.`;
    const sentences = splitSentences(body, 'en');
    const notice: ErrorNotice = { code: 'not-saved', detail: 'The database connection is closing' };
    const broken: Cache = {
      get: async () => undefined,
      set: () => Promise.reject(new ProviderError('server', notice)),
    };
    const [audit] = await auditLinks(
      context(),
      deps({ archive: undefined, cache: broken }),
      findLinks(body, sentences),
      sentences,
      OPTIONS,
    );
    expect(audit!.reasons).toEqual([{ code: 'not-followed', cause: englishError(notice), causeNotice: notice }]);
    expect(audit!.detail).toBe(`The link could not be followed (${englishError(notice).replace(/\.$/, '')}).`);
  });

  it('judges nothing and returns nothing without links, and stops when the check is cancelled', async () => {
    expect(await auditLinks(context(), deps(), [], [], OPTIONS)).toEqual([]);
    expect(chatCalls()).toBe(0);
    const body = text();
    const sentences = splitSentences(body, 'en');
    await expect(
      auditLinks(context(AbortSignal.abort()), deps(), findLinks(body, sentences), sentences, OPTIONS),
    ).rejects.toMatchObject({ kind: 'cancelled' });
    expect(chatCalls()).toBe(0);
  });
});
