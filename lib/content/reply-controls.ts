/**
 * "Fact-check" controls under chatbot replies. A control appears only under a finished reply (never
 * while it streams; for sites without a done marker, once its text has stopped changing), is placed as
 * a sibling after the reply rather than inside what the site re-renders, and is put back when the site
 * re-renders or virtualises the list. State is keyed by message id. Once a checked reply is drawn, a control whose
 * claims could not all be shown on the page says how many ("3 of 4 claims could not be shown on this page") instead
 * of "Checked", and opens the check in the side panel.
 */
import { t } from '../i18n/i18n';
import type { MessageKey } from '../i18n/keys';
import { type ReplyPlacement, sendToBackground } from '../messaging/protocol';
import { createStabilityTracker, findReplies, type Reply, type SiteAdapter } from '../sites';
import { captureReply } from './capture-reply';
import { createShadowHost } from './shadow-host';
import { onUserClick } from './user-event';

const CSS = `button { font: 600 12px/1 system-ui, sans-serif; color: #2457c5; background: transparent;
  border: 1px solid #c9ced8; border-radius: 6px; padding: 5px 9px; margin: 6px 0; cursor: pointer; }
button:disabled { opacity: .6; cursor: default; }`;

/** The messages of the controls (chat.content.ts asks the background for them in a chosen language). */
export const REPLY_CONTROL_MESSAGES: readonly MessageKey[] = [
  'floatingButtonLabel',
  'progressChecking',
  'replyChecked',
  'replyCouldNotStart',
  'replyCheckName',
  'replyNotShown',
  'replyNamed',
];

/** What a checked reply's control says when some of its claims could not be shown on the page. */
export function notShownLabel({ notShown, total }: Pick<ReplyPlacement, 'notShown' | 'total'>): string {
  return t('replyNotShown', { missing: notShown, count: total });
}

export function createReplyControls(doc: Document, adapter: SiteAdapter, options: { autoCheck: boolean }) {
  const controls = new Map<string, HTMLElement>();
  const started = new Set<string>();
  /** Checked replies with claims the page could not show, by message id. */
  const placements = new Map<string, ReplyPlacement>();
  const seenUnfinished = new Set<string>();
  // Replies without ids in their DOM (Claude, Copilot) are keyed by a hash of their text, which changes
  // with the last words, often in the same moment the reply finishes: so the element seen streaming
  // counts too, or "check every new reply" would miss most new replies there.
  const seenUnfinishedElements = new WeakSet<Element>();
  const stability = createStabilityTracker();

  async function check(reply: Reply, button: HTMLButtonElement): Promise<void> {
    started.add(reply.messageId);
    button.disabled = true;
    button.textContent = t('progressChecking');
    // Read again now: the text as it is, and where each of its words sits in the page.
    const { text, citations, capture } = captureReply(doc, adapter, reply.element);
    const result = await sendToBackground('startCheck', {
      text,
      origin: 'chatbot-reply',
      pageUrl: doc.location.href,
      pageTitle: doc.title,
      messageId: reply.messageId,
      citations,
      ...(capture ? { capture } : {}),
    }).catch((error: unknown) => ({ ok: false as const, error: String(error) }));
    const placement = placements.get(reply.messageId);
    if (result.ok && placement?.checkId === result.checkId) return; // drawn already, and said so
    button.textContent = result.ok ? t('replyChecked') : t('replyCouldNotStart', { error: result.error });
    if (!result.ok) {
      started.delete(reply.messageId);
      button.disabled = false;
    }
  }

  /** The control of a checked reply, as its drawing left it: "Checked", or how many claims are not shown. */
  function show(button: HTMLButtonElement, placement: ReplyPlacement): void {
    button.textContent = notShownLabel(placement);
    button.setAttribute('aria-label', t('replyNamed', { label: notShownLabel(placement) }));
    button.disabled = false;
  }

  function buttonOf(messageId: string): HTMLButtonElement | null {
    return controls.get(messageId)?.shadowRoot?.querySelector('button') ?? null;
  }

  function ensureControl(reply: Reply): void {
    let host = controls.get(reply.messageId);
    if (host?.isConnected && host.previousElementSibling === reply.element) return;
    host?.remove();
    const created = createShadowHost(doc, 'reply-control', CSS);
    host = created.host;
    host.style.position = 'static';
    host.style.display = 'block';
    const button = doc.createElement('button');
    button.type = 'button';
    button.textContent = t(started.has(reply.messageId) ? 'replyChecked' : 'floatingButtonLabel');
    button.disabled = started.has(reply.messageId);
    button.setAttribute('data-testid', 'factlight-check-reply');
    button.setAttribute('aria-label', t('replyCheckName'));
    onUserClick(button, () => {
      const placement = placements.get(reply.messageId);
      if (placement) void sendToBackground('openInSidePanel', { checkId: placement.checkId }).catch(() => undefined);
      else void check(reply, button);
    });
    const placement = placements.get(reply.messageId);
    if (placement) show(button, placement);
    created.root.append(button);
    reply.element.after(host);
    controls.set(reply.messageId, host);
    const wasStreaming = seenUnfinished.has(reply.messageId) || seenUnfinishedElements.has(reply.element);
    if (options.autoCheck && wasStreaming && !started.has(reply.messageId)) void check(reply, button);
  }

  return {
    /** A checked reply was drawn: `notShown` of its claims could not be placed on the page. */
    placed(placement: ReplyPlacement): void {
      if (!started.has(placement.messageId)) return;
      const button = buttonOf(placement.messageId);
      if (placement.notShown > 0) {
        placements.set(placement.messageId, placement);
        if (button) show(button, placement);
        return;
      }
      placements.delete(placement.messageId);
      if (button && button.textContent !== t('progressChecking')) {
        button.textContent = t('replyChecked');
        button.setAttribute('aria-label', t('replyCheckName'));
        button.disabled = true;
      }
    },
    /**
     * Re-scans the page: controls for finished replies, none for streaming ones. Returns whether a reply
     * on a site without a done marker is still waiting for its text to settle (so another scan is due).
     */
    scan(now: number): boolean {
      let settling = false;
      for (const reply of findReplies(adapter, doc, doc.location.href)) {
        const finished = reply.finished || (reply.needsStability && stability.update(reply.messageId, reply.text, now));
        if (finished && reply.text.trim()) ensureControl(reply);
        else {
          if (reply.needsStability) settling = true;
          seenUnfinished.add(reply.messageId);
          seenUnfinishedElements.add(reply.element);
          controls.get(reply.messageId)?.remove();
          controls.delete(reply.messageId);
        }
      }
      return settling;
    },
  };
}
