/**
 * The heavy in-page code (anchoring, highlights, the card), injected into a tab only when a check needs it, so the
 * script on every page stays tiny. Its own module: the worker's menu and page commands inject it without loading
 * the engine (issue 27).
 */
import { browser } from 'wxt/browser';

export const HIGHLIGHTER_FILE = '/highlighter.js' as const;

/**
 * `injectImmediately`: by default a script is injected at document_idle (MDN, scripting.executeScript), which a
 * page still parsing (held up by a slow script) never reaches, though its text can already be selected and
 * checked; the page's own script listens from document_start for the same reason.
 */
export async function injectHighlighter(tabId: number, frameId = 0): Promise<void> {
  await browser.scripting.executeScript({
    target: { tabId, frameIds: [frameId] },
    files: [HIGHLIGHTER_FILE],
    injectImmediately: true,
  });
}
