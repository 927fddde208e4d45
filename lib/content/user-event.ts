/**
 * Our in-page controls live in open shadow roots (so end-to-end tests can reach them), and a page's own
 * script can reach them too: `button.click()` or a dispatched event would start a paid check with the
 * user's API key without any user action. So only input the browser generated for the user counts:
 * `isTrusted` is set by the browser alone and page scripts cannot forge it. Strictly `true`, so a DOM
 * without the flag never counts as the user.
 */
export function isUserEvent(event: Event): boolean {
  return event.isTrusted === true;
}

/** Runs `handler` for a click the user made (mouse, or Enter/Space on a focused button), never a scripted one. */
export function onUserClick(target: EventTarget, handler: (event: MouseEvent) => void): void {
  target.addEventListener('click', (event) => {
    if (isUserEvent(event)) handler(event as MouseEvent);
  });
}
