import { describe, expect, it } from 'vitest';

import { convertFactcheckStance } from '../../../../scripts/eval/convert-factcheck-stance';

describe('convertFactcheckStance', () => {
  it('groups rows by claim and marks every stance but "irrelevant" as relevant', () => {
    const rows = [
      { claim: 'A', evidence: 'a0', stance: 'irrelevant' },
      { claim: 'B', evidence: 'b0', stance: 'refute' },
      { claim: 'A', evidence: 'a1', stance: 'completely-support' },
      { claim: 'A', evidence: 'a2', stance: 'partially-support' },
    ];
    const items = convertFactcheckStance(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
    expect(items).toEqual([
      {
        id: 'fcb-0001',
        claim: 'A',
        passages: ['a0', 'a1', 'a2'],
        relevant: [1, 2],
        stances: ['irrelevant', 'completely-support', 'partially-support'],
      },
      { id: 'fcb-0002', claim: 'B', passages: ['b0'], relevant: [0], stances: ['refute'] },
    ]);
    expect(() => convertFactcheckStance('{"claim":"A"}')).toThrow('line 1');
  });
});
