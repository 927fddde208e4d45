import { describe, expect, it } from 'vitest';

import type { Stance } from '../../../../../lib/core/types';
import { deriveVerdict } from '../../../../../lib/core/verify/verdict';

describe('verdicts from stances', () => {
  it.each<[Stance[], string]>([
    [['supports', 'irrelevant'], 'supported'],
    [['partially-supports'], 'supported'],
    [['refutes', 'irrelevant'], 'refuted'],
    [['supports', 'refutes'], 'disputed'],
    [['irrelevant', 'irrelevant'], 'not-enough-evidence'],
    [[], 'not-enough-evidence'],
  ])('%j → %s', (stances, verdict) => {
    expect(deriveVerdict(stances)).toBe(verdict);
  });
});
