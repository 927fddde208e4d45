/**
 * Ollama (and some other local servers) answer 403 to requests whose Origin is not in their allow-list,
 * and a browser extension's requests carry `Origin: chrome-extension://…`. Rather than make every user
 * set OLLAMA_ORIGINS, the background removes the Origin header from its own requests to the local model
 * server it was told to use, and to nothing else: the rule matches that one origin, initiated by us.
 */
import { browser } from 'wxt/browser';

import { isPrivateNetworkUrl } from '../net/private-address';
import { HEADER_RULE_PRIORITY } from '../net/private-network-rules';
import { activeModelProfile } from '../settings/active-profile';
import { loadSettingsInForce } from '../settings/managed-store';

const RULE_ID_BASE = 10_000;
const RULE_ID_SPAN = 1_000_000;

interface DnrApi {
  updateSessionRules(options: { removeRuleIds?: number[]; addRules?: unknown[] }): Promise<void>;
}

function ruleIdFor(origin: string): number {
  let hash = 0;
  for (const char of origin) hash = (hash * 31 + char.charCodeAt(0)) % RULE_ID_SPAN;
  return RULE_ID_BASE + hash;
}

/**
 * The host our requests are initiated from: the extension id in Chrome (`chrome-extension://ID/`), but
 * the per-install UUID in Firefox (`moz-extension://UUID/`), where `runtime.id` is the gecko id instead.
 */
function ownHost(): string {
  return new URL(browser.runtime.getURL('/')).hostname;
}

/** Makes requests from this extension to a local model server go out without an Origin header. */
export async function allowLocalModelServer(baseUrl: string): Promise<boolean> {
  const dnr = (browser as { declarativeNetRequest?: DnrApi }).declarativeNetRequest;
  if (!dnr || !isPrivateNetworkUrl(baseUrl)) return false;
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    return false;
  }
  const id = ruleIdFor(origin);
  try {
    await dnr.updateSessionRules({
      removeRuleIds: [id],
      addRules: [
        {
          id,
          // Above the network guard's allow rules, which would otherwise cancel it (private-network-rules.ts).
          priority: HEADER_RULE_PRIORITY,
          action: { type: 'modifyHeaders', requestHeaders: [{ header: 'origin', operation: 'remove' }] },
          condition: {
            urlFilter: `|${origin}/`,
            initiatorDomains: [ownHost()],
            resourceTypes: ['xmlhttprequest', 'other'],
          },
        },
      ],
    });
    return true;
  } catch (error) {
    console.warn('[factlight] could not remove the Origin header for', origin, error);
    return false;
  }
}

/** Restores the session rule for the model server in force (it vanishes with the browser session). */
export async function allowModelServerInForce(): Promise<void> {
  const { effective } = await loadSettingsInForce();
  await allowLocalModelServer(activeModelProfile(effective.model).baseUrl);
}
