/**
 * Which private places the extension may reach, from the settings: none, except the origins the person
 * configured themselves (their model server, their SearXNG, the archive and DOI services), unless "allow
 * private network" lets every request through. Both browsers' guards (lib/background/network-guard.ts)
 * and their tests read this one policy.
 */
import { originOf } from '../core/text/hosts';
import { activeModelProfile } from '../settings/active-profile';
import type { Settings } from '../settings/schema';
import { isIpLiteral, isPrivateHost, isPrivateIpAddress } from './private-address';

export interface NetworkPolicy {
  /** "Allow private network" (evidence settings): nothing is refused. */
  allowPrivateNetwork: boolean;
  /** URLs (their origins count) the person configured; reached whatever they resolve to. */
  allowedOrigins: string[];
}

/** The policy for these settings, plus `extraOrigins` (an unsaved URL being tested in the options page). */
export function networkPolicyFor(settings: Settings, extraOrigins: readonly string[] = []): NetworkPolicy {
  const configured = [
    activeModelProfile(settings.model).baseUrl,
    settings.search.searxng.baseUrl,
    settings.checking.webArchiveUrl,
    settings.checking.crossrefUrl,
    ...extraOrigins,
  ];
  const allowedOrigins = [...new Set(configured.map(originOf).filter((origin) => origin !== undefined))];
  return { allowPrivateNetwork: settings.evidence.allowPrivateNetwork, allowedOrigins };
}

/**
 * What the guard does with one request: let it through, refuse it (a private host by its URL), or ask the
 * resolver first (a name, which may resolve privately). Only http(s) requests are judged.
 */
export type GuardDecision = 'allow' | 'refuse' | 'resolve';

export function decideRequest(url: string, policy: NetworkPolicy): GuardDecision {
  if (policy.allowPrivateNetwork) return 'allow';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'allow';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'allow';
  if (policy.allowedOrigins.includes(parsed.origin)) return 'allow';
  if (isPrivateHost(parsed.hostname)) return 'refuse';
  return isIpLiteral(parsed.hostname) ? 'allow' : 'resolve';
}

/** Whether a resolver's answer for a name makes it private: any one private address is enough. */
export function resolvesPrivately(addresses: readonly string[]): boolean {
  return addresses.some(isPrivateIpAddress);
}
