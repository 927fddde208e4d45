import { describe, expect, it } from 'vitest';

import { BudgetExceededError, UsageMeter } from '../../../../../lib/core/model/usage-meter';

describe('UsageMeter', () => {
  it('counts calls and tokens per stage and in total, plus searches and page fetches', () => {
    const meter = new UsageMeter();
    meter.record('claims', { promptTokens: 100, completionTokens: 20 });
    meter.record('verify', { promptTokens: 50, completionTokens: 10 });
    meter.record('verify', { promptTokens: 5, completionTokens: 1 });
    meter.recordSearch();
    meter.recordPageFetch();
    meter.recordPageFetch();
    expect(meter.snapshot()).toEqual({
      byStage: {
        claims: { calls: 1, promptTokens: 100, completionTokens: 20 },
        verify: { calls: 2, promptTokens: 55, completionTokens: 11 },
      },
      total: { calls: 3, promptTokens: 155, completionTokens: 31 },
      searchCalls: 1,
      pageFetches: 2,
    });
    expect(meter.totalTokens).toBe(186);
    expect(meter.remainingTokens).toBeUndefined();
  });

  it('returns snapshots that later recording does not change, and resumes from one', () => {
    const meter = new UsageMeter();
    meter.record('claims', { promptTokens: 1, completionTokens: 1 });
    const saved = meter.snapshot();
    meter.record('claims', { promptTokens: 1, completionTokens: 1 });
    expect(saved.total.calls).toBe(1);
    const resumed = new UsageMeter({ initial: saved });
    resumed.record('claims', { promptTokens: 3, completionTokens: 0 });
    expect(resumed.snapshot().byStage.claims).toEqual({ calls: 2, promptTokens: 4, completionTokens: 1 });
    expect(saved.byStage.claims?.calls).toBe(1);
  });

  it('throws BudgetExceededError once total tokens reach the budget', () => {
    const meter = new UsageMeter({ tokenBudget: 100 });
    meter.record('claims', { promptTokens: 60, completionTokens: 39 });
    expect(() => meter.assertWithinBudget()).not.toThrow();
    expect(meter.remainingTokens).toBe(1);
    meter.record('verify', { promptTokens: 1, completionTokens: 0 });
    expect(() => meter.assertWithinBudget()).toThrow(BudgetExceededError);
    expect(() => meter.assertWithinBudget()).toThrow('The token budget for this check is used up (100 of 100 tokens).');
    expect(meter.remainingTokens).toBe(0);
  });
});
