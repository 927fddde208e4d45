import type { Page } from 'playwright-core';

/**
 * How long `evaluate` waits for our content script's world: far longer than injection takes, far shorter than the test
 * timeout.
 */
const CONTEXT_DEADLINE_MS = 15_000;

/**
 * Evaluates an expression inside our content script's isolated world of `page`, through the DevTools
 * protocol, to see exactly what the content script can see. Call before navigating, so the context's
 * creation is observed.
 */
export async function watchIsolatedWorld(page: Page, extensionId: string) {
  const cdp = await page.context().newCDPSession(page);
  const contexts: Array<{ id: number; origin: string; auxData?: { type?: string } }> = [];
  let notify = () => {};
  cdp.on('Runtime.executionContextCreated', ({ context }) => {
    contexts.push(context);
    notify();
  });
  await cdp.send('Runtime.enable');
  const isOurs = (context: (typeof contexts)[number]) =>
    context.auxData?.type === 'isolated' && context.origin === `chrome-extension://${extensionId}`;
  return {
    async evaluate(expression: string): Promise<unknown> {
      // Waits for the next created context, but not forever: a content script that never runs fails here, by name.
      const deadline = Date.now() + CONTEXT_DEADLINE_MS;
      while (!contexts.some(isOurs)) {
        const left = deadline - Date.now();
        if (left <= 0) {
          throw new Error(
            `No isolated world of extension ${extensionId} appeared in ${page.url()} within ${CONTEXT_DEADLINE_MS / 1000} s: ` +
              'is the content script injected on this page, and was watchIsolatedWorld called before navigating?',
          );
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left); // the deadline, not a sleep: a new context wakes this at once
          notify = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      const context = contexts.filter(isOurs).at(-1)!;
      const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
        expression,
        contextId: context.id,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) return `threw: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`;
      return result.value;
    },
  };
}
