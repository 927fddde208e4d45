import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadBench } from '../../../../scripts/eval/factcheck-bench';
import { OBJECT_ROW, parseJsonl, readJsonl } from '../../../../scripts/lib/jsonl';

describe('JSON Lines for the evals', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'factlight-jsonl-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('skips every whitespace-only line, including a CRLF file’s blank ones', () => {
    expect(parseJsonl('{"a":1}\r\n\r\n  \n{"a":2}\r\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(parseJsonl('')).toEqual([]);
  });

  it('names the line of a malformed row, and of a row of the wrong shape', () => {
    expect(() => parseJsonl('{"a":1}\n\n{oops}')).toThrow(/^line 3: /);
    expect(() => parseJsonl('{"a":1}\n[1]', OBJECT_ROW)).toThrow('line 2: expected a JSON object');
  });

  it('reads a file and names it in errors', async () => {
    const path = join(dir, 'rows.jsonl');
    await writeFile(path, '{"id":"x"}\n"scalar"\n');
    expect(readJsonl(path)).toEqual([{ id: 'x' }, 'scalar']);
    expect(() => readJsonl(path, OBJECT_ROW)).toThrow(`${path}, line 2: expected a JSON object`);
  });

  it('loads a Factcheck-Bench file saved with CRLF line ends and a blank line', async () => {
    const path = join(dir, 'bench.jsonl');
    await writeFile(path, '{"response":"A.","sentences":{}}\r\n\r\n{"response":"B.","sentences":{}}\r\n');
    expect(loadBench(path).map((item) => item.response)).toEqual(['A.', 'B.']);
  });
});
