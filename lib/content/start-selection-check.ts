/**
 * Captures the current selection with its position in the page and starts a check of it: all of it, or
 * (the page's offer after a too-long refusal) its first part, cut at a sentence end, with selectors for
 * just that part so its results are drawn where it is. Text in form fields is never read here: a selection
 * inside an input or textarea is not part of the document selection, so only what the user selected in the
 * page's text is sent.
 */
import { captureSelection, describeRange, rangeForSubspan } from '../anchoring/describe';
import { isOrphaned } from '../anchoring/selectors';
import { buildTextIndex } from '../anchoring/text-index';
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import { type SelectionCheckRequest, sendToBackground, type StartCheckResult } from '../messaging/protocol';
import { firstPartEnd } from './first-part';
import { linksInRange } from './selection-links';

/** The messages of its refusals (the highlighter asks the background for them in a chosen language). */
export const START_SELECTION_MESSAGES: readonly MessageKey[] = ['selectionNothingSelected', 'selectionFirstPartLost'];

export async function startSelectionCheck(
  doc: Document,
  request: SelectionCheckRequest = {},
): Promise<StartCheckResult> {
  const selection = doc.getSelection();
  const root = doc.body;
  const index = buildTextIndex(root);
  let capture = selection && !selection.isCollapsed ? captureSelection(selection, root, index) : null;
  if (!capture || !capture.text.trim()) return { ok: false, error: t('selectionNothingSelected') };
  let range: Range = selection!.getRangeAt(0);
  if (request.limit && capture.text.length > request.limit) {
    const end = firstPartEnd(capture.text, request.limit);
    const part = rangeForSubspan(root, capture, 0, end, index);
    const selectors = isOrphaned(part) ? null : describeRange(root, part, index);
    if (isOrphaned(part) || !selectors) return { ok: false, error: t('selectionFirstPartLost') };
    capture = { text: capture.text.slice(0, end), selectors };
    range = part;
  }
  const citations = linksInRange(range, capture.text);
  return sendToBackground('startCheck', {
    text: capture.text,
    origin: 'selection',
    pageUrl: doc.location.href,
    pageTitle: doc.title,
    capture: capture.selectors,
    ...(citations.length > 0 ? { citations } : {}),
  });
}
