/**
 * Clicks as the browser makes them. A real browser sets `isTrusted` only on input the user made, and page
 * scripts cannot forge it; happy-dom has no such flag at all, so `userClick` sets it on the event, and
 * `scriptedClick` is what a page's script can do to our controls (`element.click()`).
 */
export function userClick(target: EventTarget): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, composed: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

export function scriptedClick(target: HTMLElement): void {
  target.click();
}
