/**
 * Following links for real: the page fetcher and the linkedom extractor against a loopback web server,
 * the Wayback and Crossref adapters against loopback fakes of their APIs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { type LinkRetrievalDeps, retrieveLink } from '../../../../../../lib/core/quality/links/retrieve-link';
import { createLinkedomExtractor } from '../../../../../../lib/extract/linkedom-extractor';
import { createPageFetcher } from '../../../../../../lib/extract/page-fetcher';
import { createCrossrefRegistry } from '../../../../../../lib/links/crossref';
import { createWaybackArchive } from '../../../../../../lib/links/wayback';
import { type CrossrefServer, startCrossrefServer } from '../../../../../../scripts/lib/servers/crossref-server';
import { startWebServer, type WebServer } from '../../../../../../scripts/lib/servers/index';
import { startWaybackServer, type WaybackServer } from '../../../../../../scripts/lib/servers/wayback-server';
import { arsHtml } from './fixtures';

const OPTIONS = { timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024 };
/** A real news page (Ars Technica, from Readability's test suite). */
const ARS = arsHtml;
const ARS_SENTENCE =
  'Minecraft items can also store arbitrary metadata in a file format known as Named Binary Tag (NBT)';
const ABSTRACT = `<!DOCTYPE html><html><head><title>A randomised trial of tea</title></head><body><article><h1>A randomised trial of tea</h1>
<p>${'We randomised 400 adults to drink tea or water for twelve weeks and measured their blood pressure at the start and at the end. '.repeat(3)}</p></article></body></html>`;

let web: WebServer;
let archive: WaybackServer;
let crossref: CrossrefServer;

/**
 * Stands in for DNS: the named hosts go to loopback servers; `no-such-host.example` fails like a failed lookup in Node.
 */
function transport(hosts: Record<string, string>): typeof fetch {
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname === 'no-such-host.example') {
      const cause = Object.assign(new Error('getaddrinfo ENOTFOUND no-such-host.example'), { code: 'ENOTFOUND' });
      return Promise.reject(new TypeError('fetch failed', { cause }));
    }
    const target = hosts[url.hostname];
    if (target) {
      url.protocol = new URL(target).protocol;
      url.host = new URL(target).host;
    }
    return fetch(url, init);
  };
}

function deps(
  change: { allowPrivate?: boolean; fetch?: typeof fetch; archive?: boolean; doi?: boolean } = {},
): LinkRetrievalDeps {
  return {
    fetcher: createPageFetcher({
      allowPrivateNetwork: () => change.allowPrivate ?? true,
      ...(change.fetch ? { fetch: change.fetch } : {}),
    }),
    extractor: createLinkedomExtractor(),
    ...(change.archive === false ? {} : { archive: createWaybackArchive({ baseUrl: archive.baseUrl }) }),
    ...(change.doi === false ? {} : { doiRegistry: createCrossrefRegistry({ baseUrl: crossref.baseUrl }) }),
  };
}

beforeAll(async () => {
  [web, archive, crossref] = await Promise.all([startWebServer(), startWaybackServer(), startCrossrefServer()]);
});
beforeEach(() => {
  for (const server of [web, archive, crossref]) server.faults.clear();
  web.requests.length = 0;
  archive.requests.length = 0;
});
afterAll(async () => {
  await Promise.all([web.close(), archive.close(), crossref.close()]);
});

