/**
 * What the side panel should show next, asked for by the background: a check (and claim) for "Open in side
 * panel" from the page's card, or why a check started from the page (floating button, context menu,
 * shortcut) did not start, since those have no place of their own to say it. It goes through session
 * storage rather than the panel's URL or a message, because the panel may already be open (Chrome does not
 * reload an open panel when its path changes) or may be opening right now (its listeners do not exist yet):
 * the panel reads the request when it starts and watches for new ones.
 */
import { storage } from 'wxt/utils/storage';

export type PanelFocus = (
  | { checkId: string; claimId?: string }
  /** One sentence for the person: why a check from the page did not start. */
  | { problem: string }
) & {
  /** When it was asked for (ms since the epoch); a request the panel never picked up goes stale. */
  at: number;
};

/** Older requests are ignored: the panel was not open and did not open, so the user moved on. */
export const PANEL_FOCUS_TTL_MS = 60_000;

const panelFocusItem = storage.defineItem<PanelFocus | null>('session:panelFocus', { fallback: null });

/** Asks the side panel (open now or opening) to show a check and, optionally, one of its claims. */
export async function requestPanelFocus(checkId: string, claimId?: string, now = Date.now()): Promise<void> {
  await panelFocusItem.setValue({ checkId, ...(claimId ? { claimId } : {}), at: now });
}

/** Asks the side panel (open now or opening) to say why a check started from the page did not start. */
export async function reportToPanel(problem: string, now = Date.now()): Promise<void> {
  await panelFocusItem.setValue({ problem, at: now });
}

/**
 * Calls `onFocus` for a fresh pending request and for each later one, consuming each (stale ones too) so
 * a panel opened later does not jump to it. Returns the function that stops watching.
 */
export function watchPanelFocus(onFocus: (focus: PanelFocus) => void, now = () => Date.now()): () => void {
  let stopped = false;
  let lastAt = -1;
  const take = (focus: PanelFocus | null) => {
    // The first read and the watcher can both see the same request.
    if (stopped || !focus || focus.at === lastAt) return;
    lastAt = focus.at;
    // Left in storage, a request is dropped as stale later; nothing in the panel can show this.
    panelFocusItem
      .removeValue()
      .catch((error: unknown) => console.warn('[factlight] could not consume the panel request', error));
    if (now() - focus.at <= PANEL_FOCUS_TTL_MS) onFocus(focus);
  };
  const unwatch = panelFocusItem.watch(take);
  // Unread, a request made before the panel opened is missed; later ones still arrive through the watcher.
  panelFocusItem
    .getValue()
    .then(take, (error: unknown) => console.warn('[factlight] could not read the pending panel request', error));
  return () => {
    stopped = true;
    unwatch();
  };
}
