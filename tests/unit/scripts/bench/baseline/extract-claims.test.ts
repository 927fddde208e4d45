import { describe, expect, it } from 'vitest';

import type { ModelCallContext } from '../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import { extractClaims } from '../../../../../scripts/bench/baseline/extract-claims';
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

describe('claim extraction', () => {
  const text = 'Marie Curie was born in Warsaw. She won two Nobel Prizes. What a life!';
  const sentences = splitSentences(text, 'en');

  it('extracts, decontextualises and anchors claims for a batch in one call', async () => {
    const { ctx, model } = context([
      json({
        sentences: [
          {
            id: 0,
            claims: [
              {
                claim: 'Marie Curie was born in Warsaw',
                sourceQuote: 'Marie Curie was born in Warsaw',
                checkWorthy: true,
                subject: 'Marie Curie',
                predicate: 'born in',
                object: 'Warsaw',
                query: 'Marie Curie birthplace',
                question: 'Where was Marie Curie born?',
                englishQuery: null,
                englishQuestion: null,
              },
            ],
          },
          {
            id: 1,
            claims: [
              {
                claim: 'Marie Curie won two Nobel Prizes',
                sourceQuote: 'won two Nobel Prizes',
                checkWorthy: true,
                subject: 'Marie Curie',
                predicate: 'won',
                object: 'two Nobel Prizes',
                query: '',
                question: '',
                englishQuery: null,
                englishQuestion: null,
              },
            ],
          },
          {
            id: 2,
            claims: [
              {
                claim: 'What a life!',
                sourceQuote: 'What a life!',
                checkWorthy: false,
                subject: '',
                predicate: '',
                object: '',
                query: '',
                question: '',
                englishQuery: null,
                englishQuestion: null,
              },
            ],
          },
        ],
      }),
    ]);
    const { claims, queries } = await extractClaims(ctx, { text, sentences, language: 'en' }, sentences);
    expect(model.calls).toHaveLength(1);
    // Queries come from the same call; a missing one falls back to the claim's words; no query for opinions.
    expect(queries).toEqual([
      { claimId: 'c0-0', query: 'Marie Curie birthplace', question: 'Where was Marie Curie born?' },
      { claimId: 'c1-0', query: 'Marie Curie won two Nobel Prizes', question: 'Marie Curie won two Nobel Prizes' },
    ]);
    expect(model.calls[0]!.jsonSchema?.name).toBe('atomic_claims');
    expect(claims.map((c) => [c.id, c.text, c.checkWorthy])).toEqual([
      ['c0-0', 'Marie Curie was born in Warsaw', true],
      ['c1-0', 'Marie Curie won two Nobel Prizes', true],
      ['c2-0', 'What a life!', false],
    ]);
    expect(text.slice(claims[1]!.span.start, claims[1]!.span.end)).toBe('won two Nobel Prizes');
    expect(claims[0]!.triple).toEqual({ subject: 'Marie Curie', predicate: 'born in', object: 'Warsaw' });
  });

  it('checks a sentence the model skipped as itself instead of dropping it', async () => {
    const { ctx } = context([json({ sentences: [{ id: 0, claims: [] }] })]);
    const { claims } = await extractClaims(ctx, { text, sentences, language: 'en' }, sentences.slice(0, 2));
    expect(claims.map((c) => c.text)).toEqual(['Marie Curie was born in Warsaw.', 'She won two Nobel Prizes.']);
    expect(claims.every((c) => c.checkWorthy)).toBe(true);
  });

  it('retries a malformed reply once with the validation error, then succeeds', async () => {
    const { ctx, model } = context([reply('{"sentences": "oops"}'), json({ sentences: [] })]);
    await extractClaims(ctx, { text, sentences, language: 'en' }, sentences);
    expect(model.calls).toHaveLength(2);
    expect(model.calls[1]!.messages.at(-1)!.content).toMatch(/sentences/);
  });
});
