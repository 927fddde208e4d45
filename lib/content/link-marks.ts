/**
 * Small status marks next to the links a checked text cites (✓ supports, ~ on topic, ✗ dead or
 * unrelated, ? not judged), drawn in a shadow root of ours and positioned over the page at each link's
 * box, so the page's own DOM is never changed. Only links inside the checked part of the page are marked.
 */
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import type { PageLinkMark } from '../messaging/protocol';
import { LINK_SUPPORT_ICONS } from '../view/link-labels';
import { createShadowHost } from './shadow-host';

const CSS = `
.mark { position: absolute; font: 700 11px/16px system-ui, sans-serif; min-width: 16px; height: 16px; padding: 0 3px;
  border-radius: 8px; text-align: center; color: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.3); pointer-events: auto; cursor: default; }
.mark[data-support="supports"] { background: #1d7a3a; }
.mark[data-support="does-not-support"] { background: #9a5800; }
.mark[data-support="unrelated"], .mark[data-support="unavailable"] { background: #b3261e; }
.mark[data-support="not-judged"] { background: #5a4fa3; }
`;

/** The absolute URL of a link without its fragment, for comparing a page's anchors with audited links. */
function withoutHash(url: string, base: string): string | undefined {
  try {
    const parsed = new URL(url, base);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

/** The messages of the marks (the highlighter asks the background for them in a chosen language). */
export const LINK_MARKS_MESSAGES: readonly MessageKey[] = ['inPageNamed'];

export function createLinkMarks(doc: Document) {
  let host: { host: HTMLElement; root: ShadowRoot } | undefined;
  let placed: Array<{ anchor: HTMLAnchorElement; mark: HTMLElement }> = [];

  function position(): void {
    const view = doc.defaultView!;
    for (const { anchor, mark } of placed) {
      const rects = anchor.getClientRects();
      const last = rects[rects.length - 1];
      mark.hidden = !last || !anchor.isConnected;
      if (!last) continue;
      mark.style.left = `${last.right + view.scrollX + 2}px`;
      mark.style.top = `${last.top + view.scrollY + (last.height - 16) / 2}px`;
    }
  }

  function clear(): void {
    host?.host.remove();
    host = undefined;
    placed = [];
  }

  doc.defaultView?.addEventListener('resize', () => position());

  return {
    /** Marks every anchor inside `region` whose address is one of `links`. */
    show(links: readonly PageLinkMark[], region: Range): void {
      clear();
      if (links.length === 0) return;
      const byUrl = new Map(
        links.flatMap((link) => {
          const key = withoutHash(link.url, doc.baseURI);
          return key ? [[key, link] as const] : [];
        }),
      );
      const anchors = Array.from(doc.querySelectorAll<HTMLAnchorElement>('a[href]')).filter((anchor) =>
        region.intersectsNode(anchor),
      );
      for (const anchor of anchors) {
        const key = withoutHash(anchor.href, doc.baseURI);
        const link = key ? byUrl.get(key) : undefined;
        if (!link) continue;
        host ??= createShadowHost(doc, 'link-marks', CSS);
        host.host.style.top = '0';
        host.host.style.left = '0';
        const mark = doc.createElement('span');
        mark.className = 'mark';
        mark.setAttribute('data-testid', 'factlight-link-mark');
        mark.setAttribute('data-status', link.status);
        mark.setAttribute('data-support', link.support);
        mark.setAttribute('role', 'img');
        mark.setAttribute('aria-label', t('inPageNamed', { name: link.label }));
        mark.title = t('inPageNamed', { name: link.label });
        mark.textContent = LINK_SUPPORT_ICONS[link.support];
        host.root.append(mark);
        placed.push({ anchor, mark });
      }
      position();
    },
    /** Re-positions the marks after the page moved its content (re-render, font load). */
    reposition: position,
    clear,
  };
}
