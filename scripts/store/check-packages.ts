/**
 * `npm run check:packages`: builds both store packages into .output (as `npm run zip` and
 * `npm run zip:firefox`), checks them against the stores' automated rules (scripts/store/store-rules.ts)
 * and runs addons-linter on the Firefox zip. Prints sizes and findings; exits 1 on any problem.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

import { lintFirefoxPackage, storeProblems } from './store-rules';

const root = resolve(import.meta.dirname, '../..');
const outDir = resolve(root, '.output');
const env = { ...process.env };
delete env.NODE_ENV;
const built = execFileSync(
  process.execPath,
  ['--import', 'tsx', resolve(import.meta.dirname, 'build-packages.ts'), '--out', outDir],
  { cwd: root, env, encoding: 'utf8' },
);
const zips = built
  .split('\n')
  .filter((line) => line.includes('\t'))
  .map((line) => line.split('\t'));
let failed = false;
for (const [browser, file, size] of zips) console.log(`${browser}: ${file} (${(Number(size) / 1024).toFixed(1)} KiB)`);
for (const [browser, dir] of [
  ['chrome', 'chrome-mv3'],
  ['firefox', 'firefox-mv2'],
] as const) {
  const problems = storeProblems(resolve(outDir, dir), browser);
  console.log(`${browser} store rules: ${problems.length === 0 ? 'ok' : problems.join('; ')}`);
  failed ||= problems.length > 0;
}
const firefoxZip = zips.find(([browser, file]) => browser === 'firefox' && !file!.endsWith('-sources.zip'))?.[1];
if (firefoxZip) {
  const lint = await lintFirefoxPackage(firefoxZip);
  console.log(`addons-linter: ${lint.errors} errors, ${lint.warnings} warnings, ${lint.notices} notices`);
  for (const message of lint.messages) console.log(`  ${message}`);
  failed ||= lint.errors + lint.warnings > 0;
} else {
  console.log('no Firefox package was built');
  failed = true;
}
process.exit(failed ? 1 : 0);
