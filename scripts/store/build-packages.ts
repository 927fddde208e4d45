/**
 * Builds the store packages exactly as `npm run zip` and `npm run zip:firefox` do, into `--out DIR`
 * (default .output), and prints each zip's path and size. Run it in a clean environment: under a test
 * runner NODE_ENV=test would pick React's development build.
 */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';

import { zip } from 'wxt';

const outIndex = process.argv.indexOf('--out');
const outDir = resolve(outIndex > 0 ? process.argv[outIndex + 1]! : '.output');
const root = resolve(import.meta.dirname, '../..');

for (const browser of ['chrome', 'firefox'] as const) {
  const files = await zip({
    root,
    outDir,
    browser,
    logger: { ...console, success: console.log, fatal: console.error, level: 0 } as never,
  });
  for (const file of files) console.log(`${browser}\t${file}\t${statSync(file).size}`);
}
