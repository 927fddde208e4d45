import { afterEach, describe, expect, it } from 'vitest';

import {
  type AllServers,
  PNG_1X1,
  startAllServers,
  startWebServer,
  type WebServer,
} from '../../../../../scripts/lib/servers';

let server: WebServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<WebServer> {
  server = await startWebServer({ routes: { '/start': { body: '<h1>Configured at start</h1>' } } });
  return server;
}

describe('web server', () => {
  it('serves routed pages with default and custom status, headers and content type', async () => {
    const s = await start();
    s.route('/a', { body: '<html><body><p>Evidence A</p></body></html>' });
    s.route('/data.json', {
      status: 201,
      contentType: 'application/json',
      headers: { 'X-Test': 'yes' },
      body: '{"ok":true}',
    });
    const page = await fetch(s.url('/a?utm=1'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toBe('<html><body><p>Evidence A</p></body></html>');
    const json = await fetch(s.url('/data.json'));
    expect(json.status).toBe(201);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('x-test')).toBe('yes');
    expect(await json.json()).toEqual({ ok: true });
    expect(await (await fetch(`${s.origin}/start`)).text()).toBe('<h1>Configured at start</h1>');
  });

  it('computes a route per request when given a function', async () => {
    const s = await start();
    s.route('/echo', (request) => ({ body: `q=${request.query.get('q') ?? ''}`, contentType: 'text/plain' }));
    expect(await (await fetch(s.url('/echo?q=hello'))).text()).toBe('q=hello');
  });

  it('redirects with the given status and Location', async () => {
    const s = await start();
    s.route('/old', { redirect: '/new', status: 301 });
    s.route('/temp', { redirect: '/new' });
    s.route('/new', { body: 'new page' });
    const manual = await fetch(s.url('/old'), { redirect: 'manual' });
    expect(manual.status).toBe(301);
    expect(manual.headers.get('location')).toBe('/new');
    expect((await fetch(s.url('/temp'), { redirect: 'manual' })).status).toBe(302);
    const followed = await fetch(s.url('/old'));
    expect(followed.redirected).toBe(true);
    expect(followed.url).toBe(s.url('/new'));
    expect(await followed.text()).toBe('new page');
  });

  it('streams a giant page of exactly the requested size', async () => {
    const s = await start();
    s.giant('/giant', 3);
    const response = await fetch(s.url('/giant'));
    expect(response.headers.get('content-length')).toBe(String(3 * 1024 * 1024));
    expect(response.body).not.toBeNull();
    let bytes = 0;
    let first = '';
    let last = '';
    const decoder = new TextDecoder();
    for await (const chunk of response.body ?? []) {
      if (bytes === 0) first = decoder.decode(chunk.subarray(0, 15));
      bytes += chunk.byteLength;
      last = decoder.decode(chunk.subarray(Math.max(0, chunk.byteLength - 15)));
    }
    expect(bytes).toBe(3 * 1024 * 1024);
    expect(first).toBe('<!DOCTYPE html>');
    expect(last.endsWith('</body></html>\n')).toBe(true);
  });

  it('survives a client that stops reading a giant page part-way', async () => {
    const s = await start();
    s.giant('/giant', 8);
    s.route('/after', { body: 'still up' });
    const controller = new AbortController();
    const response = await fetch(s.url('/giant'), { signal: controller.signal });
    const reader = response.body?.getReader();
    const firstRead = await reader?.read();
    expect(firstRead?.done).toBe(false);
    controller.abort();
    expect(await (await fetch(s.url('/after'))).text()).toBe('still up');
  });

  it('serves a binary PNG with its content type', async () => {
    const s = await start();
    s.binary('/image.png');
    const response = await fetch(s.url('/image.png'));
    expect(response.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.equals(PNG_1X1)).toBe(true);
  });

  it('answers unknown paths with a 404 HTML page', async () => {
    const s = await start();
    const response = await fetch(s.url('/missing'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Not Found');
  });

  it('applies shared faults to one path prefix only', async () => {
    const s = await start();
    s.route('/flaky/page', { body: 'flaky' });
    s.route('/stable', { body: 'stable' });
    s.faults.always({ kind: 'server-error' }, { pathPrefix: '/flaky' });
    expect((await fetch(s.url('/flaky/page'))).status).toBe(500);
    expect((await fetch(s.url('/stable'))).status).toBe(200);
    s.faults.next({ kind: 'malformed' }, 1, { pathPrefix: '/stable' });
    const broken = await fetch(s.url('/stable'));
    expect(await broken.text()).not.toContain('</html>');
  });
});

describe('startAllServers', () => {
  let all: AllServers | undefined;
  afterEach(async () => {
    await all?.close();
    all = undefined;
  });

  it('starts the three servers on distinct ports and closes them together', async () => {
    all = await startAllServers({ openai: { models: ['only'] } });
    const ports = new Set([all.openai.port, all.searxng.port, all.web.port]);
    expect(ports.size).toBe(3);
    const models = (await (await fetch(`${all.openai.baseUrl}/models`)).json()) as { data: Array<{ id: string }> };
    expect(models.data.map((m) => m.id)).toEqual(['only']);
    expect((await fetch(`${all.searxng.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(all.web.url('/nothing'))).status).toBe(404);
    all.web.faults.always({ kind: 'hang' });
    const hanging = fetch(all.web.url('/nothing'));
    await all.web.waitForRequests(2);
    await all.close();
    await expect(hanging).rejects.toThrow();
    await expect(fetch(`${all.openai.baseUrl}/models`)).rejects.toThrow();
    all = undefined;
  });
});
