/**
 * Opens Chrome's offscreen document (entrypoints/offscreen), which runs the engine, when the worker needs it, and
 * closes it when told to (the engine's idle close: offscreen-engine/): only one may exist, so concurrent wakes share
 * one creation, a document that already exists (the worker was stopped and started again) is reused, and an opening
 * asked for while a close is under way waits for that close (the close looks first and closes after: an opening
 * between the two would be closed by it, and the message sent would find nobody). Chrome 116+
 * (`offscreen.hasDocument`, the manifest's minimum).
 */
import { browser } from 'wxt/browser';

/** The document's address in the package. */
export const OFFSCREEN_PATH = '/offscreen.html';

let opening: Promise<void> | undefined;
let closing: Promise<void> | undefined;

async function open(): Promise<void> {
  if (await browser.offscreen.hasDocument()) return;
  try {
    await browser.offscreen.createDocument({
      url: OFFSCREEN_PATH,
      reasons: ['DOM_PARSER'],
      // i18n-exempt: Chrome's offscreen justification, read by Chrome and store reviewers, not by people using us.
      justification:
        'Runs the fact-checking engine, which reads the main text of evidence pages with the browser’s own HTML parser.',
    });
  } catch (error) {
    // Another context of ours opened it between the check and the creation: that one serves as well.
    if (!(await browser.offscreen.hasDocument())) throw error;
  }
}

/** Resolves once the offscreen document exists; a failed opening is tried again on the next call. */
export function ensureOffscreenDocument(): Promise<void> {
  if (opening) return opening;
  const attempt: Promise<void> = (closing ?? Promise.resolve()).then(open).catch((error: unknown) => {
    // Only this attempt is forgotten: a newer one (after a close) stands.
    if (opening === attempt) opening = undefined;
    throw error;
  });
  opening = attempt;
  return attempt;
}

/** Forgets the opening, so the next call checks again (the document was closed, e.g. by the browser). */
export function offscreenDocumentGone(): void {
  opening = undefined;
}

/**
 * Closes the document once its opening (if any) has settled; the next `ensureOffscreenDocument` opens a new one.
 * A document already gone is not an error (Chrome: "No current offscreen document.").
 */
export function closeOffscreenDocument(): Promise<void> {
  const opened = opening ?? Promise.resolve();
  opening = undefined;
  const closed = opened
    .catch(() => undefined)
    .then(async () => {
      if (await browser.offscreen.hasDocument()) await browser.offscreen.closeDocument();
    })
    .catch((error: unknown) => {
      // Gone between the look and the close: what was asked for.
      if (/No current offscreen document/i.test(String(error))) return;
      console.warn('[factlight] offscreen document not closed', error);
    })
    .finally(() => {
      if (closing === closed) closing = undefined;
    });
  closing = closed;
  return closed;
}
