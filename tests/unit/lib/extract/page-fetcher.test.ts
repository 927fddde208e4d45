/**
 * The page fetcher against a real loopback web server (scripts/lib/servers): charsets, dead links, redirects,
 * the private-network policy, size caps, binary content, timeouts and cancellation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import type { FetchOptions, PageFetcher } from '../../../../lib/core/ports';
import { createPageFetcher, MAX_REDIRECTS } from '../../../../lib/extract/page-fetcher';
import { startWebServer, type WebServer } from '../../../../scripts/lib/servers/index';

const OPTIONS: FetchOptions = { timeoutMs: 5_000, maxBytes: 1024 * 1024 };

let server: WebServer;
beforeEach(async () => {
  server = await startWebServer();
});
afterEach(async () => {
  await server.close();
});

/** The loopback server's host and port, as the fetcher's codes name where a request went. */
const hostOfServer = () => new URL(server.origin).host;

/** The loopback server is itself a private address, so most tests allow private networks. */
function fetcher(allowPrivate = true, fetchImpl?: typeof fetch): PageFetcher {
  return createPageFetcher({ allowPrivateNetwork: () => allowPrivate, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    (value) => new Error(`expected a ProviderError, got ${JSON.stringify(value).slice(0, 200)}`),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Stands in for DNS: requests to `public.example` go to the loopback server, as if it were a public site. */
function publicHostTransport(): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === 'public.example') url.host = new URL(server.origin).host;
    return fetch(url, init);
  };
}

/**
 * Wraps `fetch` so the test sees how many body bytes the fetcher actually pulled off the connection and
 * whether it cancelled the stream: a signal that does not depend on timing.
 */
function countingFetch(): { fetch: typeof fetch; received: number; cancelled: boolean } {
  const stats = {
    received: 0,
    cancelled: false,
    fetch: (async (input, init) => {
      const response = await fetch(input, init);
      if (!response.body) return response;
      const reader = response.body.getReader();
      const counted = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done) return controller.close();
          stats.received += value.length;
          controller.enqueue(value);
        },
        cancel(reason) {
          stats.cancelled = true;
          return reader.cancel(reason);
        },
      });
      return new Response(counted, { status: response.status, headers: response.headers });
    }) as typeof fetch,
  };
  return stats;
}

