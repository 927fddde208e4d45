/**
 * Counts what a check spends (model calls and tokens per stage and in total, searches, page fetches) and
 * enforces an optional token budget. The budget is checked BEFORE each model call, so a check that runs
 * out stops cleanly between calls and keeps every result it already has.
 */
import { NoticeError } from '../errors';
import type { TokenUsage } from '../ports';
import type { CheckUsage, StageName, StageUsage } from '../types';

/**
 * Thrown by {@link UsageMeter.assertWithinBudget} once the check has used its token budget. A code
 * (`token-budget-used`), so a contained step's warning whose cause it is can be worded in the interface language.
 */
export class BudgetExceededError extends NoticeError {
  override readonly name = 'BudgetExceededError';

  constructor(
    readonly budgetTokens: number,
    readonly usedTokens: number,
  ) {
    super({ code: 'token-budget-used', budget: budgetTokens, used: usedTokens });
  }
}

/** Options for {@link UsageMeter}. */
export interface UsageMeterOptions {
  /** Total tokens (prompt + completion) a check may spend; no limit when absent. */
  tokenBudget?: number;
  /** Usage recorded earlier, so a check resumed after a service-worker restart keeps counting. */
  initial?: CheckUsage;
}

function emptyStage(): StageUsage {
  return { calls: 0, promptTokens: 0, completionTokens: 0 };
}

function copyUsage(usage: CheckUsage): CheckUsage {
  const byStage: CheckUsage['byStage'] = {};
  for (const [stage, value] of Object.entries(usage.byStage) as [StageName, StageUsage | undefined][]) {
    if (value) byStage[stage] = { ...value };
  }
  return { byStage, total: { ...usage.total }, searchCalls: usage.searchCalls, pageFetches: usage.pageFetches };
}

/** Per-check usage counter with an optional token budget. */
export class UsageMeter {
  readonly tokenBudget: number | undefined;
  private usage: CheckUsage;

  constructor(options: UsageMeterOptions = {}) {
    this.tokenBudget = options.tokenBudget;
    this.usage = options.initial
      ? copyUsage(options.initial)
      : { byStage: {}, total: emptyStage(), searchCalls: 0, pageFetches: 0 };
  }

  /** Records one model call of `stage`. */
  record(stage: StageName, usage: TokenUsage): void {
    const stageUsage = (this.usage.byStage[stage] ??= emptyStage());
    for (const target of [stageUsage, this.usage.total]) {
      target.calls += 1;
      target.promptTokens += usage.promptTokens;
      target.completionTokens += usage.completionTokens;
      // Already inside completionTokens (and the budget); kept apart so a check can show what thinking cost.
      if (usage.reasoningTokens) target.reasoningTokens = (target.reasoningTokens ?? 0) + usage.reasoningTokens;
    }
  }

  /** Records one search request. */
  recordSearch(): void {
    this.usage.searchCalls += 1;
  }

  /** Records one page fetch. */
  recordPageFetch(): void {
    this.usage.pageFetches += 1;
  }

  /** Prompt + completion tokens spent so far. */
  get totalTokens(): number {
    return this.usage.total.promptTokens + this.usage.total.completionTokens;
  }

  /** Tokens left before the budget is reached, or `undefined` without a budget. */
  get remainingTokens(): number | undefined {
    return this.tokenBudget === undefined ? undefined : Math.max(0, this.tokenBudget - this.totalTokens);
  }

  /** Throws {@link BudgetExceededError} once total tokens reach the budget; call before each model call. */
  assertWithinBudget(): void {
    if (this.tokenBudget !== undefined && this.totalTokens >= this.tokenBudget) {
      throw new BudgetExceededError(this.tokenBudget, this.totalTokens);
    }
  }

  /** A copy of the usage so far, safe to store. */
  snapshot(): CheckUsage {
    return copyUsage(this.usage);
  }
}
