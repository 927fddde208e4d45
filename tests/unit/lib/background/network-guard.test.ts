/**
 * The guard's wiring to each browser's API, with the APIs recorded as the browsers define them (fake-browser
 * has neither declarativeNetRequest nor webRequest/dns). That real browsers enforce it, hop by hop, is
 * tests/e2e/journeys/private-network.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { startNetworkGuard } from '../../../../lib/background/network-guard';
import type { NetworkPolicy } from '../../../../lib/net/network-policy';
import { PRIVATE_HOST_PATTERNS } from '../../../../lib/net/private-network-rules';

const BASE = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';
const POLICY: NetworkPolicy = { allowPrivateNetwork: false, allowedOrigins: ['http://127.0.0.1:11434'] };
const apis = fakeBrowser as unknown as Record<string, unknown>;

beforeEach(() => {
  fakeBrowser.reset();
  for (const name of ['declarativeNetRequest', 'webRequest', 'dns']) delete apis[name];
});

describe('network guard in Chrome (session rules)', () => {
  it("replaces its own rules, keeps other rules (the local model's header rule), and serialises updates", async () => {
    let rules: Array<{ id: number }> = [{ id: 10_123 }, { id: 1 }, { id: 105 }];
    const updates: Array<{ removeRuleIds?: number[]; addRules?: unknown[] }> = [];
    apis.declarativeNetRequest = {
      getSessionRules: vi.fn(async () => rules),
      updateSessionRules: vi.fn(async (update: { removeRuleIds?: number[]; addRules?: Array<{ id: number }> }) => {
        updates.push(update);
        rules = [...rules.filter((rule) => !update.removeRuleIds?.includes(rule.id)), ...(update.addRules ?? [])];
      }),
    };
    const guard = startNetworkGuard(BASE);
    await Promise.all([guard.apply(POLICY), guard.apply({ ...POLICY, allowedOrigins: [] })]);
    expect(updates[0]!.removeRuleIds).toEqual([1, 105]);
    expect(rules.map((rule) => rule.id)).toEqual([10_123, ...PRIVATE_HOST_PATTERNS.map((_, i) => 1 + i)]);
    const first = updates[0]!.addRules as Array<{ condition: { initiatorDomains: string[] } }>;
    expect(first.every((rule) => rule.condition.initiatorDomains.join() === 'abcdefghijklmnopabcdefghijklmnop')).toBe(
      true,
    );
    await guard.apply({ allowPrivateNetwork: true, allowedOrigins: [] });
    expect(rules.map((rule) => rule.id)).toEqual([10_123]);
  });
});

describe('network guard in Firefox (blocking webRequest + dns.resolve)', () => {
  type Listener = (details: { url: string; tabId: number; originUrl?: string }) => Promise<{ cancel?: boolean }>;
  let listener: Listener;
  let filter: { urls: string[]; tabId?: number };
  let resolved: string[];
  const FF_BASE = 'moz-extension://3f1c2a9e-6b0d-4e57-9a41-f4c7d5e80a11/';
  const ours = (url: string) => listener({ url, tabId: -1, originUrl: `${FF_BASE}_generated_background_page.html` });

  beforeEach(() => {
    resolved = [];
    apis.webRequest = {
      onBeforeRequest: {
        addListener: (added: Listener, addedFilter: typeof filter, extra: string[]) => {
          expect(extra).toEqual(['blocking']);
          listener = added;
          filter = addedFilter;
        },
      },
    };
    apis.dns = {
      resolve: async (hostname: string) => {
        resolved.push(hostname);
        if (hostname === 'rebind.example') return { addresses: ['93.184.216.34', '127.0.0.1'] };
        if (hostname === 'nowhere.example') throw new Error('NS_ERROR_UNKNOWN_HOST');
        return { addresses: ['93.184.216.34'] };
      },
    };
  });

  it('holds our requests until the policy is known, then refuses private hosts and names that resolve privately', async () => {
    const guard = startNetworkGuard(FF_BASE);
    expect(filter).toEqual({ urls: ['http://*/*', 'https://*/*'], tabId: -1 });
    let settled = false;
    const held = ours('http://127.0.0.1:9/router/reboot').then((answer) => ((settled = true), answer));
    await Promise.resolve();
    expect(settled).toBe(false);
    await guard.apply(POLICY);
    expect(await held).toEqual({ cancel: true });
    expect(await ours('http://[::ffff:127.0.0.1]/')).toEqual({ cancel: true });
    expect(await ours('http://127.0.0.1:11434/v1/chat/completions')).toEqual({});
    expect(await ours('http://rebind.example/')).toEqual({ cancel: true });
    expect(await ours('https://news.example/story')).toEqual({});
    // A name that does not resolve here fails by itself (or a proxy resolves it): not refused.
    expect(await ours('http://nowhere.example/')).toEqual({});
    expect(resolved).toEqual(['rebind.example', 'news.example', 'nowhere.example']);
    // Someone else's request (not from our pages) is never touched or resolved.
    expect(await listener({ url: 'http://127.0.0.1/', tabId: -1, originUrl: 'moz-extension://other/' })).toEqual({});
    await guard.apply({ allowPrivateNetwork: true, allowedOrigins: [] });
    expect(await ours('http://10.0.0.1/')).toEqual({});
  });
});
