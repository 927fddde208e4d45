/**
 * The adapter registry and the one entry point of `lib/sites/`. Everything here is small and DOM-library
 * free (no linkedom, no happy-dom), so the content script can `import('…/lib/sites')` lazily once the page
 * URL is a chat site (`CHAT_SITE_MATCHES`) and pay nothing elsewhere.
 */
import { chatgpt } from './chatgpt';
import { claude } from './claude';
import { copilot } from './copilot';
import { deepseek } from './deepseek';
import { gemini } from './gemini';
import { grok } from './grok';
import { mistral } from './mistral';
import { perplexity } from './perplexity';
import type { SiteAdapter } from './types';

/** Every adapter, one per site. */
export const SITE_ADAPTERS: readonly SiteAdapter[] = [
  chatgpt,
  claude,
  gemini,
  perplexity,
  copilot,
  deepseek,
  grok,
  mistral,
];

/** All match patterns, e.g. for a content script's `matches`. */
export const CHAT_SITE_MATCHES: readonly string[] = SITE_ADAPTERS.flatMap((adapter) => adapter.matches);

/**
 * The adapter whose match patterns cover `url`, or null. Dispatch is by URL only, never by DOM sniffing:
 * Mistral and ChatGPT share `data-message-author-role`.
 */
export function adapterForUrl(url: string): SiteAdapter | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return SITE_ADAPTERS.find((adapter) => adapter.matches.some((pattern) => matchesPattern(pattern, parsed))) ?? null;
}

/**
 * Whether `url` matches a WebExtension match pattern (`<scheme>://<host><path>`, `*` scheme = http or https,
 * `*.` host prefix = the domain and its subdomains, `*` in the path = any characters).
 * https://developer.chrome.com/docs/extensions/develop/concepts/match-patterns
 */
export function matchesPattern(pattern: string, url: URL): boolean {
  const match = /^(\*|https?):\/\/(\*|(?:\*\.)?[^/*]+)(\/.*)$/.exec(pattern);
  if (!match) return false;
  const [, scheme = '', host = '', path = ''] = match;
  const protocol = url.protocol.slice(0, -1);
  if (scheme === '*' ? protocol !== 'http' && protocol !== 'https' : protocol !== scheme) return false;
  if (host !== '*') {
    if (host.startsWith('*.')) {
      const domain = host.slice(2);
      if (url.hostname !== domain && !url.hostname.endsWith(`.${domain}`)) return false;
    } else if (url.hostname !== host) {
      return false;
    }
  }
  const glob = new RegExp(`^${path.split('*').map(escapeRegExp).join('.*')}$`);
  return glob.test(url.pathname + url.search);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export { citedUrls, findReplies, findReplyElements, findScrollRoot, readReply } from './find-replies';
export { createStabilityTracker } from './finished';
export type { Citation, Reply, SiteAdapter, SiteId, SiteSelectors, TextRange } from './types';
