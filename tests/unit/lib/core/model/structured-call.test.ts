import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ProviderError } from '../../../../../lib/core/errors';
import { forgivingCache } from '../../../../../lib/core/forgiving-cache';
import {
  extractJson,
  type ModelCallContext,
  structuredCall,
  type StructuredCallSpec,
} from '../../../../../lib/core/model/structured-call';
import { BudgetExceededError, UsageMeter } from '../../../../../lib/core/model/usage-meter';
import { MemoryCache, reply, ScriptedModel, type Step } from '../../../support/model-fakes';

const verdictSchema = z.object({
  verdict: z.enum(['supported', 'refuted']),
  reasons: z.array(z.string()),
});
type VerdictReply = z.infer<typeof verdictSchema>;

const valid = JSON.stringify({ verdict: 'supported', reasons: ['matches the passage'] });

function setup(steps: Step[], change: Partial<ModelCallContext> = {}) {
  const model = new ScriptedModel(steps);
  const cache = new MemoryCache();
  const ctx: ModelCallContext = {
    model,
    cache,
    clock: { now: () => 0 },
    meter: new UsageMeter(),
    cacheTtlMs: 60_000,
    modelNames: { fast: 'f-1', strong: 's-1' },
    ...change,
  };
  return { model, cache, ctx };
}

const spec: StructuredCallSpec<VerdictReply> = {
  stage: 'verify',
  role: 'strong',
  name: 'verdict',
  schema: verdictSchema,
  messages: [
    { role: 'system', content: 'Judge the claim.' },
    { role: 'user', content: 'Claim: water is wet.' },
  ],
};

