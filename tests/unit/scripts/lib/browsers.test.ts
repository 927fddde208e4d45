import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { browserPath, type EnsureOptions, ensureTools, type Tool, whichOnPath } from '../../../../scripts/lib/browsers';

/** A which() over a fixed set of commands, and a runner that records calls and may "install" packages. */
function fakeMachine(
  installed: Record<string, string>,
  onRun: (args: readonly string[]) => number = () => 0,
  /** The files there are (language packs); by default every one. */
  files?: Set<string>,
) {
  const calls: string[] = [];
  const lines: string[] = [];
  const options = (needs: Tool[], uid: number | undefined, env: NodeJS.ProcessEnv = {}): EnsureOptions => ({
    needs,
    env,
    uid,
    which: (command) => installed[command] ?? null,
    run: (command, args) => {
      calls.push([command, ...args].join(' '));
      return onRun(args);
    },
    log: (line) => lines.push(line),
    exists: (path) => files?.has(path) ?? true,
  });
  return { calls, lines, options };
}

const ALL: Tool[] = ['chromium', 'firefox', 'openssl'];

describe('ensureTools: what npm test / npm start do about missing browsers', () => {
  let dir: string;
  let executable: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'factlight-ensure-'));
    executable = join(dir, 'my-chromium');
    writeFileSync(executable, '#!/bin/sh\n');
    chmodSync(executable, 0o755);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('does nothing when everything is there', () => {
    const machine = fakeMachine({
      chromium: '/usr/bin/chromium',
      'firefox-esr': '/usr/bin/firefox-esr',
      openssl: '/usr/bin/openssl',
      'apt-get': '/usr/bin/apt-get',
    });
    expect(ensureTools(machine.options(ALL, 0))).toBe(0);
    expect(machine.calls).toEqual([]);
    expect(machine.lines).toEqual([]);
  });

  it('as a normal user, stops at once with the exact command to run, installing nothing', () => {
    const machine = fakeMachine({ openssl: '/usr/bin/openssl', 'apt-get': '/usr/bin/apt-get' });
    expect(ensureTools(machine.options(ALL, 1000))).toBe(1);
    expect(machine.calls).toEqual([]);
    expect(machine.lines).toEqual([
      'Chromium and Firefox ESR are needed but not installed (or set CHROME_PATH / FIREFOX_PATH to an installed browser).',
      'Install them with:',
      '  sudo apt-get update && sudo apt-get install -y chromium firefox-esr',
      'Then run the command again.',
    ]);
  });

  it('treats a platform without user ids as not root, and says so plainly where there is no apt-get', () => {
    const machine = fakeMachine({});
    expect(ensureTools(machine.options(['chromium'], undefined))).toBe(1);
    expect(machine.lines.join('\n')).toContain(
      "Install chromium with your system's package manager (there is no apt-get here).",
    );
    expect(machine.calls).toEqual([]);
  });

  it('as root, runs apt-get update and apt-get install -y for exactly what is missing, then checks again', () => {
    const installed: Record<string, string> = { chromium: '/usr/bin/chromium', 'apt-get': '/usr/bin/apt-get' };
    const machine = fakeMachine(installed, (args) => {
      if (args[0] === 'install')
        Object.assign(installed, { 'firefox-esr': '/usr/bin/firefox-esr', openssl: '/usr/bin/openssl' });
      return 0;
    });
    expect(ensureTools(machine.options(ALL, 0))).toBe(0);
    expect(machine.calls).toEqual(['/usr/bin/apt-get update', '/usr/bin/apt-get install -y firefox-esr openssl']);
    expect(machine.lines).toEqual(['Installing Firefox ESR and openssl from the distribution (firefox-esr openssl)…']);
  });

  it('as root, passes on apt-get failing, and says when a package still did not provide the browser', () => {
    const failing = fakeMachine({ 'apt-get': '/usr/bin/apt-get' }, (args) => (args[0] === 'update' ? 100 : 0));
    expect(ensureTools(failing.options(['chromium'], 0))).toBe(100);
    expect(failing.calls).toEqual(['/usr/bin/apt-get update']);
    expect(failing.lines.at(-1)).toBe('/usr/bin/apt-get update failed (exit 100).');

    const useless = fakeMachine({ 'apt-get': '/usr/bin/apt-get' });
    expect(ensureTools(useless.options(['chromium'], 0))).toBe(1);
    expect(useless.lines.at(-1)).toBe('Still not found after apt-get: Chromium.');
  });

  it('with --dry-run, prints the apt-get commands root would run and runs nothing', () => {
    const machine = fakeMachine({
      chromium: '/usr/bin/chromium',
      openssl: '/usr/bin/openssl',
      'apt-get': '/usr/bin/apt-get',
    });
    expect(ensureTools({ ...machine.options(ALL, 0), dryRun: true })).toBe(0);
    expect(machine.calls).toEqual([]);
    expect(machine.lines.slice(1)).toEqual([
      'would run: /usr/bin/apt-get update',
      'would run: /usr/bin/apt-get install -y firefox-esr',
    ]);
  });

  it('npm start needs Chromium only', () => {
    const machine = fakeMachine({ chromium: '/usr/bin/chromium' });
    expect(ensureTools(machine.options(['chromium'], 1000))).toBe(0);
  });

  it('CHROME_PATH / FIREFOX_PATH override the PATH, and a wrong one is reported, never installed over', () => {
    const machine = fakeMachine({
      'firefox-esr': '/usr/bin/firefox-esr',
      openssl: '/usr/bin/openssl',
      'apt-get': '/usr/bin/apt-get',
    });
    expect(ensureTools(machine.options(ALL, 0, { CHROME_PATH: executable }))).toBe(0);
    const wrong = join(dir, 'no-such-browser');
    expect(ensureTools(machine.options(ALL, 0, { CHROME_PATH: '/usr/bin/chromium', FIREFOX_PATH: wrong }))).toBe(1);
    expect(machine.calls).toEqual([]);
    expect(machine.lines.join('\n')).toContain(`FIREFOX_PATH=${wrong} is not an executable file`);
  });

  it('browserPath gives the launchers the same answer, or an error with the install command', () => {
    expect(browserPath('chromium', { CHROME_PATH: executable })).toBe(executable);
    expect(browserPath('firefox', {}, (command) => (command === 'firefox' ? '/opt/firefox' : null))).toBe(
      '/opt/firefox',
    );
    expect(() => browserPath('chromium', {}, () => null)).toThrow(
      'No Chromium found: install it (sudo apt-get install -y chromium) or set CHROME_PATH.',
    );
  });

  it('whichOnPath finds executable files only, in PATH order', () => {
    const first = join(dir, 'first');
    const second = join(dir, 'second');
    mkdirSync(first);
    mkdirSync(second);
    writeFileSync(join(first, 'chromium'), 'not executable');
    mkdirSync(join(first, 'firefox-esr'));
    writeFileSync(join(second, 'chromium'), '#!/bin/sh\n');
    chmodSync(join(second, 'chromium'), 0o755);
    const which = whichOnPath(`${first}:${second}`);
    expect(which('chromium')).toBe(join(second, 'chromium'));
    expect(which('firefox-esr')).toBeNull();
  });
});

