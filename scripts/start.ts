/**
 * `npm start`: builds the extension, then opens Chromium with it loaded and the settings page showing.
 * The profile is kept in .tmp/profile so settings and history survive between runs.
 * CHROME_PATH picks the browser (Debian's chromium by default). `--smoke` runs headless, checks that the
 * extension's pages load, and exits: CI uses it to prove this command works.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchWithExtension } from '../tests/e2e/harness/launch';

const smoke = process.argv.includes('--smoke');
const profile = resolve(import.meta.dirname, '../.tmp/profile');
mkdirSync(profile, { recursive: true });

const browser = await launchWithExtension({ userDataDir: profile, headless: smoke });
const options = await browser.openExtensionPage('options.html');
await options.getByTestId('save-settings').waitFor();
console.log(`Factlight ${smoke ? 'loaded' : 'is running'} (extension id ${browser.extensionId}).`);
if (smoke) {
  await browser.close();
} else {
  console.log('Settings are open in the browser. Close the browser window (or press Ctrl+C) to stop.');
  browser.context.on('close', () => process.exit(0));
}
