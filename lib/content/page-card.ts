/** The small card shown for a clicked highlight: verdict, one-line explanation, top evidence, revision. */
import { errorMessage } from '../core/errors';
import { t, uiDirection, uiLocale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import type { PageSpan } from '../messaging/protocol';
import { isHttpUrl } from '../net/http-url';
import { createShadowHost } from './shadow-host';
import { onUserClick } from './user-event';

const CSS = `
.card { font: 13px/1.45 system-ui, sans-serif; color: #1d2330; background: #fff; border: 1px solid #c9ced8;
  border-radius: 8px; box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 10px 12px; width: 300px; }
.verdict { font-weight: 700; margin: 0 0 4px; }
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

/** `onOpenInPanel` may answer a promise: when it rejects, the card says the side panel did not open. */
/** The messages the card reads itself (the content script asks the background for them in a chosen language). */
export const PAGE_CARD_MESSAGES: readonly MessageKey[] = ['cardOpenInPanel'];

export function createPageCard(doc: Document, onOpenInPanel: (claimId: string) => Promise<void> | void) {
  let current: { host: HTMLElement } | undefined;

  function line(root: ParentNode, text: string, className = 'row'): HTMLElement {
    const element = doc.createElement('p');
    element.className = className;
    element.textContent = text;
    root.append(element);
    return element;
  }

  return {
    show(span: PageSpan, x: number, y: number): void {
      this.hide();
      const { host, root } = createShadowHost(doc, 'card', CSS);
      const card = doc.createElement('div');
      card.className = 'card';
      card.setAttribute('data-testid', 'factlight-card');
      card.setAttribute('role', 'dialog');
      // The card speaks the interface language (its verdict words come from the background in it): its own
      // lang and dir, inside our shadow root, never the page's.
      card.lang = uiLocale();
      card.dir = uiDirection();
      card.setAttribute('aria-label', `Factlight: ${span.verdict}`);
      line(card, span.verdict, 'verdict');
      // Page and model text keep their own direction (an English claim in an Arabic card reads left to right).
      line(card, span.quote, 'row muted quote').dir = 'auto';
      if (span.explanation) line(card, span.explanation).dir = 'auto';
      if (span.topEvidence) {
        const row = line(
          card,
          `${span.topEvidence.stance === 'refutes' ? 'Refuted by' : span.topEvidence.stance === 'compare' ? 'Source' : 'Supported by'}: `,
        );
        if (isHttpUrl(span.topEvidence.url)) {
          const link = doc.createElement('a');
          link.href = span.topEvidence.url;
          link.target = '_blank';
          link.rel = 'noopener noreferrer';
          link.textContent = span.topEvidence.title;
          row.append(link);
        } else row.append(doc.createTextNode(span.topEvidence.title));
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
        line(card, `⚠ Published before ${span.topEvidence.predates}, which the claim is about.`, 'row muted');
      if (span.revision) line(card, `Suggested: ${span.revision}`);
      const open = doc.createElement('button');
      open.type = 'button';
      open.textContent = t('cardOpenInPanel');
      onUserClick(open, () => {
        Promise.resolve(onOpenInPanel(span.claimId)).catch((error: unknown) => {
          const said = line(card, `The side panel did not open: ${errorMessage(error)}`, 'row muted');
          said.setAttribute('data-testid', 'factlight-card-error');
          said.setAttribute('role', 'alert');
        });
      });
      card.append(open);
      root.append(card);
      const view = doc.defaultView!;
      host.style.left = `${Math.max(8, Math.min(x + view.scrollX, view.scrollX + view.innerWidth - 320))}px`;
      host.style.top = `${y + view.scrollY + 14}px`;
      current = { host };
    },
    hide(): void {
      current?.host.remove();
      current = undefined;
    },
    contains(node: EventTarget | null): boolean {
      return Boolean(current && node instanceof Node && current.host.contains(node));
    },
  };
}
