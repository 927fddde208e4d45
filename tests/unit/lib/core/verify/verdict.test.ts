import { describe, expect, it } from 'vitest';
import { deriveVerdict } from '../../../../../lib/core/verify/verdict';
import type { Stance } from '../../../../../lib/core/types';

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
