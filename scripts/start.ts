/**
 * `npm start`: builds the extension (see package.json), then opens Chromium with it loaded and the settings
 * page showing. CHROME_PATH picks the browser (Debian's chromium by default). `--smoke` runs headless,
 * checks that the extension's pages load, and exits: `npm test` uses it to prove this command works.
 *
 * Each run uses a fresh temporary profile. A kept profile would be nicer, but Chrome may keep running an
 * unpacked extension's previously cached service worker after a rebuild (seen with Chromium 156), which
 * would show stale code; to keep settings, load .output/chrome-mv3 in your own browser (README).
 */
import { launchWithExtension } from './lib/extension/launch';

const smoke = process.argv.includes('--smoke');
const browser = await launchWithExtension({ headless: smoke });
const options = await browser.openExtensionPage('options.html');
await options.getByTestId('save-settings').waitFor();
console.log(`Factlight ${smoke ? 'loaded' : 'is running'} (extension id ${browser.extensionId}).`);
if (smoke) {
  await browser.close();
} else {
  console.log('Settings are open in the browser. Close the browser window (or press Ctrl+C) to stop.');
  browser.context.on('close', () => process.exit(0));
}
