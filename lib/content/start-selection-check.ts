import { captureSelection } from '../anchoring/describe';
import { sendToBackground, type StartCheckResult } from '../messaging/protocol';
import { linksInRange } from './selection-links';

/**
 * Captures the current selection with its position in the page and starts a check of it. Text in form
 * fields is never read here: a selection inside an input or textarea is not part of the document
 * selection, so only what the user selected in the page's text is sent.
 */
export async function startSelectionCheck(doc: Document): Promise<StartCheckResult> {
  const selection = doc.getSelection();
  const capture = selection && !selection.isCollapsed ? captureSelection(selection, doc.body) : null;
  if (!capture || !capture.text.trim()) return { ok: false, error: 'Select some text on the page first.' };
  const citations = linksInRange(selection!.getRangeAt(0), capture.text);
  return sendToBackground('startCheck', {
    text: capture.text,
    origin: 'selection',
    pageUrl: doc.location.href,
    pageTitle: doc.title,
    capture: capture.selectors,
    ...(citations.length > 0 ? { citations } : {}),
  });
}
