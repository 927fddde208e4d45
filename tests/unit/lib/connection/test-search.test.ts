import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { testSearchConnection } from '../../../../lib/connection/test-search';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { startSearxngServer } from '../../../../scripts/lib/servers/searxng-server';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

/** A network that is down: every request fails the way `fetch` fails when a host cannot be reached. */
const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

describe('testSearchConnection', () => {
  it('words an unreachable Wikipedia for what Wikipedia has: no base URL to check', async () => {
    const result = await testSearchConnection('wikipedia', { apiKey: '', baseUrl: '' }, { fetch: offline });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fix).toMatch(/this computer is online/);
    expect(`${result.error} ${result.fix}`).not.toMatch(/base URL/i);
  });

  it('keeps the base-URL fix for SearXNG, whose address the person typed', async () => {
    const result = await testSearchConnection(
      'searxng',
      { apiKey: '', baseUrl: 'http://127.0.0.1:1' },
      { fetch: offline },
    );
    expect(result).toMatchObject({ ok: false, fix: expect.stringMatching(/base URL/) });
  });

  describe('in the interface language (issue 25)', () => {
    afterEach(() => setMessageSource(browserSource()));

    it("words SearXNG's 403 for a JSON format its settings.yml leaves out, the setting's names as written", async () => {
      setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
      const searxng = await startSearxngServer({ jsonEnabled: false });
      try {
        const result = await testSearchConnection('searxng', { apiKey: '', baseUrl: searxng.baseUrl });
        expect(result).toMatchObject({
          ok: false,
          error:
            'SearXNG a refusé de répondre en JSON (403). Ajoutez `json` à `search.formats` dans le settings.yml de ' +
            'l’instance, puis redémarrez-la.',
        });
      } finally {
        await searxng.close();
      }
    });
  });

  it('asks for the address or the key before trying', async () => {
    expect(await testSearchConnection('searxng', { apiKey: '', baseUrl: '' })).toMatchObject({
      ok: false,
      error: 'Enter the base URL of your SearXNG server.',
    });
    expect(await testSearchConnection('tavily', { apiKey: '', baseUrl: '' })).toMatchObject({
      ok: false,
      error: 'Tavily needs an API key.',
    });
  });
});
