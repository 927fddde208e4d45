/**
 * The script injected into every page: its size (target under 15 kB minified) and the time it takes to
 * react to a selection on a large page (mouseup → the floating button shown), in real Chromium.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { EXTENSION_DIR, launchWithExtension } from '../lib/extension/launch';
import { startWebServer } from '../lib/servers';

const RUNS = 7;

export async function benchContentScript(): Promise<{ lines: string[]; ok: boolean }> {
  const file = join(EXTENSION_DIR, 'content-scripts/content.js');
  const bytes = statSync(file).size;
  const gzipped = gzipSync(readFileSync(file)).length;
  const paragraphs = Array.from(
    { length: 3_000 },
    (_, i) =>
      `<p>Paragraph ${i}: the river flows through the old town, past the market and the cathedral, and on to the sea.</p>`,
  ).join('');
  const web = await startWebServer({
    routes: { '/large': { body: `<!doctype html><title>Large</title><article>${paragraphs}</article>` } },
  });
  const browser = await launchWithExtension();
  const times: number[] = [];
  try {
    const page = await browser.context.newPage();
    await page.goto(web.url('/large'));
    for (let run = 0; run < RUNS; run++) {
      const elapsed = await page.evaluate(
        (index) =>
          new Promise<number>((resolve) => {
            const selection = document.getSelection()!;
            const range = document.createRange();
            range.selectNodeContents(document.querySelectorAll('article p')[index]!);
            selection.removeAllRanges();
            selection.addRange(range);
            const start = performance.now();
            const observer = new MutationObserver(() => {
              const host = document.querySelector(
                'factlight-ui[data-factlight="check-selection"]',
              ) as HTMLElement | null;
              if (host && host.style.display !== 'none') {
                observer.disconnect();
                resolve(performance.now() - start);
              }
            });
            observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
            const host = document.querySelector('factlight-ui[data-factlight="check-selection"]') as HTMLElement | null;
            if (host) host.style.display = 'none';
            document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
          }),
        1500 + run,
      );
      times.push(elapsed);
    }
  } finally {
    await browser.close();
    await web.close();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const kb = bytes / 1024;
  return {
    lines: [
      `Script on every page: ${kb.toFixed(1)} kB minified (${(gzipped / 1024).toFixed(1)} kB gzipped)`,
      `  selection on a page of 3,000 paragraphs → floating button shown: ${median.toFixed(1)} ms (median of ${RUNS})`,
      `  ${kb < 15 ? 'PASS' : 'MISS'} size ${kb.toFixed(1)} kB < 15 kB`,
    ],
    ok: kb < 15,
  };
}
