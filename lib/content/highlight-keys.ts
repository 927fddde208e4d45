/**
 * A keyboard path through a check drawn in the page. Alt+Shift+N and Alt+Shift+P move to the next and
 * previous highlight (in reading order, wrapping round), scroll it into view, mark it with a ring and say
 * it through a live region ("Claim 2 of 5: Refuted. …"); Enter then opens its card. Highlights are not
 * elements, so they cannot take focus: the chosen one is a cursor of ours that lasts until the reader does
 * anything else (another key, a click), and only then does Enter belong to the page again. Escape drops it.
 *
 * Page-level keys rather than manifest `commands`: a command shortcut is global to the browser, needs no
 * check drawn, and synthesized keys never trigger one (platform notes), so an end-to-end test could not
 * press it. Alt+Shift+N/P are not browser shortcuts in Chrome or Firefox; `code` is read, not `key`, since
 * Option+Shift+N types a character on a Mac. Only keys the browser made for the reader count.
 */
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import { createShadowHost } from './shadow-host';

/** The keys, as `KeyboardEvent.code`, pressed with Alt+Shift. */
export const NEXT_HIGHLIGHT_CODE = 'KeyN';
export const PREVIOUS_HIGHLIGHT_CODE = 'KeyP';

const CSS = `.ring { position: absolute; pointer-events: none; border-radius: 3px; outline: 3px solid #1a56db;
  outline-offset: 2px; box-shadow: 0 0 0 5px rgba(255,255,255,.8); }
.announcer { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (forced-colors: active) { .ring { outline-color: Highlight; } }`;

/** A highlight the keys can reach: its range on the page and what to say about it. */
export interface ReachableHighlight {
  /** Stays the same when the page re-renders and the range is made anew (the claim's id). */
  id: string;
  range: Range;
  /** The claim's verdict in words ("Refuted"). */
  verdict: string;
  /** The claim's words. */
  quote: string;
}

export interface HighlightKeysOptions {
  /** The current check's highlights, in any order. */
  highlights: () => ReachableHighlight[];
  /** Opens the card of a highlight (Enter). */
  open: (highlight: ReachableHighlight) => void;
  /** Whether a card is open: then Enter and Escape are the card's. */
  cardOpen: () => boolean;
}

const MODIFIER_KEYS = new Set(['Alt', 'Shift', 'Control', 'Meta', 'AltGraph', 'CapsLock']);

/** The announcement for the `position`-th (from 1) of `count` highlights. */
export function announcement(highlight: ReachableHighlight, position: number, count: number): string {
  const quote = highlight.quote.length > 120 ? `${highlight.quote.slice(0, 117)}…` : highlight.quote;
  return t('highlightAnnouncement', { position, total: count, verdict: highlight.verdict, quote });
}

/** The messages of the keyboard path (the highlighter asks the background for them in a chosen language). */
export const HIGHLIGHT_KEYS_MESSAGES: readonly MessageKey[] = ['highlightAnnouncement'];

/** Reading order: by where each range starts. */
function inReadingOrder(highlights: ReachableHighlight[]): ReachableHighlight[] {
  return [...highlights].sort((a, b) => a.range.compareBoundaryPoints(Range.START_TO_START, b.range));
}

export function installHighlightKeys(doc: Document, options: HighlightKeysOptions) {
  const view = doc.defaultView!;
  const { host, root } = createShadowHost(doc, 'keyboard', CSS);
  host.style.left = '0px';
  host.style.top = '0px';
  const ring = doc.createElement('div');
  ring.className = 'ring';
  ring.hidden = true;
  ring.setAttribute('data-testid', 'factlight-focus-ring');
  const announcer = doc.createElement('div');
  announcer.className = 'announcer';
  announcer.setAttribute('role', 'status');
  announcer.setAttribute('aria-live', 'polite');
  announcer.setAttribute('data-testid', 'factlight-announcer');
  root.append(ring, announcer);

  let chosen: ReachableHighlight | undefined;

  const drop = (): void => {
    chosen = undefined;
    ring.hidden = true;
  };

  const place = (): void => {
    if (!chosen) return;
    // The page may have re-rendered the text since: the same highlight now has a new range.
    const id = chosen.id;
    chosen = options.highlights().find((item) => item.id === id);
    if (!chosen) {
      drop();
      return;
    }
    const rect = chosen.range.getBoundingClientRect();
    ring.style.left = `${rect.left + view.scrollX}px`;
    ring.style.top = `${rect.top + view.scrollY}px`;
    ring.style.width = `${rect.width}px`;
    ring.style.height = `${rect.height}px`;
  };
  const move = (step: 1 | -1): boolean => {
    const all = inReadingOrder(options.highlights());
    if (all.length === 0) return false;
    const id = chosen?.id;
    const at = all.findIndex((item) => item.id === id);
    const next = at < 0 ? (step === 1 ? 0 : all.length - 1) : (at + step + all.length) % all.length;
    chosen = all[next]!;
    const start = chosen.range.startContainer;
    (start.nodeType === 1 ? (start as Element) : start.parentElement)?.scrollIntoView({
      block: 'center',
      behavior: 'instant',
    });
    place();
    ring.hidden = false;
    // Emptied first, so the same words said twice (a single highlight) are said again.
    announcer.textContent = '';
    announcer.textContent = announcement(chosen, next + 1, all.length);
    return true;
  };

  const onKey = (event: KeyboardEvent): void => {
    if (!event.isTrusted) return;
    const code = event.code;
    if (event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey) {
      if (code === NEXT_HIGHLIGHT_CODE || code === PREVIOUS_HIGHLIGHT_CODE) {
        if (!move(code === NEXT_HIGHLIGHT_CODE ? 1 : -1)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        return;
      }
    }
    if (!chosen || options.cardOpen() || MODIFIER_KEYS.has(event.key)) return;
    const plain = !event.altKey && !event.shiftKey && !event.ctrlKey && !event.metaKey;
    if (plain && event.key === 'Enter') {
      event.preventDefault();
      event.stopImmediatePropagation();
      options.open(chosen);
      return;
    }
    drop();
  };
  // Capture on the window: the chosen highlight's Enter must not reach the page's focused link first.
  view.addEventListener('keydown', onKey, true);
  view.addEventListener(
    'mousedown',
    (event) => {
      if (event.isTrusted) drop();
    },
    true,
  );
  view.addEventListener('resize', place, { passive: true });

  return {
    /** Re-places the ring after the page re-rendered or re-flowed the text. */
    reposition: place,
    /** Forgets the chosen highlight (its check was cleared or replaced). */
    reset: drop,
  };
}
