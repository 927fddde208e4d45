/**
 * Whether a click on one of our in-page controls (the floating button, the offer in its notice) is the
 * reader's own, aimed at a control they could see. Our controls live in open shadow roots, so a page's
 * script can reach them, restyle them and lay things over them; a click that reaches a control this way
 * would start a paid check of text the page chose. So a click counts only when:
 * - the browser made it for the user (`isTrusted`: page scripts cannot forge it);
 * - the control has been on screen for at least MIN_SHOWN_MS: a control that appears under a pointer
 *   that is about to click was not what the reader aimed at;
 * - the control is visible: not hidden, not faded (opacity is multiplied up the tree, since a page can fade
 *   <html> to 0.02 and `checkVisibility` still says visible), not blurred away, not shrunk;
 * - it is on top where the click landed: `document.elementFromPoint` finds our host there and the shadow
 *   root's `elementFromPoint` finds the control (a closed or open root is a hit-test boundary for the
 *   document, so both are asked). A click from the keyboard (Enter/Space, `detail` 0) has no point: the
 *   control's centre is tested.
 * An overlay with `pointer-events: none` is invisible to hit testing, so a page can still paint over the
 * control without being seen here; what it cannot do is make an unseen control take a click.
 */

/** How long a control must have been shown before a click on it counts (the reader had time to see it). */
export const MIN_SHOWN_MS = 500;
/** Below this opacity, multiplied from the control up to <html>, the control counts as hidden. */
export const MIN_OPACITY = 0.5;
/** Smaller than this in either direction (CSS pixels), the control counts as hidden (scaled away). */
const MIN_SIZE = 8;
/** Filters that hide or blur what is under them. */
const HIDING_FILTER = /opacity|blur/u;

/** The element's parent, stepping out of a shadow root to its host. */
function parentOf(element: Element): Element | null {
  if (element.parentElement) return element.parentElement;
  const root = element.getRootNode() as Partial<ShadowRoot>;
  return root.host ?? null;
}

/** Visible to the reader: displayed, not hidden, opaque enough, not blurred, not shrunk. */
export function isShown(control: HTMLElement): boolean {
  const view = control.ownerDocument.defaultView;
  if (!view) return false;
  const rect = control.getBoundingClientRect();
  if (rect.width < MIN_SIZE || rect.height < MIN_SIZE) return false;
  const checkVisibility = (control as { checkVisibility?: (options: object) => boolean }).checkVisibility;
  if (checkVisibility && !checkVisibility.call(control, { opacityProperty: true, visibilityProperty: true }))
    return false;
  let opacity = 1;
  for (let element: Element | null = control; element; element = parentOf(element)) {
    const style = view.getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') return false;
    const own = Number.parseFloat(style.opacity);
    if (Number.isFinite(own)) opacity *= own;
    if (HIDING_FILTER.test(style.filter ?? '')) return false;
  }
  return opacity >= MIN_OPACITY;
}

/** On top at (x, y): the document's hit test finds our host, the shadow root's finds the control. */
export function isOnTop(control: HTMLElement, x: number, y: number): boolean {
  const root = control.getRootNode() as ShadowRoot;
  if (!root.host) return false;
  if (control.ownerDocument.elementFromPoint(x, y) !== root.host) return false;
  const inner = root.elementFromPoint(x, y);
  return Boolean(inner && control.contains(inner));
}

/**
 * Whether `event`, a click on `control`, counts as the reader's. `shownAt` and `now` are
 * `performance.now()` times: when the control was last shown, and now.
 */
export function clickCounts(event: MouseEvent, control: HTMLElement, shownAt: number, now: number): boolean {
  if (event.isTrusted !== true || now - shownAt < MIN_SHOWN_MS || !isShown(control)) return false;
  const rect = control.getBoundingClientRect();
  const fromKeyboard = event.detail === 0;
  const x = fromKeyboard ? rect.left + rect.width / 2 : event.clientX;
  const y = fromKeyboard ? rect.top + rect.height / 2 : event.clientY;
  return isOnTop(control, x, y);
}
