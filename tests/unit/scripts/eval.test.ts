import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

/** `npm run eval` as a user runs it: a real process, configured by environment variables. */
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const SAMPLE = resolve(ROOT, 'tests/fixtures/factcheck-bench/sample.jsonl');

function evaluate(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('FACTLIGHT_') && key !== 'OPENAI_API_KEY'),
  );
  return new Promise((done) => {
    execFile(
      TSX,
      ['scripts/eval.ts', ...args],
      { cwd: ROOT, env: { ...clean, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
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

  it('stops with one clear line and exit 2, no stack trace, when the --data path does not exist', async () => {
    const missing = resolve(ROOT, 'no-such-folder/subtasks');
    const { code, stdout, stderr } = await evaluate(['verdict-rules', '--data', missing], {});
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim()).toBe(
      `No data for the verdict-rules eval at ${missing}: it needs Factcheck-Bench's subtask files (a folder with ` +
        'subtask3_claim_evidence_stance.jsonl and subtask4_claim_factuality.jsonl); pass it with --data PATH ' +
        '(e.g. --data ../shared/data/factcheck-gpt/subtasks).',
    );
  });

  it('names the missing file when the --data folder exists but holds other things', async () => {
    const { code, stderr } = await evaluate(
      ['attribution', '--data', resolve(ROOT, 'tests/fixtures/factcheck-bench')],
      {},
    );
    expect(code).toBe(2);
    expect(stderr).toContain('has no claim_chain_mapping.json, TransExp_data: the attribution eval needs');
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });
});
