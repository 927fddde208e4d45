/**
 * `tsx scripts/ensure-browsers.ts [chromium] [firefox] [openssl] [--dry-run]`: run first by `npm test`
 * (everything) and `npm start` (Chromium only), with the browsers' language packs on Debian (chromium-l10n,
 * firefox-esr-l10n-ar/-ja) for the locale tests. What is there: exits 0 at once. What is missing: installed
 * with apt-get when running as root, else one message with the exact command to run and exit 1, at once.
 * CHROME_PATH / FIREFOX_PATH pick a browser instead of the PATH. `--dry-run` prints the apt-get commands.
 */
import { ensureTools, runAttached, type Tool, TOOLS, whichOnPath } from './lib/browsers';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--dry-run' && !(arg in TOOLS));
if (unknown.length > 0) {
  console.error(
    `Unknown argument(s) ${unknown.join(' ')}. Usage: tsx scripts/ensure-browsers.ts [chromium] [firefox] [openssl] [--dry-run]`,
  );
  process.exit(2);
}
const named = args.filter((arg): arg is Tool => arg in TOOLS);
process.exitCode = ensureTools({
  needs: named.length > 0 ? named : (Object.keys(TOOLS) as Tool[]),
  env: process.env,
  uid: process.getuid?.(),
  which: whichOnPath(process.env.PATH),
  run: runAttached,
  log: (line) => console.error(line),
  dryRun: args.includes('--dry-run'),
});
