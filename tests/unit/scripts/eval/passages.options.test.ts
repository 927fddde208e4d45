import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { run } from '../../../../scripts/eval/passages';

/** `npm run eval -- passages` option parsing: a mistyped flag must stop the run, not be ignored. */
describe('passage eval options', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'factlight-passages-options-'));
    await writeFile(
      join(dir, 'data.jsonl'),
      `${JSON.stringify({ id: 'a', claim: 'Paris is in France.', passages: ['Paris is in France.', 'Rome.'] })}\n`,
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const exitWith = (): { errors: string[] } => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.join(' ')));
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    return { errors };
  };

  it('rejects an unknown flag (here a typo of --word-vectors) with the usage line', async () => {
    const { errors } = exitWith();
    const args = ['--data', join(dir, 'data.jsonl'), '--out', join(dir, 'out.jsonl'), '--word-vector', 'vectors.json'];
    await expect(run(args)).rejects.toThrow('exit 2');
    expect(errors.join('\n')).toContain('--word-vector');
    expect(errors.join('\n')).toMatch(/Usage: npm run eval -- passages .*--fusion-grid/);
  });

  it('still runs with known flags', async () => {
    exitWith();
    await expect(
      run(['--data', join(dir, 'data.jsonl'), '--out', join(dir, 'out.jsonl'), '--fusion-grid']),
    ).resolves.toBeUndefined();
  });
});
