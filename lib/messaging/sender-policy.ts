import type { Audience } from './protocol';

/** The parts of `runtime.MessageSender` the policy reads. */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: unknown;
}

export type SenderKind = 'extension-page' | 'content-script' | 'foreign';

/**
 * Tells where a message came from. `ownBaseUrl` is `runtime.getURL('/')`, e.g. "chrome-extension://ID/".
 * Only messages from this extension count; a content script is ours running in a web page's tab.
 */
export function classifySender(sender: SenderInfo, ownId: string, ownBaseUrl: string): SenderKind {
  if (sender.id !== ownId || !sender.url) return 'foreign';
  if (sender.url.startsWith(ownBaseUrl)) return 'extension-page';
  if (sender.tab != null && /^(https?|file):/i.test(sender.url)) return 'content-script';
  return 'foreign';
}

/** Where an allowed command came from: the tab and frame for a content script, and the sender's address. */
export interface CommandOrigin {
  tabId?: number;
  frameId?: number;
  url?: string;
}

/** The origin of a command from a sender of this kind (the router's and the check intake's one reading). */
export function commandOrigin(sender: SenderInfo & { frameId?: number }, kind: SenderKind): CommandOrigin {
  const tab = sender.tab as { id?: number } | null | undefined;
  return {
    ...(kind === 'content-script' && tab?.id !== undefined ? { tabId: tab.id } : {}),
    ...(kind === 'content-script' && sender.frameId !== undefined ? { frameId: sender.frameId } : {}),
    ...(sender.url ? { url: sender.url } : {}),
  };
}

/** Whether a sender of this kind may send a command meant for `audience`. */
export function isAllowed(kind: SenderKind, audience: Audience): boolean {
  if (kind === 'extension-page') return true;
  if (kind === 'content-script') return audience === 'extension-pages-and-content-scripts';
  return false;
}

/**
 * Whether a message comes from our own context with no tab at `url`: the service worker
 * (`runtime.getURL('/background.js')`, the only sender Chrome's offscreen document answers), or the offscreen
 * document (`runtime.getURL('/offscreen.html')`, the only page the worker's relay serves). An extension page in a
 * tab, or at another URL, is neither.
 */
export function isOwnContextAt(sender: SenderInfo, ownId: string, url: string): boolean {
  return sender.id === ownId && sender.tab == null && sender.url === url;
}
