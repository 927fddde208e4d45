/**
 * Message ids for replies whose DOM carries none (Claude, Copilot): a hash of the reply's clean text.
 * It is stable across remounts and virtualization once the reply is finished, which is when the content
 * script starts keying state on it; while a reply streams its derived id changes with every token.
 */
import { fnv1a } from '../core/model/stable-hash';

/** `<site>-t<hash>`: FNV-1a (32 bit) over the first 2,000 characters of `text`, in base 36. */
export function fallbackMessageId(site: string, text: string): string {
  return `${site}-t${fnv1a(text.slice(0, 2000)).toString(36)}`;
}

/** The part of an id attribute after `prefix` ("response-<uuid>" → "<uuid>"), or null when absent or empty. */
export function idAfter(element: Element | null | undefined, prefix: string): string | null {
  const id = element?.getAttribute('id');
  if (!id?.startsWith(prefix)) return null;
  return id.slice(prefix.length) || null;
}