describe("ensureTools: the browsers' language packs the locale e2e tests need", () => {
  const browsers = {
    chromium: '/usr/bin/chromium',
    'firefox-esr': '/usr/bin/firefox-esr',
    openssl: '/usr/bin/openssl',
    'apt-get': '/usr/bin/apt-get',
  };
  const CHROMIUM_AR = '/usr/lib/chromium/locales/ar.pak';
  const langpack = (locale: string) =>
    `/usr/lib/firefox-esr/browser/extensions/langpack-${locale}@firefox-esr.mozilla.org.xpi`;

  it('as root, installs exactly the missing ones (chromium-l10n, firefox-esr-l10n-ar/-ja), then checks again', () => {
    const files = new Set([langpack('ja')]);
    const machine = fakeMachine(
      browsers,
      (args) => {
        if (args[0] === 'install') [CHROMIUM_AR, langpack('ar')].forEach((file) => files.add(file));
        return 0;
      },
      files,
    );
    expect(ensureTools(machine.options(ALL, 0))).toBe(0);
    expect(machine.calls).toEqual([
      '/usr/bin/apt-get update',
      '/usr/bin/apt-get install -y chromium-l10n firefox-esr-l10n-ar',
    ]);
  });

  it('as a normal user, names the packages to install and stops', () => {
    const machine = fakeMachine(browsers, () => 0, new Set());
    expect(ensureTools(machine.options(['chromium'], 1000))).toBe(1);
    expect(machine.lines).toEqual([
      "The browsers' language packs are needed but not installed.",
      'Install them with:',
      '  sudo apt-get update && sudo apt-get install -y chromium-l10n',
      'Then run the command again.',
    ]);
  });

  it("leaves a person's own browser (CHROME_PATH) and machines without apt-get alone", () => {
    const own = fakeMachine({ ...browsers }, () => 0, new Set());
    expect(ensureTools(own.options(['chromium'], 0, { CHROME_PATH: process.execPath }))).toBe(0);
    const { 'apt-get': _aptGet, ...noApt } = browsers;
    const elsewhere = fakeMachine(noApt, () => 0, new Set());
    expect(ensureTools(elsewhere.options(['chromium', 'firefox'], 0))).toBe(0);
    expect([...own.calls, ...elsewhere.calls]).toEqual([]);
  });

  it('says so when apt-get ran but a pack is still not there', () => {
    const machine = fakeMachine(browsers, () => 0, new Set());
    expect(ensureTools(machine.options(['chromium'], 0))).toBe(1);
    expect(machine.lines.at(-1)).toBe('Still not found after apt-get: chromium-l10n.');
  });
});