describe('structuredCall', () => {
  it('sends the strict schema, validates the reply, meters usage and caches it', async () => {
    const { model, cache, ctx } = setup([reply(valid, { promptTokens: 30, completionTokens: 7 })]);
    const result = await structuredCall(ctx, spec);
    expect(result).toEqual({
      value: { verdict: 'supported', reasons: ['matches the passage'] },
      usage: { promptTokens: 30, completionTokens: 7 },
      cached: false,
    });
    const sent = model.calls[0]!;
    expect(sent.role).toBe('strong');
    expect(sent.jsonSchema?.name).toBe('verdict');
    expect(sent.jsonSchema?.schema).toMatchObject({
      type: 'object',
      required: ['verdict', 'reasons'],
      additionalProperties: false,
    });
    expect(ctx.meter.snapshot()).toEqual({
      byStage: { verify: { calls: 1, promptTokens: 30, completionTokens: 7 } },
      total: { calls: 1, promptTokens: 30, completionTokens: 7 },
      searchCalls: 0,
      pageFetches: 0,
    });
    expect(cache.writes).toEqual([{ kind: 'model', key: expect.stringMatching(/^[0-9a-f]{28}$/), ttlMs: 60_000 }]);
  });

  it('accepts a fenced reply with prose around it', async () => {
    const { ctx } = setup([reply(`Sure! Here is the JSON:\n\`\`\`json\n${valid}\n\`\`\`\nHope this helps.`)]);
    expect((await structuredCall(ctx, spec)).value.verdict).toBe('supported');
  });

  it('retries once with the validation error, then accepts the corrected reply', async () => {
    const bad = JSON.stringify({ verdict: 'maybe', reasons: [] });
    const { model, ctx } = setup([reply(bad), reply(valid)]);
    const result = await structuredCall(ctx, spec);
    expect(result.value.verdict).toBe('supported');
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 10 });
    const second = model.calls[1]!.messages;
    expect(second.slice(0, 2)).toEqual(spec.messages);
    expect(second[2]).toEqual({ role: 'assistant', content: bad });
    expect(second[3]?.role).toBe('user');
    expect(second[3]?.content).toContain('- verdict:');
    expect(second[3]?.content).toMatch(/did not match the schema/);
    expect(ctx.meter.snapshot().total.calls).toBe(2);
  });

  it('says so when the reply was not JSON at all', async () => {
    const { model, ctx } = setup([reply('I cannot decide.'), reply(valid)]);
    await structuredCall(ctx, spec);
    expect(model.calls[1]!.messages.at(-1)?.content).toContain('The reply was not valid JSON.');
  });

  it('throws a malformed ProviderError after two invalid replies and caches nothing', async () => {
    const { model, cache, ctx } = setup([reply('{"verdict":1}'), reply('nope')]);
    const error = await structuredCall(ctx, spec).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'malformed', message: expect.stringContaining('"verdict"') });
    expect(model.calls).toHaveLength(2);
    expect(cache.writes).toEqual([]);
  });

  it('answers a repeat from the cache without calling the model', async () => {
    const { model, cache, ctx } = setup([reply(valid)]);
    await structuredCall(ctx, spec);
    const again = await structuredCall(ctx, spec);
    expect(again).toEqual({
      value: { verdict: 'supported', reasons: ['matches the passage'] },
      usage: { promptTokens: 0, completionTokens: 0 },
      cached: true,
    });
    expect(model.calls).toHaveLength(1);
    expect(ctx.meter.snapshot().total.calls).toBe(1);

    // Another configured model is another answer.
    const other = setup([reply(valid)], { cache, modelNames: { fast: 'f-1', strong: 's-2' } });
    expect((await structuredCall(other.ctx, spec)).cached).toBe(false);
    expect(other.model.calls).toHaveLength(1);
  });

  it("treats a cached entry that no longer validates, or a broken cache behind the run's forgiving view, as a miss", async () => {
    const { model, cache, ctx } = setup([reply(valid), reply(valid)]);
    await structuredCall(ctx, spec);
    for (const key of cache.entries.keys()) cache.entries.set(key, { verdict: 'gone' });
    expect((await structuredCall(ctx, spec)).cached).toBe(false);
    cache.failReads = true;
    await expect(
      structuredCall(
        { ...ctx, cache: forgivingCache(cache, () => {}), model: new ScriptedModel([reply(valid)]) },
        spec,
      ),
    ).resolves.toMatchObject({ cached: false });
    expect(model.calls).toHaveLength(2);
  });

  it('checks the budget before calling, so an exhausted check stops without a call', async () => {
    const meter = new UsageMeter({ tokenBudget: 100 });
    meter.record('claims', { promptTokens: 80, completionTokens: 20 });
    const { model, ctx } = setup([reply(valid)], { meter });
    await expect(structuredCall(ctx, spec)).rejects.toBeInstanceOf(BudgetExceededError);
    expect(model.calls).toHaveLength(0);
  });

  it('does not make the corrective call once the first reply used up the budget', async () => {
    const meter = new UsageMeter({ tokenBudget: 50 });
    const { model, ctx } = setup([reply('{}', { promptTokens: 45, completionTokens: 5 }), reply(valid)], { meter });
    await expect(structuredCall(ctx, spec)).rejects.toMatchObject({
      name: 'BudgetExceededError',
      budgetTokens: 50,
      usedTokens: 50,
    });
    expect(model.calls).toHaveLength(1);
  });

  it('passes the signal, max tokens and temperature through', async () => {
    const controller = new AbortController();
    const { model, ctx } = setup([reply(valid)], { signal: controller.signal });
    await structuredCall(ctx, { ...spec, maxTokens: 300, temperature: 0 });
    expect(model.calls[0]).toMatchObject({ maxTokens: 300, temperature: 0, signal: controller.signal });
  });
});

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['  {"a":1}\n', { a: 1 }],
    ['```json\n{"a":1}\n```', { a: 1 }],
    ['```\n{"a":1}\n```', { a: 1 }],
    ['Result: {"a":{"b":[1,2]}} as asked.', { a: { b: [1, 2] } }],
  ])('reads %j', (text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it('throws when there is no JSON object', () => {
    expect(() => extractJson('no json here')).toThrow(SyntaxError);
  });
});
