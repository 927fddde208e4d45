import { browser } from 'wxt/browser';

/**
 * Chrome: the toolbar button opens the side panel. Firefox has a sidebar (sidebar_action) that its own
 * toolbar button toggles, and no `sidePanel` API, hence the guard.
 */
export async function openSidePanelOnActionClick(): Promise<void> {
  const sidePanel = (browser as { sidePanel?: { setPanelBehavior(options: { openPanelOnActionClick: boolean }): Promise<void> } }).sidePanel;
  await sidePanel?.setPanelBehavior({ openPanelOnActionClick: true });
}
