import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ensureTools, runAttached, whichOnPath } from '../../../scripts/lib/browsers';

const ROOT = resolve(import.meta.dirname, '../../..');

/**
 * The script and the one module it imports, compiled to plain ES modules in `dir`, so another user can run
 * them with node alone: a checkout in a private folder (/root/factlight, a `mktemp -d`) is unreadable to
 * "nobody", and so is its node_modules (tsx included). Relative imports get the `.mjs` the copies have.
 */
function compileScriptInto(dir: string): string {
  for (const file of ['scripts/ensure-browsers.ts', 'scripts/lib/browsers.ts']) {
    const { outputText } = ts.transpileModule(readFileSync(join(ROOT, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    const target = join(dir, file.replace(/\.ts$/, '.mjs'));
    mkdirSync(dirname(target), { recursive: true, mode: 0o755 });
    writeFileSync(target, outputText.replace(/(from ['"]\.{1,2}\/[^'"]+?)(['"])/g, '$1.mjs$2'), { mode: 0o644 });
  }
  chmodSync(join(dir, 'scripts'), 0o755);
  return join(dir, 'scripts/ensure-browsers.mjs');
}

/**
 * The real thing with real processes: a fake `apt-get` script on a PATH that has no browsers. It records
 * its arguments and "installs" by creating the executables, as the real one would.
 */
describe('ensure-browsers with real processes', { timeout: 30_000 }, () => {
  let bin: string;
  let log: string;
  /** Writable by anyone: the child's temp folder and apt-get's log, whoever runs them. */
  let shared: string;
  /** The command, compiled into the world-readable temp folder (see compileScriptInto). */
  let script: string;
  beforeAll(() => {
    bin = mkdtempSync(join(tmpdir(), 'factlight-ensure-bin-'));
    chmodSync(bin, 0o755);
    shared = join(bin, 'tmp');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    log = join(shared, 'apt-get.log');
    writeFileSync(
      join(bin, 'apt-get'),
      [
        '#!/bin/sh',
        `echo "$*" >> "${log}"`,
        'if [ "$1" = install ]; then',
        '  for pkg in "$@"; do case "$pkg" in chromium|firefox-esr|openssl) printf "#!/bin/sh\\n" > "$(dirname "$0")/$pkg"; chmod 755 "$(dirname "$0")/$pkg";; esac; done',
        'fi',
      ].join('\n'),
    );
    chmodSync(join(bin, 'apt-get'), 0o755);
    // Only node beside it, so the script runs but no browser is found.
    symlinkSync(process.execPath, join(bin, 'node'));
    script = compileScriptInto(bin);
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  it('as root: apt-get update, then apt-get install -y of what is missing, and the browsers are then found', () => {
    const lines: string[] = [];
    const code = ensureTools({
      needs: ['chromium', 'firefox', 'openssl'],
      env: {},
      uid: 0,
      which: whichOnPath(bin),
      run: runAttached,
      log: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('update\ninstall -y chromium firefox-esr openssl\n');
    expect(whichOnPath(bin)('firefox-esr')).toBe(join(bin, 'firefox-esr'));
    for (const name of ['chromium', 'firefox-esr', 'openssl']) rmSync(join(bin, name));
    rmSync(log);
  });

  it('the command as a normal user: exit 1 with the install command, apt-get never called', async () => {
    // Run as "nobody" when the tests run as root, so the non-root path is what runs either way.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const { code, stderr } = await new Promise<{ code: number; stderr: string }>((done) => {
      execFile(
        join(bin, 'node'),
        [script],
        { cwd: bin, env: { PATH: bin, TMPDIR: shared }, timeout: 20_000, ...asUser },
        (error, _stdout, stderr) => {
          done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stderr });
        },
      );
    });
    expect(stderr).toContain('Chromium, Firefox ESR and openssl are needed but not installed');
    expect(stderr).toContain('  sudo apt-get update && sudo apt-get install -y chromium firefox-esr openssl\n');
    expect(code).toBe(1);
    expect(existsSync(log)).toBe(false);
  });
});