describe('retrieveLink: pages that work', () => {
  it('reads a working page: status, title and main text', async () => {
    web.route('/article', { body: ARS });
    const result = await retrieveLink(web.url('/article'), deps(), OPTIONS);
    expect(result).toMatchObject({
      url: web.url('/article'),
      status: 'working',
      httpStatus: 200,
      finalUrl: web.url('/article'),
      title: 'Just-released Minecraft exploit makes it easy to crash game servers',
    });
    expect(result.text).toContain(ARS_SENTENCE);
    expect(result.detail).toBe(
      'The page “Just-released Minecraft exploit makes it easy to crash game servers” was read.',
    );
    // The same as codes, worded when shown in the interface language (lib/view/link-reason-words.ts).
    expect(result.reasons).toEqual([
      { code: 'page-read', title: 'Just-released Minecraft exploit makes it easy to crash game servers' },
    ]);
    expect(result.redirects).toBeUndefined();
    expect(archive.requests).toHaveLength(0);
  });

  it('follows a redirect chain and says where it ended; a trailing-slash redirect is the same page', async () => {
    web.route('/article', { body: ARS });
    web.route('/old', { redirect: '/moved', status: 301 });
    web.route('/moved', { redirect: web.url('/article'), status: 302 });
    const result = await retrieveLink(web.url('/old'), deps(), OPTIONS);
    expect(result).toMatchObject({
      status: 'redirected',
      finalUrl: web.url('/article'),
      redirects: [web.url('/moved'), web.url('/article')],
    });
    expect(result.detail).toMatch(/^The link redirects to another address \(.*\/article\)\. The page “Just-released/);
    expect(result.reasons).toEqual([
      { code: 'redirect-elsewhere', url: web.url('/article') },
      { code: 'page-read', title: expect.stringMatching(/^Just-released/) },
    ]);
    expect(result.text).toContain(ARS_SENTENCE);
    web.route('/article/', { redirect: '/article', status: 301 });
    expect((await retrieveLink(web.url('/article/'), deps(), OPTIONS)).status).toBe('working');
  });

  it("says when a link redirects to the site's home page", async () => {
    web.route('/', { body: ARS });
    web.route('/2015/04/story', { redirect: '/' });
    const result = await retrieveLink(web.url('/2015/04/story'), deps(), OPTIONS);
    expect(result.status).toBe('redirected');
    expect(result.detail).toMatch(
      /redirects to the home page of 127\.0\.0\.1:\d+, which often means the page was removed/,
    );
    expect(result.reasons).toEqual([
      { code: 'redirect-home', host: new URL(web.origin).host },
      { code: 'page-read', title: expect.stringMatching(/Minecraft/) },
    ]);
  });
});

describe('retrieveLink: dead links and the web archive', () => {
  it('reports a 404 and reads the archived copy instead, through its banner-free address', async () => {
    archive.addSnapshot(web.url('/gone'), { timestamp: '20200115093000', html: ARS });
    const result = await retrieveLink(web.url('/gone'), deps(), OPTIONS);
    expect(result).toMatchObject({
      status: 'dead',
      httpStatus: 404,
      archivedUrl: archive.snapshotUrl(web.url('/gone')),
      title: expect.stringContaining('Minecraft'),
    });
    expect(result.text).toContain(ARS_SENTENCE);
    expect(result.detail).toBe(
      `The page at ${new URL(web.origin).host} does not exist (404). The web archive's copy from 2020-01-15 was read instead.`,
    );
    expect(result.reasons).toEqual([
      { code: 'page-missing', host: new URL(web.origin).host, status: 404 },
      { code: 'archive-read', date: '2020-01-15' },
    ]);
    expect(archive.requests.map((r) => r.path)).toEqual([
      '/wayback/available',
      `/web/20200115093000id_/${web.url('/gone')}`,
    ]);
  });

  it('reports a dead link without a copy, and a 410 as removed', async () => {
    const result = await retrieveLink(web.url('/never-archived'), deps(), OPTIONS);
    expect(result).toMatchObject({ status: 'dead', httpStatus: 404 });
    expect(result.text).toBeUndefined();
    expect(result.archivedUrl).toBeUndefined();
    expect(result.detail).toMatch(/does not exist \(404\)\. The web archive has no copy of it\.$/);
    expect(result.reasons).toEqual([
      { code: 'page-missing', host: new URL(web.origin).host, status: 404 },
      { code: 'archive-none' },
    ]);
    web.route('/removed', { status: 410, body: '<h1>Gone</h1>' });
    const removed = await retrieveLink(web.url('/removed'), deps({ archive: false }), OPTIONS);
    expect(removed.detail).toMatch(/has been removed \(410\)\.$/);
    expect(removed.reasons).toEqual([{ code: 'page-removed', host: new URL(web.origin).host }]);
  });

  it('keeps the dead status when the archive cannot be asked', async () => {
    archive.faults.next({ kind: 'server-error' });
    const result = await retrieveLink(web.url('/gone-too'), deps(), OPTIONS);
    expect(result.status).toBe('dead');
    expect(result.detail).toMatch(/\. The web archive could not be asked for a copy\.$/);
    expect(result.reasons?.at(-1)).toEqual({ code: 'archive-unavailable' });
  });

  it('calls redirect loops, endless redirects, unknown hosts, refused connections, timeouts and server errors dead', async () => {
    web.route('/x', { redirect: '/y' });
    web.route('/y', { redirect: '/x' });
    for (let i = 0; i < 8; i++) web.route(`/hop${i}`, { redirect: `/hop${i + 1}` });
    const loop = await retrieveLink(web.url('/x'), deps({ archive: false }), OPTIONS);
    const host = new URL(web.origin).host;
    expect(loop).toMatchObject({
      status: 'dead',
      detail: expect.stringMatching(/redirects in a loop/),
      reasons: [{ code: 'redirect-loop', host }],
    });
    expect(await retrieveLink(web.url('/hop0'), deps({ archive: false }), OPTIONS)).toMatchObject({
      detail: expect.stringMatching(/redirects again and again/),
      reasons: [{ code: 'too-many-redirects', host }],
    });

    const dns = await retrieveLink(
      'https://no-such-host.example/paper',
      deps({ archive: false, fetch: transport({}) }),
      OPTIONS,
    );
    expect(dns).toMatchObject({
      status: 'dead',
      detail: 'The site name no-such-host.example does not exist (it does not resolve to any server).',
      reasons: [{ code: 'no-such-host', host: 'no-such-host.example' }],
    });

    const closed = await startWebServer();
    const closedUrl = closed.url('/page');
    await closed.close();
    expect(await retrieveLink(closedUrl, deps({ archive: false }), OPTIONS)).toMatchObject({
      status: 'dead',
      detail: expect.stringMatching(/could not be reached/),
      reasons: [{ code: expect.stringMatching(/^unreachable/), host: new URL(closedUrl).host }],
    });

    web.faults.next({ kind: 'hang' });
    const slow = await retrieveLink(web.url('/slow'), deps(), { ...OPTIONS, timeoutMs: 150 });
    expect(slow).toMatchObject({
      status: 'dead',
      detail: expect.stringMatching(/did not load in time\. The web archive has no copy of it\.$/),
      reasons: [{ code: 'timeout', host }, { code: 'archive-none' }],
    });

    web.faults.next({ kind: 'server-error' });
    expect(await retrieveLink(web.url('/broken'), deps({ archive: false }), OPTIONS)).toMatchObject({
      status: 'dead',
      httpStatus: 500,
      detail: `The site ${host} answered with a server error (500), so the page could not be read.`,
      reasons: [{ code: 'server-error', host, status: 500 }],
    });
  });
});

