import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type DataSpec, InputError, requireInputFile, resolveEvalData } from '../../../../scripts/lib/eval-data';

/** Where an eval's dataset comes from: --data, else ../shared/data when present, else one clear error. */
describe('resolveEvalData', () => {
  const spec: DataSpec = {
    evalName: 'verdict-rules',
    what: 'the subtask files',
    sharedDefault: 'factcheck-gpt/subtasks',
    contains: ['subtask3.jsonl'],
  };
  let shared: string;
  let empty: string;
  beforeAll(async () => {
    shared = await mkdtemp(join(tmpdir(), 'factlight-eval-data-'));
    await mkdir(join(shared, 'data/factcheck-gpt/subtasks'), { recursive: true });
    await writeFile(join(shared, 'data/factcheck-gpt/subtasks/subtask3.jsonl'), '{}\n');
    empty = join(shared, 'empty');
    await mkdir(empty);
  });
  afterAll(() => rm(shared, { recursive: true, force: true }));

  it('takes --data when it is given and holds what the eval needs', () => {
    const given = join(shared, 'data/factcheck-gpt/subtasks');
    expect(resolveEvalData(given, spec, join(shared, 'nowhere'))).toBe(given);
  });

  it('falls back to the shared data folder when --data is not given', () => {
    expect(resolveEvalData(undefined, spec, join(shared, 'data'))).toBe(join(shared, 'data/factcheck-gpt/subtasks'));
  });

  it('throws an InputError naming the default and the option when there is no shared folder either', () => {
    const call = () => resolveEvalData(undefined, spec, join(shared, 'nowhere'));
    expect(call).toThrow(InputError);
    expect(call).toThrow(
      `No data for the verdict-rules eval: it needs the subtask files, and the default ${join(shared, 'nowhere/factcheck-gpt/subtasks')} is not there; pass it with --data PATH (e.g. --data ../shared/data/factcheck-gpt/subtasks).`,
    );
  });

  it('names what a --data folder lacks, and the option an eval really takes', () => {
    expect(() => resolveEvalData(empty, spec, shared)).toThrow(
      `${empty} has no subtask3.jsonl: the verdict-rules eval needs the subtask files`,
    );
    expect(() =>
      resolveEvalData(join(shared, 'x.jsonl'), { ...spec, contains: [], option: '--from-factcheck-stance' }, shared),
    ).toThrow(/at .*x\.jsonl: it needs the subtask files; pass it with --from-factcheck-stance PATH/);
  });

  it('checks other input files by their option', () => {
    expect(() => requireInputFile(join(shared, 'gold.jsonl'), '--gold')).toThrow(
      new InputError(`--gold ${join(shared, 'gold.jsonl')}: no such file.`),
    );
    expect(requireInputFile(join(shared, 'data/factcheck-gpt/subtasks/subtask3.jsonl'), '--gold')).toContain(
      'subtask3.jsonl',
    );
  });
});
