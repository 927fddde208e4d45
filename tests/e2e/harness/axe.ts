/**
 * axe-core on a page of either browser: its serious and critical violations, the bar issue 25 sets for the
 * extension's pages in every language. axe's minified build is brought in through the driver (extension
 * pages' CSP refuses inline scripts), then run in the page; it looks into open shadow roots, so the in-page
 * card is covered too. `axe.run` has no impact filter of its own (axe.d.ts: RunOptions), hence the filter here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { DriverPage } from './driver';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's serious and critical violations on a page (or within the first element matching `within`), as
 * "rule: target" lines; empty when there are none.
 */
export async function seriousViolations(page: DriverPage, within?: string): Promise<string[]> {
  await page.evaluateScript(AXE);
  return page.evaluate(async (selector) => {
    interface AxeResults {
      passes: unknown[];
      violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown[] }> }>;
    }
    const axe = (globalThis as unknown as { axe: { run(context: unknown, options: object): Promise<AxeResults> } }).axe;
    const context = selector === null ? document : document.querySelector(selector);
    if (!context) return [`axe: nothing matches ${selector}`];
    const results = await axe.run(context, { resultTypes: ['violations'] });
    // No rule passed means axe looked at nothing (an empty page): say so rather than report a clean page.
    if (results.passes.length === 0) return ['axe: no rule passed; the page was empty'];
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(' ')}`);
  }, within ?? null);
}
