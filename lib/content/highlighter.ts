import { rangeForSubspan } from '../anchoring/describe';
import { isOrphaned } from '../anchoring/selectors';
import { buildTextIndex, type TextIndex } from '../anchoring/text-index';
import { isSamePage } from '../core/text/same-page';
import { createHighlightLayer, highlightApiOf } from '../highlight/highlight-registry';
import { createHitTester } from '../highlight/hit-test';
import { watchForReanchor } from '../highlight/reanchor';
import { createSpanPlacement } from '../highlight/span-placement';
import { t } from '../i18n/i18n';
import { tIsolatedWords } from '../i18n/isolated-words';
import type { MessageKey } from '../i18n/keys';
import { type DrawCheckRequest, pageMessaging, type PageSpan, sendToBackground } from '../messaging/protocol';
import { HIGHLIGHT_KEYS_MESSAGES, installHighlightKeys, type ReachableHighlight } from './highlight-keys';
import { createLinkMarks, LINK_MARKS_MESSAGES } from './link-marks';
import { createPageCard, PAGE_CARD_MESSAGES } from './page-card';
import { readPageArticle } from './read-page-article';
import { clearAtSelection, PROGRESS_HOST, SELECTION_NOTICE_MESSAGES, showNotice } from './selection-notice';
import { START_SELECTION_MESSAGES, startSelectionCheck } from './start-selection-check';
import { isUserEvent } from './user-event';

/**
 * Every message the highlighter and what it draws show, asked of the background in a chosen interface language
 * (entrypoints/highlighter.ts); the rest follow the browser. Its own: why a draw was refused (another page), why
 * "Show on page" found nothing (said in the side panel), what a check that drew nothing says at the selection,
 * how many claims the card cannot show, and "Fact-check this page" without an article.
 */
export const HIGHLIGHTER_MESSAGES: readonly MessageKey[] = [
  'highlighterNotThisPage',
  'highlighterNotHighlighted',
  'highlighterNothingDrawn',
  'highlighterCheckFailed',
  'highlighterNotShown',
  'highlighterNoArticle',
  ...PAGE_CARD_MESSAGES,
  ...HIGHLIGHT_KEYS_MESSAGES,
  ...LINK_MARKS_MESSAGES,
  ...SELECTION_NOTICE_MESSAGES,
  ...START_SELECTION_MESSAGES,
];

/**
 * Factlight in a page, injected only when a check needs it: draws a check's spans with the CSS Custom
 * Highlight API (never by changing the page's DOM), keeps them anchored while the page re-renders,
 * opens a card for a clicked highlight or one reached from the keyboard (highlight-keys.ts), and scrolls
 * to a claim the side panel asks for. A span that cannot be anchored is reported back as "not found on
 * page", never drawn elsewhere. The first highlight (or the check's end) replaces the floating button's
 * progress mark.
 */
/**
 * `languageReady` settles once the chosen interface language's words have arrived from the background (or it
 * gave up): the background sends its first drawing as soon as it has injected this script, so every command
 * waits for it before it words anything (the "could not be shown" line, notices, refusals).
 */
