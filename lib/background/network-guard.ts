/**
 * Keeps every request the extension makes out of the private network, at every redirect hop, in the browser
 * itself: `fetch` cannot see where a redirect goes (with `redirect: 'manual'` a browser answers an opaque
 * response without its Location), so the page fetcher makes one request and this guard refuses each private
 * hop before it is sent.
 *
 * - Chrome: `declarativeNetRequest` session rules (lib/net/private-network-rules.ts) confined to our own
 *   requests by `initiatorDomains`. Session rules go when the browser closes, so the background applies the
 *   policy at every start and after every settings change. Chrome has no DNS API: names are judged by the URL.
 * - Firefox: a blocking `webRequest.onBeforeRequest` listener for requests from our own pages (`tabId` -1,
 *   `originUrl` under our base URL). It sees every hop with the same request id and refuses private hosts; a
 *   name is resolved with `dns.resolve` and refused when any of its addresses is private. A name that does
 *   not resolve is let through: the connection then fails by itself (or a proxy resolves it, which this
 *   guard cannot see).
 *
 * Seen in Chromium 156 and Firefox ESR 153: session rules and the blocking listener both see the extension's
 * own background fetches (Chrome `initiator` chrome-extension://ID; Firefox `tabId` -1, `originUrl` the
 * background page) and each redirect hop before it is sent. tests/e2e/journeys/private-network.test.ts checks
 * it in both browsers. Docs: MDN webRequest.onBeforeRequest ("blocking"), MDN dns.resolve.
 */
import { browser } from 'wxt/browser';

import { decideRequest, type NetworkPolicy, resolvesPrivately } from '../net/network-policy';
import { isGuardRuleId, privateNetworkRules } from '../net/private-network-rules';

export interface NetworkGuard {
  /** Enforces `policy` from now on; resolves once the browser applies it (rejects when it cannot). */
  apply(policy: NetworkPolicy): Promise<void>;
}

interface DnrApi {
  getSessionRules(): Promise<Array<{ id: number }>>;
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: unknown[] }): Promise<void>;
}

interface RequestDetails {
  url: string;
  tabId: number;
  originUrl?: string;
  documentUrl?: string;
}

interface FirefoxApis {
  webRequest: {
    onBeforeRequest: {
      addListener(
        listener: (details: RequestDetails) => Promise<{ cancel?: boolean }> | { cancel?: boolean } | undefined,
        filter: { urls: string[]; tabId?: number },
        extraInfo: string[],
      ): void;
    };
  };
  dns: { resolve(hostname: string): Promise<{ addresses: string[] }> };
}

/**
 * Starts the guard this browser supports: Firefox's (it has `dns` and blocking `webRequest`), else Chrome's
 * rules. `ownBaseUrl` is `runtime.getURL('/')`. Until the first `apply`, Firefox holds our requests (the
 * policy is being read) and Chrome's rules from the session, if any, stay as they were.
 */
export function startNetworkGuard(ownBaseUrl: string): NetworkGuard {
  const apis = browser as unknown as Partial<FirefoxApis> & { declarativeNetRequest?: DnrApi };
  if (apis.dns && apis.webRequest) return firefoxGuard(ownBaseUrl, apis as FirefoxApis);
  return chromeGuard(new URL(ownBaseUrl).hostname, apis.declarativeNetRequest);
}

function chromeGuard(initiator: string, dnr: DnrApi | undefined): NetworkGuard {
  // One update at a time, so two quick saves cannot interleave their remove and add.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    apply(policy) {
      if (!dnr)
        // i18n-exempt: an error for developers, only logged to the console by its callers, never shown.
        return Promise.reject(new Error('This browser has no declarativeNetRequest: the network guard is off.'));
      const update = queue.then(async () => {
        const existing = await dnr.getSessionRules();
        await dnr.updateSessionRules({
          removeRuleIds: existing.map((rule) => rule.id).filter(isGuardRuleId),
          addRules: privateNetworkRules(initiator, policy),
        });
      });
      queue = update.catch(() => undefined);
      return update;
    },
  };
}

function firefoxGuard(ownBaseUrl: string, apis: FirefoxApis): NetworkGuard {
  let settle: (policy: NetworkPolicy) => void = () => undefined;
  let current = new Promise<NetworkPolicy>((resolve) => (settle = resolve));
  let applied = false;
  apis.webRequest.onBeforeRequest.addListener(
    async (details) => {
      const from = details.originUrl ?? details.documentUrl ?? '';
      if (!from.startsWith(ownBaseUrl)) return {};
      const policy = await current;
      const decision = decideRequest(details.url, policy);
      if (decision === 'allow') return {};
      if (decision === 'refuse') return { cancel: true };
      try {
        const { addresses } = await apis.dns.resolve(new URL(details.url).hostname);
        return resolvesPrivately(addresses) ? { cancel: true } : {};
      } catch {
        return {}; // Not resolvable here: the connection fails by itself, or a proxy resolves it.
      }
    },
    { urls: ['http://*/*', 'https://*/*'], tabId: -1 },
    ['blocking'],
  );
  return {
    apply(policy) {
      if (applied) current = Promise.resolve(policy);
      else settle(policy);
      applied = true;
      return Promise.resolve();
    },
  };
}
