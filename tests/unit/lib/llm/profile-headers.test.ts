import { describe, expect, it } from 'vitest';

import { createOpenAiClient } from '../../../../lib/llm/openai-client';
import { withProfileHeaders } from '../../../../lib/llm/profile-headers';

interface Sent {
  url: string;
  headers: Headers;
  redirect: RequestRedirect | undefined;
}

function recorder(): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    sent.push({ url, headers: new Headers(init?.headers), redirect: init?.redirect });
    return Promise.resolve(
      new Response(JSON.stringify({ object: 'list', data: [] }), { headers: { 'Content-Type': 'application/json' } }),
    );
  };
  return { fetch, sent };
}

describe("a profile's custom headers on the wire", () => {
  it("go to the base URL's origin only, never following a redirect, and never to another origin", async () => {
    const { fetch, sent } = recorder();
    const scoped = withProfileHeaders('https://gateway.example/v1', { 'X-Gateway-Token': 'secret' }, fetch);
    await scoped('https://gateway.example/v1/chat/completions', { method: 'POST', headers: { Accept: 'x' } });
    await scoped('https://gateway.example:8443/v1/models');
    await scoped('http://gateway.example/v1/models');
    await scoped(new URL('https://elsewhere.example/v1/models'));
    expect(sent.map((s) => [s.url, s.headers.get('x-gateway-token'), s.redirect])).toEqual([
      ['https://gateway.example/v1/chat/completions', 'secret', 'error'],
      ['https://gateway.example:8443/v1/models', null, undefined],
      ['http://gateway.example/v1/models', null, undefined],
      ['https://elsewhere.example/v1/models', null, undefined],
    ]);
    expect(sent[0]!.headers.get('accept')).toBe('x');
  });

  it('go nowhere when the base URL is not http(s): opaque origins are never taken as the same', async () => {
    const { fetch, sent } = recorder();
    const scoped = withProfileHeaders('file:///gateway/v1', { 'X-Gateway-Token': 'secret' }, fetch);
    await scoped('data:text/plain,hello');
    expect(sent.map((s) => s.headers.get('x-gateway-token'))).toEqual([null]);
  });

  it('never sends a header that breaks the rules, and changes nothing without headers', async () => {
    const { fetch, sent } = recorder();
    const scoped = withProfileHeaders('https://gateway.example/v1', { Host: 'evil.example', 'X-Ok': 'ok' }, fetch);
    await scoped('https://gateway.example/v1/models');
    expect(sent[0]!.headers.get('x-ok')).toBe('ok');
    expect(sent[0]!.headers.get('host')).toBeNull();
    expect(withProfileHeaders('https://gateway.example/v1', { Cookie: 'c' }, fetch)).toBe(fetch);
    expect(withProfileHeaders('https://gateway.example/v1', undefined, fetch)).toBe(fetch);
  });

  it('reach the SDK client’s requests beside its own Authorization', async () => {
    const { fetch, sent } = recorder();
    const client = createOpenAiClient({
      baseUrl: 'https://api.anthropic.example/v1/',
      apiKey: 'sk-ant',
      headers: { 'anthropic-workspace-id': 'wrkspc_1' },
      fetch,
    });
    await client.models.list();
    expect(sent[0]!.url).toBe('https://api.anthropic.example/v1/models');
    expect(sent[0]!.headers.get('anthropic-workspace-id')).toBe('wrkspc_1');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer sk-ant');
  });
});
