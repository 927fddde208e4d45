import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { createCrossrefRegistry } from '../../../../lib/links/crossref';
import { type CrossrefServer, startCrossrefServer } from '../../../../scripts/lib/servers/crossref-server';

/** The Crossref adapter against a loopback Crossref REST API. */
describe('Crossref DOI registry adapter', () => {
  let crossref: CrossrefServer;
  beforeAll(async () => {
    crossref = await startCrossrefServer();
  });
  beforeEach(() => crossref.faults.clear());
  afterAll(() => crossref.close());

  it('reports a registered DOI with its plain title and the publisher landing page', async () => {
    crossref.register('10.1038/nature12373', {
      title: 'Nanometre-scale thermometry in a living cell with <i>NV</i> centres',
      landingPage: 'https://www.nature.com/articles/nature12373',
    });
    const record = await createCrossrefRegistry({ baseUrl: crossref.baseUrl }).lookup('10.1038/NATURE12373');
    expect(record).toEqual({
      doi: '10.1038/nature12373',
      registered: true,
      title: 'Nanometre-scale thermometry in a living cell with NV centres',
      url: 'https://www.nature.com/articles/nature12373',
    });
    expect(crossref.requests.at(-1)!.path).toBe('/works/10.1038/NATURE12373');
  });

  it("falls back to Crossref's own DOI URL without a landing page, and encodes DOI characters", async () => {
    crossref.register('10.1000/a;b#c', { title: 'Odd characters' });
    const record = await createCrossrefRegistry({ baseUrl: crossref.baseUrl }).lookup('10.1000/a;b#c');
    expect(record).toMatchObject({ registered: true, url: 'https://doi.org/10.1000/a;b#c' });
    expect(crossref.requests.at(-1)!.path).toBe('/works/10.1000/a%3Bb%23c');
  });

  it('says an unknown DOI is not registered (Crossref answers 404)', async () => {
    expect(await createCrossrefRegistry({ baseUrl: crossref.baseUrl }).lookup('10.9999/invented.2023.001')).toEqual({
      doi: '10.9999/invented.2023.001',
      registered: false,
    });
  });

  it('throws ProviderErrors for server errors, rate limits and timeouts instead of calling a DOI unregistered', async () => {
    const registry = createCrossrefRegistry({ baseUrl: crossref.baseUrl, timeoutMs: 200 });
    crossref.faults.next({ kind: 'server-error' });
    await expect(registry.lookup('10.1038/nature12373')).rejects.toMatchObject({
      kind: 'server',
      details: { provider: 'crossref' },
    });
    crossref.faults.next({ kind: 'rate-limit', retryAfterSeconds: 3 });
    await expect(registry.lookup('10.1038/nature12373')).rejects.toMatchObject({
      kind: 'rate-limit',
      details: { retryAfterMs: 3000 },
    });
    crossref.faults.next({ kind: 'hang' });
    await expect(registry.lookup('10.1038/nature12373')).rejects.toBeInstanceOf(ProviderError);
  });
});
