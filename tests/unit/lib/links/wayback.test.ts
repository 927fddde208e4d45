import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { createWaybackArchive, rawSnapshotUrl, waybackTimestamp } from '../../../../lib/links/wayback';
import { startWaybackServer, type WaybackServer } from '../../../../scripts/lib/servers/wayback-server';

/** The Wayback adapter against a loopback availability API. */
describe('Wayback availability adapter', () => {
  let archive: WaybackServer;
  beforeAll(async () => {
    archive = await startWaybackServer();
  });
  beforeEach(() => archive.faults.clear());
  afterAll(() => archive.close());

  const failure = async (promise: Promise<unknown>): Promise<ProviderError> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  };

  it('returns the closest snapshot with its capture time and the banner-free address', async () => {
    archive.addSnapshot('https://example.org/gone', { timestamp: '20200115093000', html: '<p>old</p>' });
    const snapshot = await createWaybackArchive({ baseUrl: archive.baseUrl }).closest('https://example.org/gone');
    expect(snapshot).toEqual({
      url: `${archive.baseUrl}/web/20200115093000/https://example.org/gone`,
      rawUrl: `${archive.baseUrl}/web/20200115093000id_/https://example.org/gone`,
      capturedAt: '2020-01-15T09:30:00Z',
    });
    const [request] = archive.requests.slice(-1);
    expect(request).toMatchObject({ method: 'GET', path: '/wayback/available' });
    expect(request!.query.get('url')).toBe('https://example.org/gone');
  });

  it('returns null when nothing was archived, or only an error page was', async () => {
    const wayback = createWaybackArchive({ baseUrl: `${archive.baseUrl}/` });
    expect(await wayback.closest('https://example.org/never')).toBeNull();
    archive.addSnapshot('https://example.org/was-404', {
      timestamp: '20190101000000',
      html: '<h1>Not found</h1>',
      status: 404,
    });
    expect(await wayback.closest('https://example.org/was-404')).toBeNull();
  });

  it('throws ProviderErrors for server errors, malformed answers and timeouts', async () => {
    const wayback = createWaybackArchive({ baseUrl: archive.baseUrl, timeoutMs: 200 });
    archive.faults.next({ kind: 'server-error' });
    expect(await failure(wayback.closest('https://example.org/a'))).toMatchObject({
      kind: 'server',
      details: { provider: 'wayback', status: 503 },
    });
    archive.faults.next({ kind: 'malformed' });
    expect((await failure(wayback.closest('https://example.org/a'))).kind).toBe('malformed');
    archive.faults.next({ kind: 'hang' });
    expect((await failure(wayback.closest('https://example.org/a'))).kind).toBe('timeout');
  });

  it('rewrites public snapshot addresses to https and to their id_ form', () => {
    expect(rawSnapshotUrl('http://web.archive.org/web/20130919044612/http://example.com/')).toBe(
      'https://web.archive.org/web/20130919044612id_/http://example.com/',
    );
    expect(waybackTimestamp('20130919044612')).toBe('2013-09-19T04:46:12Z');
    expect(waybackTimestamp('2013')).toBeUndefined();
  });
});