describe('page fetcher', () => {
  it('decodes a windows-1252 page from the Content-Type charset', async () => {
    // "café “quoted” – €5" in windows-1252: é=E9, “=93, ”=94, –=96, €=80.
    const body = Buffer.from([
      ...Buffer.from('<p>caf'),
      0xe9,
      0x20,
      0x93,
      ...Buffer.from('quoted'),
      0x94,
      0x20,
      0x96,
      0x20,
      0x80,
      0x35,
      ...Buffer.from('</p>'),
    ]);
    server.route('/latin', { body, contentType: 'text/html; charset=windows-1252' });
    const page = await fetcher().fetch(server.url('/latin'), OPTIONS);
    expect(page.body).toBe('<p>café “quoted” – €5</p>');
    expect(page).toMatchObject({
      status: 200,
      finalUrl: server.url('/latin'),
      truncated: false,
      contentType: 'text/html; charset=windows-1252',
    });
  });

  it('decodes a Shift_JIS page from its <meta charset> when the header has none', async () => {
    const head = Buffer.from(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"></head><body><p>',
    );
    const japanese = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]); // 日本語
    server.route('/sjis', {
      body: Buffer.concat([head, japanese, Buffer.from('</p></body></html>')]),
      contentType: 'text/html',
    });
    const page = await fetcher().fetch(server.url('/sjis'), OPTIONS);
    expect(page.body).toContain('<p>日本語</p>');
  });

  it('reports a dead link (404, 410) as not-found', async () => {
    server.route('/gone', { status: 410, body: '<h1>Gone</h1>' });
    const missing = await failure(fetcher().fetch(server.url('/nothing-here'), OPTIONS));
    expect(missing).toMatchObject({ kind: 'not-found', details: { status: 404 } });
    expect(missing.message).toMatch(/dead link/);
    expect(missing.notice).toEqual({ code: 'page-http', host: hostOfServer(), status: 404, reason: 'gone' });
    expect(await failure(fetcher().fetch(server.url('/gone'), OPTIONS))).toMatchObject({
      kind: 'not-found',
      details: { status: 410 },
    });
  });

  it('maps server errors and connection resets', async () => {
    server.faults.next({ kind: 'server-error' });
    expect(await failure(fetcher().fetch(server.url('/any'), OPTIONS))).toMatchObject({
      kind: 'server',
      details: { status: 500 },
    });
    server.faults.next({ kind: 'reset' });
    expect((await failure(fetcher().fetch(server.url('/any'), OPTIONS))).kind).toBe('unreachable');
  });

  it('follows a redirect chain and reports the final URL', async () => {
    server.route('/a', { redirect: '/b', status: 301 });
    server.route('/b', { redirect: server.url('/c'), status: 307 });
    server.route('/c', { body: '<p>Arrived</p>' });
    const page = await fetcher().fetch(server.url('/a'), OPTIONS);
    expect(page).toMatchObject({
      requestedUrl: server.url('/a'),
      finalUrl: server.url('/c'),
      status: 200,
      body: '<p>Arrived</p>',
    });
    expect(server.requests.map((r) => r.path)).toEqual(['/a', '/b', '/c']);
  });

  it('stops at a redirect loop and after too many hops', async () => {
    server.route('/x', { redirect: '/y' });
    server.route('/y', { redirect: '/x' });
    const loop = await failure(fetcher().fetch(server.url('/x'), OPTIONS));
    expect(loop.kind).toBe('unreachable');
    expect(loop.message).toMatch(/loop/);
    expect(loop.notice).toEqual({ code: 'page-redirect-loop', host: hostOfServer() });
    for (let i = 0; i <= MAX_REDIRECTS + 1; i++) server.route(`/hop${i}`, { redirect: `/hop${i + 1}` });
    const tooMany = await failure(fetcher().fetch(server.url('/hop0'), OPTIONS));
    expect(tooMany.message).toMatch(/more than 5 times/);
    expect(tooMany.notice).toEqual({ code: 'page-too-many-redirects', host: hostOfServer(), max: MAX_REDIRECTS });
    expect(server.requests.filter((r) => r.path.startsWith('/hop'))).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('refuses a private address unless allowed, and allows it when the setting says so', async () => {
    server.route('/secret', { body: '<p>router admin</p>' });
    const refused = await failure(fetcher(false).fetch(server.url('/secret'), OPTIONS));
    expect(refused.kind).toBe('unreachable');
    expect(refused.message).toMatch(/private-network address/);
    expect(refused.notice).toEqual({ code: 'page-private', host: hostOfServer(), redirected: false });
    expect(server.requests).toHaveLength(0);
    expect((await fetcher(true).fetch(server.url('/secret'), OPTIONS)).body).toBe('<p>router admin</p>');
  });

  it('refuses a redirect from a public site into private space, without requesting it', async () => {
    server.route('/article', { redirect: server.url('/secret') });
    server.route('/secret', { body: '<p>router admin</p>' });
    const refused = await failure(
      fetcher(false, publicHostTransport()).fetch('http://public.example/article', OPTIONS),
    );
    expect(refused.message).toMatch(/redirects to 127\.0\.0\.1.*private-network/);
    expect(server.requests.map((r) => r.path)).toEqual(['/article']);
    const allowed = await fetcher(true, publicHostTransport()).fetch('http://public.example/article', OPTIONS);
    expect(allowed.finalUrl).toBe(server.url('/secret'));
  });

  it('never requests a page twice: an opaque redirect (a browser hiding its target) is not followed blindly', async () => {
    server.route('/article', { redirect: server.url('/secret') });
    server.route('/secret', { body: '<p>router admin</p>' });
    // What an extension's fetch returns for `redirect: 'manual'`: type "opaqueredirect", status 0, no Location.
    const browserLike: typeof fetch = async (input, init) => {
      const response = await publicHostTransport()(input, init);
      if (init?.redirect !== 'manual' || response.status < 300 || response.status >= 400) return response;
      await response.body?.cancel();
      const opaque = new Response(null, { status: 200 });
      Object.defineProperties(opaque, {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
      return opaque;
    };
    const refused = await failure(fetcher(true, browserLike).fetch('http://public.example/article', OPTIONS));
    expect(refused.message).toMatch(/hides where to/);
    expect(server.requests.map((r) => r.path)).toEqual(['/article']);
  });

  it("in the extension ('browser' redirects) makes one request that follows redirects, and still checks where it ended", async () => {
    server.route('/article', { redirect: '/story' });
    server.route('/story', { body: '<p>The story.</p>' });
    const modes: Array<RequestRedirect | undefined> = [];
    const recording: typeof fetch = (input, init) => (modes.push(init?.redirect), fetch(input, init));
    const page = await createPageFetcher({
      allowPrivateNetwork: () => true,
      redirects: 'browser',
      fetch: recording,
    }).fetch(server.url('/article'), OPTIONS);
    expect(page).toMatchObject({ finalUrl: server.url('/story'), redirects: [server.url('/story')] });
    expect(modes).toEqual(['follow']);
    expect(server.requests.map((r) => r.path)).toEqual(['/article', '/story']);

    // No guard in Node: a private final address is still refused (the body unread), whatever the first URL was.
    server.route('/to-private', { redirect: server.url('/secret') });
    server.route('/secret', { body: '<p>router admin</p>' });
    const refused = await failure(
      createPageFetcher({ allowPrivateNetwork: () => false, redirects: 'browser', fetch: publicHostTransport() }).fetch(
        'http://public.example/to-private',
        OPTIONS,
      ),
    );
    expect(refused).toMatchObject({ kind: 'unreachable', details: { reason: 'private-address' } });

    // A browser's network error cannot be told from its guard refusing a private hop, so both are said.
    const failed = await failure(
      createPageFetcher({
        allowPrivateNetwork: () => false,
        redirects: 'browser',
        fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      }).fetch('http://public.example/to-private', OPTIONS),
    );
    expect(failed).toMatchObject({ kind: 'unreachable', details: { reason: 'unreachable-or-private' } });
    expect(failed.message).toMatch(/redirected to a private-network address, which is blocked/);
  });

  it('refuses names that resolve to a private address, first URL or redirect target, before requesting them', async () => {
    server.route('/article', { redirect: 'http://rebind.example/secret' });
    server.route('/secret', { body: '<p>router admin</p>' });
    const lookup = async (host: string) => (host === 'rebind.example' ? ['10.0.0.5'] : ['93.184.216.34']);
    const transport: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      url.host = new URL(server.origin).host;
      return fetch(url, init);
    };
    const guarded = createPageFetcher({ allowPrivateNetwork: () => false, lookup, fetch: transport });
    const direct = await failure(guarded.fetch('http://rebind.example/secret', OPTIONS));
    expect(direct.message).toMatch(/rebind\.example, which resolves to a private-network address \(10\.0\.0\.5\)/);
    expect(server.requests).toHaveLength(0);
    const hop = await failure(guarded.fetch('http://public.example/article', OPTIONS));
    expect(hop).toMatchObject({ kind: 'unreachable', details: { reason: 'private-address' } });
    expect(hop.message).toMatch(/^The page redirects to rebind\.example/);
    expect(server.requests.map((r) => r.path)).toEqual(['/article']);
    // Allowed private networks: nothing is looked up or refused.
    const allowed = createPageFetcher({ allowPrivateNetwork: () => true, lookup, fetch: transport });
    expect((await allowed.fetch('http://rebind.example/secret', OPTIONS)).body).toBe('<p>router admin</p>');
  });

  it('only fetches http(s) URLs, also as redirect targets', async () => {
    expect((await failure(fetcher().fetch('file:///etc/passwd', OPTIONS))).kind).toBe('bad-request');
    expect((await failure(fetcher().fetch('ftp://example.com/x', OPTIONS))).message).toMatch(/only http and https/i);
    server.route('/to-file', { redirect: 'file:///etc/passwd' });
    expect((await failure(fetcher().fetch(server.url('/to-file'), OPTIONS))).message).toMatch(/file:/);
  });

  it('truncates a giant page at the cap without downloading it', async () => {
    server.giant('/giant', 64);
    const counting = countingFetch();
    const maxBytes = 256 * 1024;
    const page = await fetcher(true, counting.fetch).fetch(server.url('/giant'), { ...OPTIONS, maxBytes });
    expect(page.truncated).toBe(true);
    expect(page.body.length).toBe(maxBytes); // ASCII: one character per byte
    expect(page.body.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(counting.cancelled).toBe(true);
    expect(counting.received).toBeLessThan(maxBytes + 1024 * 1024); // at most a chunk past the cap, not 64 MiB
  });

  it('refuses images and other non-text content without reading them', async () => {
    server.binary('/pixel.png');
    server.binary('/doc.pdf', { body: Buffer.from('%PDF-1.7\n'), contentType: 'application/pdf' });
    const counting = countingFetch();
    expect(await failure(fetcher(true, counting.fetch).fetch(server.url('/pixel.png'), OPTIONS))).toMatchObject({
      kind: 'bad-request',
      message: 'Not a text page (image/png).',
    });
    expect(counting).toMatchObject({ received: 0, cancelled: true });
    const pdf = await failure(fetcher().fetch(server.url('/doc.pdf'), OPTIONS));
    expect(pdf.message).toBe('Not a text page (application/pdf).');
    expect(pdf.notice).toEqual({ code: 'page-not-text', type: 'application/pdf' });
  });

  it('refuses binary content labelled text/html', async () => {
    const binary = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 0), Buffer.alloc(4096, 0x41)]);
    server.route('/fake.html', { body: binary, contentType: 'text/html' });
    const error = await failure(fetcher().fetch(server.url('/fake.html'), OPTIONS));
    expect(error.kind).toBe('bad-request');
    expect(error.message).toMatch(/binary/);
    expect(error.notice).toEqual({ code: 'page-not-text' });
  });

  it('times out on a server that never answers', async () => {
    server.faults.always({ kind: 'hang' });
    const error = await failure(fetcher().fetch(server.url('/slow'), { ...OPTIONS, timeoutMs: 150 }));
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not load within 0\.2 s/);
    expect(error.notice).toEqual({ code: 'page-timed-out', host: hostOfServer(), seconds: 0.2 });
  });

  it('stops when the caller aborts', async () => {
    server.faults.always({ kind: 'hang' });
    const controller = new AbortController();
    const pending = fetcher().fetch(server.url('/slow'), { ...OPTIONS, signal: controller.signal });
    await server.waitForRequests(1);
    controller.abort();
    expect((await failure(pending)).kind).toBe('cancelled');
    const already = await failure(fetcher().fetch(server.url('/slow'), { ...OPTIONS, signal: AbortSignal.abort() }));
    expect(already.kind).toBe('cancelled');
  });
});
