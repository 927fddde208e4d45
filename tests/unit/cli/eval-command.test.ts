import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run eval` as a user runs it: a real process, configured by environment variables. */
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const SAMPLE = resolve(ROOT, 'tests/fixtures/factcheck-bench/sample.jsonl');

function evaluate(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('FACTLIGHT_') && key !== 'OPENAI_API_KEY'));
  return new Promise((done) => {
    execFile(TSX, ['scripts/eval.ts', ...args], { cwd: ROOT, env: { ...clean, ...env }, timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

// Each test starts a tsx process, which takes seconds on a busy machine: more than the default 5 s.
describe('npm run eval', { timeout: 30_000 }, () => {
  it('says what to set, without a stack trace, when an eval needs a model and none is configured', async () => {
    const { code, stderr } = await evaluate(['factcheck-bench', '--data', SAMPLE, '--limit', '1'], {});
    expect(code).toBe(2);
    expect(stderr).toContain('No model is configured');
    expect(stderr).toContain('Set FACTLIGHT_BASE_URL');
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});
