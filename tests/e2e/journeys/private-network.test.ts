import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type FactWorld,
  publicNamesFor,
  startFactWorld,
  startWebServer,
  type WebServer,
} from '../../../scripts/lib/servers';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, DriverOptionsPage, DriverSidePanel } from '../harness/journey-pages';

const PUBLIC_HOST = 'news.public-name.test';

/**
 * Issue 24: a public page that redirects into the private network (the reader's router, localhost) must
 * not make the extension send that request, at any hop, in any spelling. The text cites four links on a
 * "public" site (a made-up name the browser routes to a loopback server, see public-names.ts), each
 * redirecting to a private server in another form: 127.0.0.1, an IPv4-mapped IPv6 address, `localhost`,
 * and [::1] on the way back to a public page. The link audit follows them as a reader's check would. The
 * private server (listening on every loopback address) must log nothing, and each public link is requested
 * once (no second request to see where it went). Then, as the control that shows the routes reach the private
 * server at all, "Allow private network" lets a new link's hop through.
 */
describe(`private network journey (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let site: WebServer;
  /** The private server: the same routes and port on IPv4 and IPv6 loopback, one log. */
  let inside: WebServer;
  let inside6: WebServer;
  let archive: WebServer;
  let driver: ExtensionDriver | undefined;
  let publicUrl: (path: string) => string;

  beforeAll(async () => {
    world = await startFactWorld();
    site = await startWebServer();
    // On both loopbacks at one port, so 127.0.0.1, [::ffff:127.0.0.1], [::1] and localhost (either) reach it.
    inside = await startWebServer();
    inside6 = await startWebServer({ host: '::1', port: inside.port });
    archive = await startWebServer({ host: '127.0.0.21' });
    archive.route('/wayback/available', {
      body: JSON.stringify({ url: 'x', archived_snapshots: {} }),
      contentType: 'application/json',
    });
    publicUrl = (path) => `http://${PUBLIC_HOST}:${site.port}${path}`;
    const privately = (host: string, path: string) => `http://${host}:${inside.port}${path}`;
    site.route('/reboot', { redirect: privately('127.0.0.1', '/router/reboot?confirm=1') });
    site.route('/mapped', { redirect: privately('[::ffff:127.0.0.1]', '/mapped') });
    site.route('/named', { redirect: privately('localhost', '/named') });
    site.route('/bounce', { redirect: privately('[::1]', '/bounce') });
    for (const server of [inside, inside6]) server.route('/bounce', { redirect: publicUrl('/landing') });
    site.route('/landing', { body: '<p>Back on the public site.</p>' });
    site.route('/allowed', { redirect: privately('127.0.0.1', '/allowed') });
    for (const server of [inside, inside6]) server.route('/allowed', { body: '<p>Reached the private server.</p>' });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(async () => {
    await Promise.all([world?.close(), site?.close(), inside?.close(), inside6?.close(), archive?.close()]);
  });

  /** The link audit's rows once every link has been followed: each row's status and detail. */
  const auditedLinks = async (panel: DriverSidePanel, count: number) => {
    const items = byTestId('link-item');
    await expect.poll(() => panel.page.count(items), { timeout: 60_000 }).toBe(count);
    return panel.page.texts(items);
  };

  it('follows no redirect into the private network, in any spelling, and requests each public link once', async () => {
    driver = await launchDriver({ hostRoutes: publicNamesFor(site, [PUBLIC_HOST]) });
    const options = await DriverOptionsPage.open(driver);
    await options.fillModel({
      preset: 'custom',
      baseUrl: world.model.baseUrl,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    await options.page.setChecked(byTestId('search-wikipedia'), false);
    await options.enableSearxng(world.searxng.baseUrl);
    await options.page.click('summary', { hasText: 'Advanced: archive and DOI services' });
    await options.page.fill(byTestId('web-archive-url'), archive.origin);
    // "Allow private network" stays off: only the configured model, SearXNG and archive may be private.
    expect(await options.page.isChecked(byTestId('allow-private-network'))).toBe(false);
    expect(await options.save()).toBe('Settings saved.');

    const text = [
      `Marie Curie won two Nobel Prizes, in physics and in chemistry (${publicUrl('/reboot')}).`,
      `Mount Everest is the highest mountain on Earth, as ${publicUrl('/mapped')} explains.`,
      `The Eiffel Tower was completed in 1889 and stands in Paris, according to ${publicUrl('/named')}.`,
      `The Great Wall of China is visible from the Moon with the naked eye (${publicUrl('/bounce')}).`,
    ].join(' ');
    const panel = await DriverSidePanel.open(driver);
    await panel.check(text);
    await panel.waitForResult();
    const rows = await auditedLinks(panel, 4);

    const privateRequests = [...inside.requests, ...inside6.requests];
    expect(privateRequests.map((request) => `${request.headers.host} ${request.path}`)).toEqual([]);
    const publicPaths = site.requests
      .filter((request) => request.headers.host === `${PUBLIC_HOST}:${site.port}`)
      .map((request) => request.path)
      .sort();
    expect(publicPaths).toEqual(['/bounce', '/mapped', '/named', '/reboot']);
    // The reader is told the link could not be followed, and why it may have been.
    for (const row of rows) expect(row).toMatch(/private-network address/);

    // The control: allowed, the same kind of hop reaches the private server, so the zero above is real.
    const again = await DriverOptionsPage.open(driver);
    await again.page.setChecked(byTestId('allow-private-network'), true);
    expect(await again.save()).toBe('Settings saved.');
    await panel.check(`Marie Curie won two Nobel Prizes, in physics and in chemistry (${publicUrl('/allowed')}).`);
    await panel.waitForResult();
    await Promise.race([inside, inside6].map((server) => server.waitForRequests(1, '/allowed', { timeoutMs: 60_000 })));
  });
});
