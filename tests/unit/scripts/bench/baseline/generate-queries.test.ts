import { describe, expect, it } from 'vitest';

import type { ModelCallContext } from '../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import type { Claim } from '../../../../../lib/core/types';
import { generateQueries } from '../../../../../scripts/bench/baseline/generate-queries';
import { type MemoryCache, reply, ScriptedModel, type Step } from '../../../support/model-fakes';

const context = (steps: Step[], cache?: MemoryCache) => {
  const model = new ScriptedModel(steps);
  const warnings: string[] = [];
  const ctx: ModelCallContext & { onWarning: (m: string) => void } = {
    model,
    clock: { now: () => Date.UTC(2026, 10, 22) },
    meter: new UsageMeter(),
    cacheTtlMs: 1000,
    onWarning: (m) => warnings.push(m),
    ...(cache ? { cache } : {}),
  };
  return { ctx, model, warnings };
};
const json = (value: unknown) => reply(JSON.stringify(value));
const claim = (text: string, id = 'c0-0'): Claim => ({
  id,
  sentenceIndex: 0,
  text,
  span: { start: 0, end: text.length },
  anchored: true,
  checkWorthy: true,
});

describe('query generation', () => {
  it('asks for English versions of non-English claims and keeps them', async () => {
    const { ctx, model } = context([
      json({
        claims: [
          {
            id: 'c0-0',
            query: 'Marie Curie Geburtsort',
            question: 'Wo wurde Marie Curie geboren?',
            englishQuery: 'Marie Curie birthplace',
            englishQuestion: 'Where was Marie Curie born?',
          },
        ],
      }),
    ]);
    const [queries] = await generateQueries(ctx, [claim('Marie Curie wurde in Warschau geboren')], 'de');
    expect(model.calls[0]!.messages[1]!.content).toContain('Language of the text: de.');
    expect(queries).toEqual({
      claimId: 'c0-0',
      query: 'Marie Curie Geburtsort',
      question: 'Wo wurde Marie Curie geboren?',
      englishQuery: 'Marie Curie birthplace',
      englishQuestion: 'Where was Marie Curie born?',
    });
  });

  it("searches with the claim's own words when the model leaves a claim out", async () => {
    const { ctx } = context([json({ claims: [] })]);
    const [queries] = await generateQueries(ctx, [claim('Paris is the capital of France')], 'en');
    expect(queries).toEqual({
      claimId: 'c0-0',
      query: 'Paris is the capital of France',
      question: 'Paris is the capital of France',
    });
  });
});