describe('retrieveLink: pages we cannot read', () => {
  it('calls 401, 403, 429 and private addresses blocked, and does not look them up in the archive', async () => {
    web.route('/paywall', { status: 403, body: '<h1>Subscribe</h1>' });
    web.route('/login', { status: 401, body: '<h1>Log in</h1>' });
    web.route('/busy', { status: 429, body: '<h1>Slow down</h1>' });
    expect(await retrieveLink(web.url('/paywall'), deps(), OPTIONS)).toMatchObject({
      status: 'blocked',
      httpStatus: 403,
      detail: expect.stringMatching(/refused access, as paywalls and bot protection do \(403\)\.$/),
      reasons: [{ code: 'refused', host: new URL(web.origin).host, status: 403 }],
    });
    expect(await retrieveLink(web.url('/login'), deps(), OPTIONS)).toMatchObject({
      status: 'blocked',
      detail: expect.stringMatching(/asks for a login \(401\)/),
      reasons: [{ code: 'refused', status: 401 }],
    });
    expect(await retrieveLink(web.url('/busy'), deps(), OPTIONS)).toMatchObject({
      status: 'blocked',
      detail: expect.stringMatching(/too many requests \(429\)/),
      reasons: [{ code: 'refused', status: 429 }],
    });
    const privateLink = await retrieveLink(web.url('/admin'), deps({ allowPrivate: false }), OPTIONS);
    expect(privateLink).toMatchObject({
      status: 'blocked',
      detail: expect.stringMatching(
        /private-network address \(127\.0\.0\.1:\d+\), which is not fetched unless allowed in the settings/,
      ),
      // The same as a code, worded when shown (lib/view/link-reason-words.ts).
      reasons: [{ code: 'private-address', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) }],
    });
    expect(web.requests.map((r) => r.path)).not.toContain('/admin');
    expect(archive.requests).toHaveLength(0);
  });

  it('recognises pages that need JavaScript: an app shell with a noscript notice, or only scripts', async () => {
    web.route('/app', {
      body: '<!DOCTYPE html><html><head><title>React App</title><script defer src="/static/js/main.js"></script></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>',
    });
    web.route('/spa', {
      body: '<!DOCTYPE html><html><head><title>Loading</title><script type="application/ld+json">{"@type":"NewsArticle"}</script></head><body><div id="__next"></div><script src="/_next/app.js"></script></body></html>',
    });
    const app = await retrieveLink(web.url('/app'), deps(), OPTIONS);
    expect(app).toMatchObject({
      status: 'needs-javascript',
      detail: 'The page shows no text without running scripts (it asks for JavaScript), so it could not be read.',
      reasons: [{ code: 'needs-javascript', signal: 'notice' }],
    });
    expect(app.text).toBeUndefined();
    expect(await retrieveLink(web.url('/spa'), deps(), OPTIONS)).toMatchObject({
      detail: expect.stringMatching(/its text is produced by scripts/),
      reasons: [{ code: 'needs-javascript', signal: 'scripts' }],
    });
  });

  it('tells a page without text from one that needs JavaScript, and an article with a noscript notice from both', async () => {
    web.route('/stub', {
      body: '<!DOCTYPE html><html><head><title>Stub</title></head><body><p>Coming soon.</p></body></html>',
    });
    const stub = await retrieveLink(web.url('/stub'), deps(), OPTIONS);
    expect(stub).toMatchObject({
      status: 'working',
      detail: 'The page loaded but has no readable text.',
      reasons: [{ code: 'no-readable-text' }],
    });
    expect(stub.text).toBeUndefined();
    web.route('/article-js', {
      body: ARS.replace(
        /<body([^>]*)>/i,
        '<body$1><noscript>Please enable JavaScript for the best experience.</noscript><script src="/ads.js"></script>',
      ),
    });
    expect((await retrieveLink(web.url('/article-js'), deps(), OPTIONS)).status).toBe('working');
  });

  it('calls PDFs, images and binary files not-text, naming what they are', async () => {
    web.binary('/paper.pdf', { body: Buffer.from('%PDF-1.7\n%âãÏÓ\n'), contentType: 'application/pdf' });
    web.binary('/chart.png');
    web.route('/fake.html', {
      body: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 0)]),
      contentType: 'text/html',
    });
    expect(await retrieveLink(web.url('/paper.pdf'), deps(), OPTIONS)).toMatchObject({
      status: 'not-text',
      httpStatus: 200,
      detail: 'The link leads to a PDF file, not a web page, so its text was not read.',
      reasons: [{ code: 'not-text', kind: 'pdf' }],
    });
    expect(await retrieveLink(web.url('/chart.png'), deps(), OPTIONS)).toMatchObject({
      detail: expect.stringMatching(/leads to an image/),
      reasons: [{ code: 'not-text', kind: 'image' }],
    });
    expect(await retrieveLink(web.url('/fake.html'), deps(), OPTIONS)).toMatchObject({
      detail: expect.stringMatching(/leads to a binary file/),
      reasons: [{ code: 'not-text', kind: 'binary' }],
    });
  });

  it('throws only when the check is cancelled', async () => {
    await expect(
      retrieveLink(web.url('/article'), deps(), { ...OPTIONS, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('retrieveLink: text fragments', () => {
  beforeEach(() => {
    web.route('/article', { body: ARS });
    web.route('/with-footer', {
      body: ARS.replace('</body>', '<footer><p>Contact the newsroom at tips@example.org any day.</p></footer></body>'),
    });
  });

  it('finds a #:~:text= quote in the page text and locates it', async () => {
    const url = `${web.url('/article')}#:~:text=${encodeURIComponent('minecraft ITEMS can also  store')},${encodeURIComponent('binary tag')}`;
    const result = await retrieveLink(url, deps(), OPTIONS);
    expect(result.textFragment).toMatchObject({ quote: 'minecraft ITEMS can also  store … binary tag', found: true });
    const { start, end } = result.textFragment!;
    expect(result.text!.slice(start, end)).toBe(
      'Minecraft items can also store arbitrary metadata in a file format known as Named Binary Tag',
    );
    expect(web.requests.at(-1)!.path).toBe('/article'); // the fragment never goes on the wire
  });

  it('reports a quote that is not on the page as not found', async () => {
    const url = `${web.url('/article')}#:~:text=${encodeURIComponent('Minecraft items cannot store metadata')}`;
    expect((await retrieveLink(url, deps(), OPTIONS)).textFragment).toEqual({
      quote: 'Minecraft items cannot store metadata',
      found: false,
    });
  });

  it("uses a reply citation's quote, and finds a quote outside the main text in the page's visible text", async () => {
    const quoted = await retrieveLink(web.url('/article'), deps(), {
      ...OPTIONS,
      quote: 'The root of the object … 30,000,000 lists',
    });
    expect(quoted.textFragment).toMatchObject({ found: true });
    const footer = await retrieveLink(`${web.url('/with-footer')}#:~:text=Contact%20the%20newsroom`, deps(), OPTIONS);
    expect(footer.text).not.toContain('Contact the newsroom');
    expect(footer.textFragment).toEqual({ quote: 'Contact the newsroom', found: true });
  });

  it('leaves textFragment out when no text could be read', async () => {
    expect(
      (await retrieveLink(`${web.url('/missing')}#:~:text=anything`, deps({ archive: false }), OPTIONS)).textFragment,
    ).toBeUndefined();
  });
});

describe('retrieveLink: DOIs', () => {
  beforeAll(() => {
    crossref.register('10.5555/tea.2020.1', {
      title: 'A randomised trial of <i>tea</i>',
      landingPage: web.url('/paper'),
    });
    crossref.register('10.5555/walled.7', { title: 'A walled paper', landingPage: web.url('/walled') });
  });
  beforeEach(() => {
    web.route('/paper', { body: ABSTRACT });
    web.route('/walled', { status: 403, body: '<h1>Access denied</h1>' });
  });

  it('calls an unregistered DOI dead, as a possibly invented reference, without fetching anything', async () => {
    const result = await retrieveLink('https://doi.org/10.5555/invented.2023.42', deps(), OPTIONS);
    expect(result).toEqual({
      url: 'https://doi.org/10.5555/invented.2023.42',
      status: 'dead',
      detail: 'The DOI 10.5555/invented.2023.42 is not registered, so the reference it stands for may be invented.',
      // The same as a code, worded when shown in the interface language (lib/view/link-reason-words.ts).
      reasons: [{ code: 'doi-unregistered', doi: '10.5555/invented.2023.42' }],
      doi: { doi: '10.5555/invented.2023.42', registered: false },
    });
    expect(web.requests).toHaveLength(0);
    expect(archive.requests).toHaveLength(0);
  });

  it("follows a registered DOI to the publisher's page and reads it", async () => {
    const result = await retrieveLink('https://doi.org/10.5555/tea.2020.1', deps(), OPTIONS);
    expect(result).toMatchObject({
      status: 'working',
      finalUrl: web.url('/paper'),
      doi: { doi: '10.5555/tea.2020.1', registered: true, title: 'A randomised trial of tea' },
    });
    expect(result.text).toContain('We randomised 400 adults');
    expect(result.detail).toBe(
      'The DOI 10.5555/tea.2020.1 is registered as “A randomised trial of tea”. The page “A randomised trial of tea” was read.',
    );
    expect(result.reasons).toEqual([
      { code: 'doi-registered', doi: '10.5555/tea.2020.1', title: 'A randomised trial of tea' },
      { code: 'page-read', title: 'A randomised trial of tea' },
    ]);
  });

  it('keeps a registered DOI whose publisher blocks us as registered', async () => {
    const result = await retrieveLink('https://doi.org/10.5555/walled.7', deps(), OPTIONS);
    expect(result).toMatchObject({ status: 'blocked', doi: { registered: true, title: 'A walled paper' } });
    expect(result.detail).toMatch(
      /^The DOI 10\.5555\/walled\.7 is registered as “A walled paper”\. The site .* refused access/,
    );
    expect(result.reasons).toEqual([
      { code: 'doi-registered', doi: '10.5555/walled.7', title: 'A walled paper' },
      { code: 'refused', host: new URL(web.origin).host, status: 403 },
    ]);
  });

  it('follows the resolver as usual when the registry is down (its redirect is no "redirected" link)', async () => {
    crossref.faults.next({ kind: 'server-error' });
    web.route('/10.5555/tea.2020.1', { redirect: web.url('/paper') });
    const result = await retrieveLink(
      'https://doi.org/10.5555/tea.2020.1',
      deps({ fetch: transport({ 'doi.org': web.origin }) }),
      OPTIONS,
    );
    expect(result).toMatchObject({ status: 'working', finalUrl: web.url('/paper') });
    expect(result.doi).toBeUndefined();
    expect(result.text).toContain('We randomised 400 adults');
  });
});
