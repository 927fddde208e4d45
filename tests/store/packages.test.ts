/**
 * The packages `npm run zip` and `npm run zip:firefox` make, built here into a temp folder with WXT's own
 * API (in a child process with the environment of an npm script, not the test runner's), checked against the stores'
 * automated rules: required manifest fields and icons, no remote code,
 * and Mozilla's addons-linter with no error and no warning.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { LOCALES } from '../../lib/i18n/catalogue';
import { lintFirefoxPackage, localizedManifestString, pngSize, storeProblems } from '../../scripts/store/store-rules';

const ROOT = resolve(import.meta.dirname, '../..');

describe('store packages', () => {
  let outDir: string;
  let zips: { chrome: string; firefox: string };

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'factlight-packages-'));
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts/store/build-packages.ts'), '--out', outDir],
      { cwd: ROOT, env },
    );
    const built = stdout
      .split('\n')
      .filter((line) => line.includes('\t'))
      .map((line) => line.split('\t'));
    const find = (browser: string) =>
      built.find(([name, file]) => name === browser && !file!.endsWith('-sources.zip'))![1]!;
    zips = { chrome: find('chrome'), firefox: find('firefox') };
  }, 180_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('makes a Chrome package with every field and icon the Chrome Web Store requires', () => {
    expect(existsSync(zips.chrome)).toBe(true);
    expect(storeProblems(join(outDir, 'chrome-mv3'), 'chrome')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(outDir, 'chrome-mv3/manifest.json'), 'utf8')) as {
      minimum_chrome_version: string;
      name: string;
      description: string;
      permissions: string[];
      content_scripts: Array<{ matches: string[] }>;
      default_locale: string;
    };
    // Issue 24: no redundant activeTab (host permissions cover it), and the page script never runs on file://.
    expect(manifest.permissions).not.toContain('activeTab');
    const matches = manifest.content_scripts.flatMap((script) => script.matches);
    expect(matches).toContain('http://*/*');
    expect(matches.filter((match) => !/^https?:\/\//.test(match))).toEqual([]);
    // chrome.sidePanel.open() is the newest API the extension needs (wxt.config.ts).
    expect(manifest.minimum_chrome_version).toBe('116');
    // The name and description are the catalogue's (the description at most 132 characters in every locale).
    expect(manifest).toMatchObject({
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
    });
    const messages = new Map(
      LOCALES.map((locale) => [
        locale,
        JSON.parse(readFileSync(join(outDir, `chrome-mv3/_locales/${locale}/messages.json`), 'utf8')) as Record<
          string,
          { message: string }
        >,
      ]),
    );
    for (const locale of LOCALES) {
      const description = localizedManifestString(manifest.description, messages, locale, 'en');
      expect(description, locale).toBe(messages.get(locale)!.extDescription!.message);
      expect(description!.length, locale).toBeLessThanOrEqual(132);
    }
  });

  it('makes a Firefox package with the fields addons.mozilla.org requires', () => {
    expect(existsSync(zips.firefox)).toBe(true);
    expect(storeProblems(join(outDir, 'firefox-mv2'), 'firefox')).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(outDir, 'firefox-mv2/manifest.json'), 'utf8')) as object;
    // The name and description are the catalogue's, as in the Chrome package.
    expect(manifest).toMatchObject({
      name: '__MSG_extName__',
      description: '__MSG_extDescription__',
      default_locale: 'en',
    });
  });

  it('passes addons-linter with no error and no warning', async () => {
    const result = await lintFirefoxPackage(zips.firefox);
    expect(result.messages).toEqual([]);
    expect({ errors: result.errors, warnings: result.warnings }).toEqual({ errors: 0, warnings: 0 });
  }, 120_000);

  it('reports what a package lacks (the rules can fail)', () => {
    const broken = join(outDir, 'broken');
    cpSync(join(outDir, 'chrome-mv3'), broken, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.minimum_chrome_version;
    manifest.description = 'x'.repeat(133);
    manifest.icons = { 16: 'icon/16.png', 48: 'icon/32.png' };
    writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(broken, 'sidepanel.html'), '<script src="https://cdn.example.com/x.js"></script>');
    expect(storeProblems(broken, 'chrome')).toEqual([
      'description has 133 characters (at most 132)',
      'icons has no 32 px icon',
      'icons has no 128 px icon',
      'icons.48: icon/32.png is 32×32',
      'minimum_chrome_version is missing',
      'sidepanel.html loads a remote script: https://cdn.example.com/x.js',
    ]);
    const firefox = join(outDir, 'broken-firefox');
    cpSync(join(outDir, 'firefox-mv2'), firefox, { recursive: true });
    const gecko = JSON.parse(readFileSync(join(firefox, 'manifest.json'), 'utf8')) as {
      browser_specific_settings: { gecko: Record<string, unknown> };
    };
    delete gecko.browser_specific_settings.gecko.id;
    writeFileSync(join(firefox, 'manifest.json'), JSON.stringify(gecko));
    expect(storeProblems(firefox, 'firefox')).toEqual(['browser_specific_settings.gecko.id is missing']);
  });

  it('reads __MSG_ strings in every locale of the package (a long translation fails, a missing message too)', () => {
    const broken = join(outDir, 'broken-locales');
    cpSync(join(outDir, 'chrome-mv3'), broken, { recursive: true });
    const arabic = join(broken, '_locales/ar/messages.json');
    const catalogue = JSON.parse(readFileSync(arabic, 'utf8')) as Record<string, { message: string }>;
    catalogue.extDescription!.message = 'ت'.repeat(133);
    catalogue.extName!.message = '';
    writeFileSync(arabic, JSON.stringify(catalogue));
    const german = join(broken, '_locales/de/messages.json');
    const de = JSON.parse(readFileSync(german, 'utf8')) as Record<string, { message: string }>;
    delete de.commandCheckSelection;
    writeFileSync(german, JSON.stringify(de));
    expect(storeProblems(broken, 'chrome')).toEqual([
      'name (ar) is empty',
      'description (ar) has 133 characters (at most 132)',
    ]);
    // A message missing in one locale falls back to the default locale's, as browsers do; missing there, it fails.
    const english = join(broken, '_locales/en/messages.json');
    const en = JSON.parse(readFileSync(english, 'utf8')) as Record<string, { message: string }>;
    delete en.commandCheckSelection;
    writeFileSync(english, JSON.stringify(en));
    const manifest = JSON.parse(readFileSync(join(broken, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    delete manifest.default_locale;
    writeFileSync(join(broken, 'manifest.json'), JSON.stringify(manifest));
    const problems = storeProblems(broken, 'chrome');
    expect(problems).toContain('default_locale is missing (_locales exists)');
    expect(problems).toContain('__MSG_commandCheckSelection__ has no message in de');
    expect(problems).toContain('__MSG_commandCheckSelection__ has no message in en');
  });

  it('ships the committed icons (npm run icons) at their declared sizes', () => {
    for (const size of [16, 32, 48, 96, 128]) {
      const path = join(ROOT, `public/icon/${size}.png`);
      expect(pngSize(readFileSync(path))).toEqual({ width: size, height: size });
      expect(statSync(path).size).toBeLessThan(16_000);
    }
  });
});
