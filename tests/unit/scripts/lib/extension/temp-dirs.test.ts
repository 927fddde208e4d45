import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { makeTempDir, removeTempDir } from '../../../../../scripts/lib/extension/temp-dirs';

const ROOT = resolve(import.meta.dirname, '../../../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

/** Runs `code` in a new Node process (tsx) whose temp folder is `tmp`; resolves with its exit code and output. */
function runWithTmp(code: string, tmp: string): Promise<{ code: number; stdout: string }> {
  return new Promise((done) => {
    execFile(
      TSX,
      ['--eval', code],
      { cwd: ROOT, env: { ...process.env, TMPDIR: tmp }, timeout: 30_000 },
      (error, stdout) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout });
      },
    );
  });
}

/** The browser profiles' temp folders: removed on close, and at the latest when the process exits. */
describe('harness temp folders', { timeout: 30_000 }, () => {
  const tmp = mkdtempSync(join(tmpdir(), 'factlight-temp-dirs-test-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('makes a folder under the temp folder and removes it on request (twice is fine)', () => {
    const dir = makeTempDir('factlight-unit-');
    expect(existsSync(dir)).toBe(true);
    removeTempDir(dir);
    removeTempDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('removes what is left when the process exits, also on a failing exit code', async () => {
    const code = [
      "import { writeFileSync } from 'node:fs';",
      "import { join } from 'node:path';",
      "import { makeTempDir } from './scripts/lib/extension/temp-dirs.ts';",
      "const profile = makeTempDir('factlight-profile-');",
      "writeFileSync(join(profile, 'Preferences'), '{}');",
      "const xdg = makeTempDir('factlight-xdg-');",
      'console.log(JSON.stringify([profile, xdg]));',
      'process.exit(3);',
    ].join('\n');
    const child = await runWithTmp(code, tmp);
    expect(child.code).toBe(3);
    const made = JSON.parse(child.stdout) as string[];
    expect(made).toHaveLength(2);
    for (const dir of made) {
      expect(dir.startsWith(join(tmp, 'factlight-'))).toBe(true);
      expect(existsSync(dir)).toBe(false);
    }
    // (tsx keeps its own compile cache there too.)
    expect(readdirSync(tmp).filter((name) => name.startsWith('factlight-'))).toEqual([]);
  });
});