export function installHighlighter(doc: Document, languageReady: Promise<void> = Promise.resolve()): void {
  const api = highlightApiOf(doc.defaultView!);
  const layer = api ? createHighlightLayer(doc, api) : null;
  const root = doc.body;
  let checkId: string | undefined;
  let spans = new Map<string, PageSpan>();
  const placement = layer ? createSpanPlacement(root, layer) : null;
  /** "Nothing could be highlighted", said at the selection: untrue once the page shows some of the check after all. */
  let nothingDrawn: HTMLElement | undefined;
  /** The last drawing: its links are marked again when its text comes back, and, once its check has finished, what the
   * page shows of it is said to the background. */
  let lastDrawing: DrawCheckRequest | null = null;
  /** Said on the card when some of the check's claims could not be placed on the page. */
  let notShown = '';

  const card = createPageCard(doc, async (claimId) => {
    if (checkId) await sendToBackground('openInSidePanel', { checkId, claimId });
  });
  const marks = createLinkMarks(doc);
  const tester = layer ? createHitTester({ view: doc.defaultView!, layer, api }) : null;

  /** The current check's drawn highlights, for the keyboard path. */
  const reachable = (): ReachableHighlight[] =>
    (layer?.spans() ?? []).flatMap((drawn) => {
      const span = drawn.checkId === checkId ? spans.get(drawn.spanId) : undefined;
      const range = drawn.range as Range;
      return span && typeof range.getBoundingClientRect === 'function'
        ? [{ id: span.claimId, range, verdict: span.verdict, quote: span.quote }]
        : [];
    });
  const keys = installHighlightKeys(doc, {
    highlights: reachable,
    open: (highlight) => {
      const span = spans.get(highlight.id);
      if (span) card.show(span, highlight.range.getBoundingClientRect(), { focus: true, notShown });
    },
    cardOpen: () => card.isOpen(),
  });

  const watcher = placement
    ? watchForReanchor({
        root,
        onChange: () => {
          // One walk of the page's text for all that follows it.
          const index = buildTextIndex(root);
          const { placed, textReturned } = placement.refresh(index);
          if (placed) placedSince();
          // The marks of the text's links went with it (or were never shown): they come back with it too.
          if (textReturned && lastDrawing) showLinks(lastDrawing, index);
          marks.reposition();
          keys.reposition();
        },
      })
    : null;
  watcher?.watch(root);

  function draw(request: DrawCheckRequest): { notFound: string[] } {
    // The tab may have gone to another page since the background looked: this one draws nothing of it.
    if (!isSamePage(doc.location.href, request.pageUrl)) throw new Error(t('highlighterNotThisPage'));
    if (!layer || !placement) return { notFound: request.spans.map((span) => span.claimId) };
    if (checkId !== request.checkId) {
      if (checkId) layer.removeCheck(checkId);
      card.hide();
      keys.reset();
    }
    checkId = request.checkId;
    spans = new Map(request.spans.map((span) => [span.claimId, span]));
    const index = buildTextIndex(root);
    const { notFound } = placement.draw(request, index);
    lastDrawing = request;
    notShown = notShownLine(notFound.length, request.spans.length);
    showLinks(request, index);
    settleProgress(request, placement.anyPlaced());
    return { notFound };
  }

  /** Marks the text's cited links; text not on the page now (a reply scrolled away) gets them once it is back. */
  function showLinks(request: DrawCheckRequest, index: TextIndex): void {
    if (!request.links) return marks.clear();
    const capture = { text: request.text, selectors: request.capture };
    const region = rangeForSubspan(root, capture, 0, request.text.length, index);
    if (isOrphaned(region)) marks.clear();
    else marks.show(request.links, region);
  }

  function notShownLine(missing: number, count: number): string {
    return missing > 0 ? t('highlighterNotShown', { missing, count }) : '';
  }

  /**
   * Claims the page could not show at the drawing are on it now (the reply is back in the page): the card says so, the
   * progress mark goes, and for a finished check the background is told, so the reply's control and the side panel
   * stop saying they could not be shown. (A running check's next drawing says it.)
   */
  function placedSince(): void {
    const notFound = placement?.notFound() ?? [];
    notShown = notShownLine(notFound.length, spans.size);
    dropNothingDrawn();
    // A running check's mark at its selection goes with its first highlight (a finished check's went at its drawing:
    // a mark there now is a newer check's).
    if (!lastDrawing?.finished) return void clearAtSelection(doc, [PROGRESS_HOST]);
    const total = lastDrawing.spans.length;
    void sendToBackground('pagePlaced', { checkId: lastDrawing.checkId, notFound, total }).catch(
      // The background may be gone (the extension reloaded): the highlights are back either way.
      () => undefined,
    );
  }

  function dropNothingDrawn(): void {
    nothingDrawn?.remove();
    nothingDrawn = undefined;
  }

  /**
   * The progress mark stays until the first highlight; a check that ends with none says why in its place
   * (its failure, or that there was nothing to highlight).
   */
  function settleProgress(request: DrawCheckRequest, drawn: boolean): void {
    if (drawn) {
      clearAtSelection(doc, [PROGRESS_HOST]);
      dropNothingDrawn();
    } else if (request.finished) {
      const place = clearAtSelection(doc, [PROGRESS_HOST]);
      if (!place) return;
      // The reason may be a stored English error or a provider's words: isolated in a right-to-left notice.
      if (request.failure)
        showNotice(doc, place, tIsolatedWords('highlighterCheckFailed', { reason: request.failure }, ['reason']));
      else nothingDrawn = showNotice(doc, place, t('highlighterNothingDrawn'));
    }
  }

  doc.addEventListener(
    'click',
    (event) => {
      // A page's script clicking at a highlight neither opens nor closes our card.
      if (!isUserEvent(event) || card.contains(event.target)) return;
      const hit = tester?.at(event.clientX, event.clientY);
      const span = hit ? spans.get(hit.spanId) : undefined;
      const range = hit?.range as Range | undefined;
      if (span && range) card.show(span, range.getBoundingClientRect(), { x: event.clientX, notShown });
      else card.hide();
    },
    true,
  );
  // Escape closes the card wherever focus is (a clicked card does not take focus).
  doc.defaultView!.addEventListener(
    'keydown',
    (event) => {
      if (event.isTrusted && event.key === 'Escape' && card.isOpen()) card.hide({ returnFocus: true });
    },
    true,
  );

  pageMessaging.onMessage('drawCheck', async ({ data }) => {
    await languageReady;
    return draw(data);
  });
  // Behind the same wait as a drawing: a clear sent after a drawing must not run before it (the drawing would
  // bring back the highlights the clear removed).
  pageMessaging.onMessage('clearHighlights', async () => {
    await languageReady;
    layer?.clear();
    marks.clear();
    placement?.clear();
    lastDrawing = null;
    notShown = '';
    spans.clear();
    card.hide();
    keys.reset();
  });
  pageMessaging.onMessage('revealClaim', async ({ data }) => {
    await languageReady;
    const span = layer?.spans().find((s) => s.checkId === data.checkId && s.spanId === data.claimId);
    if (!span || !layer) return { ok: false, error: t('highlighterNotHighlighted') };
    const start = span.range.startContainer;
    (start.nodeType === 1 ? (start as Element) : start.parentElement)?.scrollIntoView({ block: 'center' });
    // A short flash in the red band's colours would confuse; re-adding the span re-paints it on top.
    layer.remove(span.checkId, span.spanId);
    layer.add(span);
    return { ok: true };
  });
  pageMessaging.onMessage('checkSelection', async ({ data }) => {
    await languageReady;
    return startSelectionCheck(doc, data ?? {});
  });
  pageMessaging.onMessage('checkPage', async () => {
    await languageReady;
    const article = readPageArticle(doc);
    if (!article) return { ok: false, error: t('highlighterNoArticle') };
    return sendToBackground('startCheck', {
      text: article.text,
      origin: 'page',
      pageUrl: doc.location.href,
      pageTitle: article.title,
      capture: article.selectors,
    });
  });
}
