import type { CDPSession } from 'playwright-core';

import type { ExtensionBrowser } from '../../../scripts/lib/extension/launch';

/** The two Chrome APIs `close` uses, typed here (the test project has no chrome types). */
interface ChromeForClose {
  windows: { getLastFocused(): Promise<{ id: number }> };
  sidePanel: { close(options: { windowId: number }): Promise<void> };
}

/** What Runtime.evaluate answers. */
interface EvaluateResult {
  result?: { value?: unknown };
  exceptionDetails?: unknown;
}

/** How long `close` waits for the panel to go: far longer than closing takes, far shorter than the test timeout. */
const CLOSE_DEADLINE_MS = 15_000;

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/**
 * The browser's real side panel (not the panel page opened in a tab). Playwright does not list it among
 * the context's pages, so it is read through the DevTools protocol: found among the browser's targets and
 * evaluated in over a target session. Tests use it to see what the panel shows after the extension opened
 * it; they cannot click in it. Assumes no tab shows sidepanel.html at the same time.
 */
export async function realSidePanel(browser: ExtensionBrowser) {
  const cdp: CDPSession = await browser.context.browser()!.newBrowserCDPSession();
  const prefix = `chrome-extension://${browser.extensionId}/sidepanel.html`;
  let nextId = 1;
  const replies = new Map<number, (reply: EvaluateResult) => void>();
  cdp.on('Target.receivedMessageFromTarget', ({ message }: { message: string }) => {
    const parsed = JSON.parse(message) as { id?: number; result?: EvaluateResult };
    if (parsed.id === undefined) return;
    replies.get(parsed.id)?.(parsed.result ?? {});
    replies.delete(parsed.id);
  });

  async function panels(): Promise<TargetInfo[]> {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    return targetInfos.filter((target) => target.type === 'page' && target.url.startsWith(prefix));
  }

  return {
    /** The open side panel's URL, or null when no side panel is open. */
    async url(): Promise<string | null> {
      return (await panels())[0]?.url ?? null;
    },
    /** Evaluates `expression` in the open side panel; null when none is open. */
    async evaluate(expression: string): Promise<unknown> {
      const [panel] = await panels();
      if (!panel) return null;
      const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: panel.targetId, flatten: false })) as {
        sessionId: string;
      };
      try {
        const id = nextId++;
        const reply = new Promise<EvaluateResult>((resolve) => replies.set(id, resolve));
        await cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression, returnByValue: true } }),
        });
        const result = await reply;
        if (result.exceptionDetails)
          throw new Error(`Side panel evaluation threw: ${JSON.stringify(result.exceptionDetails)}`);
        return result.result?.value ?? null;
      } finally {
        await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      }
    },
    /**
     * Closes the side panel of the page's window, as the user's close button would (Playwright cannot
     * reach the browser's own UI). Waits until it is gone.
     */
    async close(): Promise<void> {
      const worker = browser.context.serviceWorkers()[0]!;
      await worker.evaluate(async () => {
        const api = (globalThis as unknown as { chrome: ChromeForClose }).chrome;
        await api.sidePanel.close({ windowId: (await api.windows.getLastFocused()).id });
      });
      // Polls the browser (no fixed sleep) until the panel is gone, but not forever: a panel that stays open fails
      // here, by name.
      const deadline = Date.now() + CLOSE_DEADLINE_MS;
      while ((await panels()).length > 0) {
        if (Date.now() > deadline)
          throw new Error(
            `The real side panel was still open ${CLOSE_DEADLINE_MS / 1000} s after chrome.sidePanel.close().`,
          );
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    },
  };
}
