/**
 * Chrome's offscreen document, where the engine runs (lib/background/offscreen-engine/), for tests that must reach it:
 * Playwright lists no offscreen document among its pages, so code is run there through the DevTools protocol (a
 * page's session attaches to the document's target and evaluates in it).
 */
import type { CDPSession } from 'playwright-core';

import type { ExtensionBrowser } from '../../../scripts/lib/extension/launch';
import { ourWorker } from './our-worker';

interface TargetInfo {
  targetId: string;
  url: string;
}

/** The document's address. */
function documentUrl(browser: ExtensionBrowser): string {
  return `chrome-extension://${browser.extensionId}/offscreen.html`;
}

/**
 * Opens the engine's document as the worker does when a command needs the engine (the same call, made in our
 * worker), and resolves once it is there. It closes again once idle (engine-idle.ts), so a test uses it at once.
 */
export async function openEngineDocument(browser: ExtensionBrowser): Promise<void> {
  await (
    await ourWorker(browser)
  ).evaluate(async () => {
    type Offscreen = {
      hasDocument(): Promise<boolean>;
      createDocument(options: { url: string; reasons: string[]; justification: string }): Promise<void>;
    };
    const { offscreen } = (globalThis as unknown as { chrome: { offscreen: Offscreen } }).chrome;
    if (!(await offscreen.hasDocument()))
      await offscreen.createDocument({ url: 'offscreen.html', reasons: ['DOM_PARSER'], justification: 'e2e test' });
  });
}

/**
 * Evaluates `expression` in the engine's document (it must be open and loaded) and returns its value, which must be
 * JSON. `cdp` is any page's DevTools session.
 */
export async function evaluateInEngineDocument<T>(
  browser: ExtensionBrowser,
  cdp: CDPSession,
  expression: string,
): Promise<T> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
  const target = targetInfos.find((info) => info.url === documentUrl(browser));
  if (!target) throw new Error('The engine document is not open.');
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as {
    sessionId: string;
  };
  const id = 1;
  let settle: { resolve(value: T): void; reject(error: Error): void } | undefined;
  const answer = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  const onMessage = (event: { sessionId: string; message: string }) => {
    if (event.sessionId !== sessionId) return;
    const reply = JSON.parse(event.message) as {
      id?: number;
      result?: {
        result?: { value?: string };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
    };
    if (reply.id !== id) return;
    const failure = reply.result?.exceptionDetails;
    if (failure) settle?.reject(new Error(failure.exception?.description ?? failure.text));
    else settle?.resolve(JSON.parse(reply.result?.result?.value ?? 'null') as T);
  };
  // The document closed before it answered (it closes when idle, or when its worker stops).
  const onDetached = (event: { sessionId: string }) => {
    if (event.sessionId === sessionId) settle?.reject(new Error('The engine document closed before it answered.'));
  };
  cdp.on('Target.receivedMessageFromTarget', onMessage);
  cdp.on('Target.detachedFromTarget', onDetached);
  const wrapped = `(async () => JSON.stringify(await (${expression})))()`;
  try {
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id, method: 'Runtime.evaluate', params: { expression: wrapped, awaitPromise: true } }),
    });
    return await answer;
  } finally {
    cdp.off('Target.receivedMessageFromTarget', onMessage);
    cdp.off('Target.detachedFromTarget', onDetached);
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}
