import { describe, expect, it } from 'vitest';

import { testSearchConnection } from '../../../../lib/connection/test-search';

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
