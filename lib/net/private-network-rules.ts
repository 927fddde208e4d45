/**
 * Chrome's half of the network guard, as data: `declarativeNetRequest` session rules that refuse every
 * request this extension makes to a private, loopback or link-local host, at every redirect hop (the
 * browser checks each hop before sending it, which `fetch` itself cannot: a redirect's target is hidden
 * from it). Higher-priority allow rules let through the origins the person configured (their model, their
 * SearXNG, the archive and DOI services). "Allow private network" needs no rule: the block rules go.
 *
 * Rules match the URL as the browser canonicalises it (lower-case host, IPv4 in dotted decimal whatever its
 * spelling, IPv6 compressed in brackets, an IPv4-mapped address in hex: `[::ffff:7f00:1]`), never the
 * address a name resolves to: Chrome has no DNS API, so a public name that resolves privately passes here.
 * `regexFilter` is RE2 (no lookahead, no numeric ranges: CIDRs are written as alternations).
 * Sources: developer.chrome.com/docs/extensions/reference/api/declarativeNetRequest (RuleCondition,
 * "regexFilter … follows the RE2 syntax"; session rules "are not persisted across browser sessions");
 * MDN declarativeNetRequest "Matching precedence" (higher priority wins; at equal priority allow beats
 * block) and ModifyHeaderInfo ("modifyHeaders rules with a priority lower than or equal to matching allow
 * … rules are ignored", hence lib/background/local-model-origin.ts uses a priority above the allow rules).
 */
import type { NetworkPolicy } from './network-policy';
import { WILDCARD_DNS_DOMAINS } from './private-address';

/** Rule ids this guard owns: block rules from 1, allow rules from 100 (local-model-origin.ts uses 10,000+). */
export const BLOCK_RULE_ID = 1;
export const ALLOW_RULE_ID = 100;
export const MAX_ALLOW_RULES = 900;

/** Priorities: block < allow < the local model's Origin removal (which an allow rule would otherwise cancel). */
export const BLOCK_PRIORITY = 1;
export const ALLOW_PRIORITY = 2;
export const HEADER_RULE_PRIORITY = 3;

/** The shape of a session rule, as far as this guard writes them. */
export interface GuardRule {
  id: number;
  priority: number;
  action: { type: 'block' | 'allow' };
  condition: { regexFilter?: string; urlFilter?: string; initiatorDomains: string[] };
}

/** Any scheme, optional user info, then the host; the host must end at a port, path, query or the end. */
const START = '^[a-z][a-z0-9+.-]*://([^/?#@]*@)?';
const END = '(:[0-9]+)?([/?#]|$)';
/** Any scheme, then anything in the authority up to a dot or "@": the name's last labels follow. */
const START_ANY = '^[a-z][a-z0-9+.-]*://([^/?#]*[.@])?';
const OCTET = '[0-9]{1,3}';

/** IPv4 literals of the ranges `isPrivateIpv4` refuses. */
const IPV4_PRIVATE = [
  '0', // "this network"
  '10',
  '127',
  '100\\.(6[4-9]|[7-9][0-9]|1[01][0-9]|12[0-7])', // carrier-grade NAT 100.64/10
  '169\\.254', // link-local, cloud metadata
  '172\\.(1[6-9]|2[0-9]|3[01])',
  '192\\.168',
  '198\\.(18|19)', // benchmarking
  '(22[4-9]|2[3-5][0-9])', // multicast, reserved, broadcast
];

/**
 * IPv6 literals: everything starting with "::" or "0:" (loopback, unspecified, IPv4-compatible and
 * IPv4-mapped addresses: any IPv4 address written inside IPv6 is refused, since no page is served at one),
 * NAT64 (64:ff9b::/96, 64:ff9b:1::/48), unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10
 * and multicast ff00::/8.
 */
const IPV6_PRIVATE = '\\[(::|0:|64:ff9b:|f[cd][0-9a-f]{2}:|fe[89a-f][0-9a-f]:|ff[0-9a-f]{2}:)[^\\]]*\\]';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regex per rule keeps each well inside RE2's memory limit. */
export const PRIVATE_HOST_PATTERNS: readonly string[] = [
  `${START}(${IPV4_PRIVATE.join('|')})(\\.${OCTET})+${END}`,
  `${START}${IPV6_PRIVATE}${END}`,
  // A single label ("router", "localhost"), with or without the root dot.
  `${START}[^./:?#@\\[\\]]+\\.?${END}`,
  // Local-network suffixes and wildcard-DNS services, bare or at any depth, with or without the root dot (two
  // rules: in one, the alternation exceeds RE2's memory limit, `isRegexSupported` → "memoryLimitExceeded").
  `${START_ANY}(localhost|local|internal|lan|home\\.arpa)\\.?${END}`,
  `${START_ANY}(${WILDCARD_DNS_DOMAINS.map(escape).join('|')})\\.?${END}`,
];

/**
 * The session rules for a policy. `initiator` is the host our requests come from (`chrome-extension://ID`
 * → ID): `initiatorDomains` confines every rule to this extension's own requests (service worker and pages
 * alike; `tabIds: [-1]` would miss an extension page open in a tab), so web pages are never touched.
 */
export function privateNetworkRules(initiator: string, policy: NetworkPolicy): GuardRule[] {
  if (policy.allowPrivateNetwork) return [];
  const initiatorDomains = [initiator];
  const blocks: GuardRule[] = PRIVATE_HOST_PATTERNS.map((regexFilter, index) => ({
    id: BLOCK_RULE_ID + index,
    priority: BLOCK_PRIORITY,
    action: { type: 'block' },
    condition: { regexFilter, initiatorDomains },
  }));
  const allows: GuardRule[] = policy.allowedOrigins.slice(0, MAX_ALLOW_RULES).map((origin, index) => ({
    id: ALLOW_RULE_ID + index,
    priority: ALLOW_PRIORITY,
    action: { type: 'allow' },
    // "|" anchors at the start; the "/" after the origin stops "http://a:80" from also allowing "http://a:8000".
    condition: { urlFilter: `|${origin}/`, initiatorDomains },
  }));
  return [...blocks, ...allows];
}

/** Whether a session rule id belongs to this guard (so a sync replaces exactly these). */
export function isGuardRuleId(id: number): boolean {
  return id >= BLOCK_RULE_ID && id < ALLOW_RULE_ID + MAX_ALLOW_RULES;
}
