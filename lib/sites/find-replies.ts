/**
 * `findReplies`: the assistant replies an adapter finds under a root, with their finished state, clean
 * text, code ranges and cited URLs. Pure (reads the DOM, never changes it, no timers), so the content
 * script, `scripts/sites.ts` and the tests all run exactly this code.
 */
import { readTargets } from './citation-targets';
import { cleanCitedUrl } from './cited-url';
import { matchesAny, outermost, queryAll, queryFirst, unique } from './dom-query';
import { COMMON_EXCLUDE, type Extracted, extractReplyText } from './extract-text';
import { defaultIsFinished, hasDoneMarker, turnOf } from './finished';
import { fallbackMessageId } from './message-id';
import type { Citation, FinishContext, Reply, SiteAdapter } from './types';

/** The reply elements: first `reply` selector with hits, mapped through `unit`, de-duplicated, outermost. */
export function findReplyElements(adapter: SiteAdapter, root: ParentNode): Element[] {
  const hits = queryFirst(root, adapter.selectors.reply);
  const units = unique(hits.map((hit) => adapter.unit?.(hit) ?? hit));
  // A reply inside an editor is a draft (Mistral's Canvas reuses the markdown classes), never an answer.
  return outermost(units).filter((element) => !element.closest('[contenteditable="true"]'));
}

/** The markdown bodies of a reply: outermost hits of the first `body` selector, else the reply itself. */
export function findBodies(adapter: SiteAdapter, reply: Element): Element[] {
  const exclude = [...COMMON_EXCLUDE, ...adapter.selectors.exclude];
  for (const selector of adapter.selectors.body) {
    const hits = queryAll(reply, selector).filter((hit) => !insideExcluded(hit, reply, exclude));
    if (hits.length > 0) return outermost(hits);
  }
  return [reply];
}

function insideExcluded(element: Element, limit: Element, exclude: readonly string[]): boolean {
  for (let node: Element | null = element; node && node !== limit; node = node.parentElement) {
    if (matchesAny(node, exclude)) return true;
  }
  return false;
}

/**
 * A reply's clean text, code ranges and cited URLs, and where each piece of the text came from, read from
 * the DOM as it is now. `url` is the page URL: it resolves relative links and is the base for citations.
 */
export function readReply(adapter: SiteAdapter, element: Element, url: string): Extracted {
  const bodies = findBodies(adapter, element);
  const extracted = extractReplyText(bodies, {
    selectors: adapter.selectors,
    baseUrl: url,
    ...(adapter.excludeText ? { excludeText: adapter.excludeText } : {}),
  });
  addSourcesList(adapter, element, bodies, extracted, url);
  return extracted;
}

/** Finds every reply under `root` (see `readReply` for `url`). Replies come in document order. */
export function findReplies(adapter: SiteAdapter, root: ParentNode, url: string): Reply[] {
  const elements = findReplyElements(adapter, root);
  const ids = new Map<string, number>();
  return elements.map((element, index) => {
    const context: FinishContext = { root, isLast: index === elements.length - 1 };
    const extracted = readReply(adapter, element, url);
    const finished = adapter.isFinished
      ? adapter.isFinished(element, context)
      : defaultIsFinished(adapter, element, context);
    const baseId = adapter.messageId(element) ?? fallbackMessageId(adapter.id, extracted.text);
    // Two replies with the same derived id ("Yes." twice) must still get distinct keys.
    const seen = ids.get(baseId) ?? 0;
    ids.set(baseId, seen + 1);
    return {
      site: adapter.id,
      messageId: seen === 0 ? baseId : `${baseId}#${seen + 1}`,
      element,
      finished,
      needsStability: adapter.completion === 'stability' && !hasDoneMarker(adapter, element),
      text: extracted.text,
      codeRanges: extracted.codeRanges,
      citations: extracted.citations,
    };
  });
}

/** Sources lists outside the body (Gemini's footer): their links cite the whole reply, so they sit at its end. */
function addSourcesList(
  adapter: SiteAdapter,
  reply: Element,
  bodies: readonly Element[],
  extracted: Extracted,
  url: string,
): void {
  if (adapter.selectors.sources.length === 0) return;
  const turn = turnOf(adapter, reply);
  const at = extracted.text.length;
  const known = new Set(
    extracted.citations.map((citation) => `${citation.url} ${citation.start} ${citation.quote ?? ''}`),
  );
  for (const selector of adapter.selectors.sources) {
    for (const list of queryAll(turn, selector)) {
      if (bodies.some((body) => body.contains(list))) continue;
      for (const target of readTargets(list)) {
        const clean = cleanCitedUrl(target.href, url);
        if (!clean) continue;
        const key = `${clean.url} ${at} ${clean.quote ?? ''}`;
        if (known.has(key)) continue;
        known.add(key);
        const citation: Citation = { url: clean.url, start: at, end: at, kind: 'source' };
        if (target.title) citation.title = target.title;
        if (clean.quote) citation.quote = clean.quote;
        extracted.citations.push(citation);
      }
    }
  }
}

/** The distinct cited URLs of a reply, in order of first citation. */
export function citedUrls(reply: Pick<Reply, 'citations'>): string[] {
  return [...new Set(reply.citations.map((citation) => citation.url))];
}

/** The element to observe for new replies: first `scrollRoot` hit, else null (observe `document.body`). */
export function findScrollRoot(adapter: SiteAdapter, root: ParentNode): Element | null {
  return queryFirst(root, adapter.selectors.scrollRoot)[0] ?? null;
}
