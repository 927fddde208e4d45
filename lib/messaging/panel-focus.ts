import { storage } from 'wxt/utils/storage';

/**
 * "Open in side panel" from the page's card: which check and claim the side panel should show. It goes
 * through session storage rather than the panel's URL or a message, because the panel may already be
 * open (Chrome does not reload an open panel when its path changes) or may be opening right now (its
 * listeners do not exist yet): the panel reads the request when it starts and watches for new ones.
 */
export interface PanelFocus {
  checkId: string;
  claimId?: string;
  /** When it was asked for (ms since the epoch); a request the panel never picked up goes stale. */
  at: number;
}

/** Older requests are ignored: the panel was not open and did not open, so the user moved on. */
export const PANEL_FOCUS_TTL_MS = 60_000;

const panelFocusItem = storage.defineItem<PanelFocus | null>('session:panelFocus', { fallback: null });

/** Asks the side panel (open now or opening) to show a check and, optionally, one of its claims. */
export async function requestPanelFocus(checkId: string, claimId?: string, now = Date.now()): Promise<void> {
  await panelFocusItem.setValue({ checkId, ...(claimId ? { claimId } : {}), at: now });
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
    void panelFocusItem.removeValue();
    if (now() - focus.at <= PANEL_FOCUS_TTL_MS) onFocus(focus);
  };
  const unwatch = panelFocusItem.watch(take);
  void panelFocusItem.getValue().then(take);
  return () => {
    stopped = true;
    unwatch();
  };
}
