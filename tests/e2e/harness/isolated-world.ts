import type { Page } from 'playwright-core';

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
      while (!contexts.some(isOurs)) await new Promise<void>((resolve) => (notify = resolve));
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
