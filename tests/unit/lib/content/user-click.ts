/**
 * Input as the browser makes it, and a screen to put our controls on. A real browser sets `isTrusted` only
 * on input the user made, and page scripts cannot forge it; happy-dom has no such flag at all, so
 * `userClick`/`userKey` set it on the event, and `scriptedClick` is what a page's script can do to our
 * controls (`element.click()`). happy-dom has no layout either: `putOnScreen` gives a control a box and
 * makes the document's and its shadow root's hit tests find it there, as a browser would for a control on
 * top.
 */
export function userClick(target: EventTarget, init: MouseEventInit = {}): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, detail: 1, ...init });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

export function scriptedClick(target: HTMLElement): void {
  target.click();
}

/** A key event the user made (`type` keydown or keyup). */
export function userKey(target: EventTarget, type: 'keydown' | 'keyup', init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent(type, { bubbles: true, cancelable: true, composed: true, ...init });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
  return event;
}

/**
 * Lays `control` (inside one of our shadow roots) out at `rect` and makes it the topmost element there:
 * `document.elementFromPoint` answers its host, the root's answers the control, and anywhere else the body.
 * Answers the control's centre, where a click aimed at it lands.
 */
export function putOnScreen(control: HTMLElement, rect = new DOMRect(10, 40, 80, 24)): { x: number; y: number } {
  const root = control.getRootNode() as ShadowRoot;
  const doc = control.ownerDocument;
  const inside = (x: number, y: number) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;
  control.getBoundingClientRect = () => rect;
  doc.elementFromPoint = (x: number, y: number) => (inside(x, y) ? root.host : doc.body);
  root.elementFromPoint = (x: number, y: number) => (inside(x, y) ? control : null);
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}
