/**
 * The small card shown for a highlight (clicked, or chosen from the keyboard and opened with Enter):
 * verdict, one-line explanation, top evidence, revision, and when some of the check's claims could not be
 * placed on the page, how many ("3 of 4 claims could not be shown on this page"), beside the button that
 * opens the side panel, where they all are. It is placed beside the sentence, never over it
 * (card-placement.ts), has a visible ✕, and Escape closes it; opened from the keyboard, it takes focus,
 * and closing it gives focus back to where it was.
 */
import { errorMessage } from '../core/errors';
import { t, uiDirection, uiLocale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import type { PageSpan } from '../messaging/protocol';
import { isHttpUrl } from '../net/http-url';
import { type Box, placeCard } from './card-placement';
import { createShadowHost } from './shadow-host';
import { onUserClick } from './user-event';

const CSS = `
.card { font: 13px/1.45 system-ui, sans-serif; color: #1d2330; background: #fff; border: 1px solid #c9ced8;
  border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 10px 12px; width: 300px; position: relative; }
.card:focus { outline: 2px solid #2457c5; outline-offset: 2px; }
.verdict { font-weight: 700; margin: 0 0 4px; margin-inline-end: 28px; }
.close { position: absolute; top: 6px; inset-inline-end: 6px; margin: 0; padding: 1px 7px; }
.row { margin: 4px 0; }
.muted { color: #5b6475; font-size: 12px; }
a { color: #2457c5; }
.reliability { display: inline-block; position: relative; border: 1px solid #c9ced8; border-radius: 999px; padding: 0 6px; font-size: 12px; cursor: help; }
.reliability.low { border-color: #b3261e; color: #b3261e; font-weight: 600; }
.reliability-detail { display: none; position: absolute; inset-inline-start: 0; top: 100%; z-index: 1; width: 240px; padding: 4px 6px; background: inherit; border: 1px solid #c9ced8; border-radius: 6px; font-weight: normal; background: #fff; color: #1d2330; }
.reliability:hover .reliability-detail, .reliability:focus .reliability-detail { display: block; }
button { font: inherit; margin-top: 6px; border: 1px solid #c9ced8; background: #f4f6fa; border-radius: 6px; padding: 3px 8px; cursor: pointer; }
@media (prefers-color-scheme: dark) { .card { color: #e6e9ef; background: #1d212a; border-color: #3a4150; } a { color: #8ab4ff; } button { background: #2a303c; color: inherit; border-color: #3a4150; } }
`;

/**
 * How a card is opened: `x` is where across the click was; `focus` moves focus into it (keyboard);
 * `notShown` says how many of the check's claims could not be placed on the page.
 */
export interface CardOpening {
  x?: number;
  focus?: boolean;
  notShown?: string;
}

/** The messages the card reads itself (the content script asks the background for them in a chosen language). */
export const PAGE_CARD_MESSAGES: readonly MessageKey[] = [
  'cardOpenInPanel',
  'inPageNamed',
  'inPageClose',
  'cardRefutedBy',
  'cardSupportedBy',
  'cardSource',
  'cardPublishedBefore',
  'cardSuggested',
  'cardPanelNotOpened',
];

/** What the top source does to the claim, said before its title. */
const STANCE_WORDS = { refutes: 'cardRefutedBy', compare: 'cardSource', supports: 'cardSupportedBy' } as const;

/** Where a line's page or model text goes in its translated words: a private-use character no message holds. */
const MARK = '\uE000';

/** `onOpenInPanel` may answer a promise: when it rejects, the card says the side panel did not open. */
export function createPageCard(doc: Document, onOpenInPanel: (claimId: string) => Promise<void> | void) {
  let current: { host: HTMLElement; root: ShadowRoot; opener: Element | null } | undefined;

  /** A paragraph of the card; `classes`: its class names, `row` when none is given. */
  function line(root: ParentNode, text: string, ...classes: string[]): HTMLElement {
    const element = doc.createElement('p');
    element.classList.add(...(classes.length > 0 ? classes : ['row']));
    element.textContent = text;
    root.append(element);
    return element;
  }

  /**
   * A translated line with page or model text in it (`words` made by `t` with {@link MARK} in the text's
   * place): the text in a `<bdi>`, so an English suggestion in an Arabic card keeps its full stop at its end.
   */
  function isolatedLine(root: ParentNode, words: string, text: string, ...classes: string[]): HTMLElement {
    const element = line(root, '', ...classes);
    const [before = '', after = ''] = words.split(MARK);
    const isolated = doc.createElement('bdi');
    isolated.textContent = text;
    element.append(before, isolated, after);
    return element;
  }

  return {
    /** Opens the card of `span` beside `anchor`, the sentence's box in viewport coordinates. */
    show(span: PageSpan, anchor: Box, opening: CardOpening = {}): void {
      // Focus goes back to where it was before the first of a run of cards opened over each other.
      const opener = current?.opener ?? doc.activeElement;
      const notShown = opening.notShown ?? '';
      this.hide();
      const { host, root } = createShadowHost(doc, 'card', CSS);
      const card = doc.createElement('div');
      card.className = 'card';
      card.tabIndex = -1;
      card.setAttribute('data-testid', 'factlight-card');
      card.setAttribute('role', 'dialog');
      // The card speaks the interface language (its verdict words come from the background in it): its own
      // lang and dir, inside our shadow root, never the page's.
      card.lang = uiLocale();
      card.dir = uiDirection();
      card.setAttribute('aria-label', t('inPageNamed', { name: span.verdict }));
      const close = doc.createElement('button');
      close.type = 'button';
      close.className = 'close';
      close.textContent = '✕';
      close.setAttribute('aria-label', t('inPageClose'));
      close.setAttribute('data-testid', 'factlight-card-close');
      onUserClick(close, () => this.hide({ returnFocus: true }));
      card.append(close);
      card.addEventListener('keydown', (event) => {
        if (!event.isTrusted || event.key !== 'Escape') return;
        event.stopPropagation();
        this.hide({ returnFocus: true });
      });
      line(card, span.verdict, 'verdict');
      // Page and model text keep their own direction (an English claim in an Arabic card reads left to right).
      line(card, span.quote, 'row', 'muted', 'quote').dir = 'auto';
      if (span.explanation) line(card, span.explanation).dir = 'auto';
      if (span.topEvidence) {
        const stance = span.topEvidence.stance;
        const row = line(
          card,
          `${t(STANCE_WORDS[stance === 'refutes' || stance === 'compare' ? stance : 'supports'])} `,
        );
        // A page's title keeps its own direction inside the card's (dir="auto" makes it an isolate), linked or
        // not: a title with no usable address is a <bdi>, so a Hebrew title in an English card stays whole.
        let title: HTMLElement;
        if (isHttpUrl(span.topEvidence.url)) {
          const link = doc.createElement('a');
          link.href = span.topEvidence.url;
          link.target = '_blank';
          link.rel = 'noopener noreferrer';
          title = link;
        } else title = doc.createElement('bdi');
        title.textContent = span.topEvidence.title;
        title.dir = 'auto';
        row.append(title);
        if (span.topEvidence.publishedAt) row.append(doc.createTextNode(` (${span.topEvidence.publishedAt})`));
        const reliability = span.topEvidence.reliability;
        if (reliability) {
          // Focusable, with the score and list as its description: shown on hover and read on focus.
          const label = doc.createElement('span');
          label.className = `reliability ${reliability.band}`;
          label.tabIndex = 0;
          label.setAttribute('aria-label', `${reliability.label}. ${reliability.detail}`);
          label.setAttribute('data-testid', 'factlight-card-reliability');
          label.setAttribute('data-band', reliability.band);
          label.textContent = reliability.label;
          const detail = doc.createElement('span');
          detail.className = 'reliability-detail';
          detail.setAttribute('aria-hidden', 'true');
          detail.textContent = reliability.detail;
          label.append(detail);
          row.append(doc.createTextNode(' '), label);
        }
      }
      if (span.topEvidence?.predates)
        isolatedLine(card, t('cardPublishedBefore', { event: MARK }), span.topEvidence.predates, 'row', 'muted');
      if (span.revision) isolatedLine(card, t('cardSuggested', { revision: MARK }), span.revision);
      // The whole text's headline (the background's words), so one green claim never reads as the text's verdict.
      if (span.textSummary)
        line(card, span.textSummary, 'row', 'muted').setAttribute('data-testid', 'factlight-card-summary');
      if (notShown) line(card, notShown, 'row', 'muted').setAttribute('data-testid', 'factlight-card-not-shown');
      const open = doc.createElement('button');
      open.type = 'button';
      open.textContent = t('cardOpenInPanel');
      open.setAttribute('data-testid', 'factlight-card-open-panel');
      onUserClick(open, () => {
        Promise.resolve(onOpenInPanel(span.claimId)).catch((error: unknown) => {
          const said = line(card, t('cardPanelNotOpened', { error: errorMessage(error) }), 'row', 'muted');
          said.setAttribute('data-testid', 'factlight-card-error');
          said.setAttribute('role', 'alert');
        });
      });
      card.append(open);
      root.append(card);
      // Measured where it cannot be seen, then placed beside the sentence.
      host.style.visibility = 'hidden';
      host.style.left = '0px';
      host.style.top = '0px';
      const size = host.getBoundingClientRect();
      const view = doc.defaultView!;
      const place = placeCard({
        anchor,
        card: { width: size.width, height: size.height },
        viewport: { width: view.innerWidth, height: view.innerHeight },
        ...(opening.x === undefined ? {} : { x: opening.x }),
      });
      host.style.left = `${place.left + view.scrollX}px`;
      host.style.top = `${place.top + view.scrollY}px`;
      host.setAttribute('data-side', place.side);
      host.style.visibility = '';
      current = { host, root, opener };
      if (opening.focus) card.focus({ preventScroll: true });
    },
    /** Closes the card; `returnFocus`: if focus is in it, give focus back to where it was before it opened. */
    hide(options: { returnFocus?: boolean } = {}): void {
      if (!current) return;
      const { host, root, opener } = current;
      const hadFocus = root.activeElement !== null || doc.activeElement === host;
      host.remove();
      current = undefined;
      // Duck-typed: in Firefox the page's elements reach a content script through wrappers.
      const back = opener as HTMLElement | null;
      if (options.returnFocus && hadFocus && back?.isConnected && typeof back.focus === 'function')
        back.focus({ preventScroll: true });
    },
    isOpen(): boolean {
      return current !== undefined;
    },
    contains(node: EventTarget | null): boolean {
      return Boolean(current && node instanceof Node && current.host.contains(node));
    },
  };
}
