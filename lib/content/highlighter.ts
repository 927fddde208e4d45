import { describeRange, rangeForSubspan } from '../anchoring/describe';
import { isOrphaned } from '../anchoring/selectors';
import { buildTextIndex } from '../anchoring/text-index';
import { isSamePage } from '../core/text/same-page';
import { createHighlightLayer, highlightApiOf } from '../highlight/highlight-registry';
import { createHitTester } from '../highlight/hit-test';
import { reanchorSpans, type StoredSpan, watchForReanchor } from '../highlight/reanchor';
import { type DrawCheckRequest, pageMessaging, type PageSpan, sendToBackground } from '../messaging/protocol';
import { createLinkMarks } from './link-marks';
import { createPageCard } from './page-card';
import { readPageArticle } from './read-page-article';
import { startSelectionCheck } from './start-selection-check';
import { isUserEvent } from './user-event';

/** Why a draw was refused: the frame shows another page than the check's. */
const NOT_THIS_PAGE = 'This page is not the page the check came from.';
/** Why "Show on page" found nothing to show, said in the side panel. */
const NOT_HIGHLIGHTED =
  'This claim is not highlighted on the page: it was not found there, or its highlights were cleared.';

/**
 * Factlight in a page, injected only when a check needs it: draws a check's spans with the CSS Custom
 * Highlight API (never by changing the page's DOM), keeps them anchored while the page re-renders,
 * opens a card for a clicked highlight, and scrolls to a claim the side panel asks for. A span that
 * cannot be anchored is reported back as "not found on page", never drawn elsewhere.
 */
export function installHighlighter(doc: Document): void {
  const api = highlightApiOf(doc.defaultView!);
  const layer = api ? createHighlightLayer(doc, api) : null;
  const root = doc.body;
  let checkId: string | undefined;
  let spans = new Map<string, PageSpan>();
  let stored: StoredSpan[] = [];

  const card = createPageCard(doc, async (claimId) => {
    if (checkId) await sendToBackground('openInSidePanel', { checkId, claimId });
  });
  const marks = createLinkMarks(doc);
  const tester = layer ? createHitTester({ view: doc.defaultView!, layer, api }) : null;
  const watcher = layer
    ? watchForReanchor({
        root,
        onChange: () => {
          void reanchorSpans(root, stored, layer);
          marks.reposition();
        },
      })
    : null;
  watcher?.watch(root);

  function draw(request: DrawCheckRequest): { notFound: string[] } {
    // The tab may have gone to another page since the background looked: this one draws nothing of it.
    if (!isSamePage(doc.location.href, request.pageUrl)) throw new Error(NOT_THIS_PAGE);
    if (!layer) return { notFound: request.spans.map((span) => span.claimId) };
    if (checkId !== request.checkId) {
      if (checkId) layer.removeCheck(checkId);
      card.hide();
    }
    checkId = request.checkId;
    spans = new Map(request.spans.map((span) => [span.claimId, span]));
    const index = buildTextIndex(root);
    const capture = { text: request.text, selectors: request.capture };
    const notFound: string[] = [];
    stored = [];
    for (const span of request.spans) {
      const range = rangeForSubspan(root, capture, span.start, span.end, index);
      const selectors = isOrphaned(range) ? null : describeRange(root, range, index);
      if (isOrphaned(range) || !selectors) {
        layer.remove(request.checkId, span.claimId);
        notFound.push(span.claimId);
        continue;
      }
      layer.add({ checkId: request.checkId, spanId: span.claimId, band: span.band, range });
      stored.push({ checkId: request.checkId, spanId: span.claimId, band: span.band, selectors });
    }
    const region = rangeForSubspan(root, capture, 0, request.text.length, index);
    if (request.links && !isOrphaned(region)) marks.show(request.links, region);
    else marks.clear();
    return { notFound };
  }

  doc.addEventListener(
    'click',
    (event) => {
      // A page's script clicking at a highlight neither opens nor closes our card.
      if (!isUserEvent(event) || card.contains(event.target)) return;
      const hit = tester?.at(event.clientX, event.clientY);
      const span = hit ? spans.get(hit.spanId) : undefined;
      if (span) card.show(span, event.clientX, event.clientY);
      else card.hide();
    },
    true,
  );

  pageMessaging.onMessage('drawCheck', ({ data }) => draw(data));
  pageMessaging.onMessage('clearHighlights', () => {
    layer?.clear();
    marks.clear();
    stored = [];
    spans.clear();
    card.hide();
  });
  pageMessaging.onMessage('revealClaim', ({ data }) => {
    const span = layer?.spans().find((s) => s.checkId === data.checkId && s.spanId === data.claimId);
    if (!span || !layer) return { ok: false, error: NOT_HIGHLIGHTED };
    const start = span.range.startContainer;
    (start.nodeType === 1 ? (start as Element) : start.parentElement)?.scrollIntoView({ block: 'center' });
    // A short flash in the red band's colours would confuse; re-adding the span re-paints it on top.
    layer.remove(span.checkId, span.spanId);
    layer.add(span);
    return { ok: true };
  });
  pageMessaging.onMessage('checkSelection', () => startSelectionCheck(doc));
  pageMessaging.onMessage('checkPage', async () => {
    const article = readPageArticle(doc);
    if (!article) return { ok: false, error: 'No article text was found on this page.' };
    return sendToBackground('startCheck', {
      text: article.text,
      origin: 'page',
      pageUrl: doc.location.href,
      pageTitle: article.title,
      capture: article.selectors,
    });
  });
}
