/**
 * Opens Chrome's offscreen document (entrypoints/offscreen) when the worker first needs a DOM, and keeps it:
 * only one may exist, so concurrent wakes share one creation, and a document that already exists (the worker
 * was stopped and started again) is reused. Chrome 116+ (`offscreen.hasDocument`, the manifest's minimum).
 */
import { browser } from 'wxt/browser';

const PATH = '/offscreen.html';

let opening: Promise<void> | undefined;

async function open(): Promise<void> {
  if (await browser.offscreen.hasDocument()) return;
  try {
    await browser.offscreen.createDocument({
      url: PATH,
      reasons: ['DOM_PARSER'],
      // i18n-exempt: Chrome's offscreen justification, read by Chrome and store reviewers, not by people using us.
      justification: 'Reads the main text of evidence pages with the browser’s own HTML parser.',
    });
  } catch (error) {
    // Another context of ours opened it between the check and the creation: that one serves as well.
    if (!(await browser.offscreen.hasDocument())) throw error;
  }
}

/** Resolves once the offscreen document exists; a failed opening is tried again on the next call. */
export function ensureOffscreenDocument(): Promise<void> {
  opening ??= open().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Forgets the opening, so the next call checks again (the document was closed, e.g. by the browser). */
export function offscreenDocumentGone(): void {
  opening = undefined;
}
