import { describe, expect, it } from 'vitest';

import type { ClaimEntry } from '../../../../../lib/core/claims/claim-prompt';
import { extractClaimsAsWritten } from '../../../../../lib/core/claims/stream-claims';
import { ProviderError } from '../../../../../lib/core/errors';
import type { ModelCallContext } from '../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import { runCheck } from '../../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../../lib/core/pipeline-types';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../../../lib/core/ports';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import type { Claim } from '../../../../../lib/core/types';
import { extractClaims } from '../../../../../scripts/bench/baseline/extract-claims';
import { fakeRun } from '../../../support/fake-run';
import { reply } from '../../../support/model-fakes';

const TEXT = 'The tower is 330 metres tall. Curie won two Nobel Prizes. Everest is 8,849 metres high.';

/** A claim as a strict structured-output model writes it: keys in the schema's order, queries first. */
const entry = (claim: string): ClaimEntry => ({
  claim,
  checkWorthy: true,
  query: `q: ${claim}`,
  question: `Is it true that ${claim}?`,
  englishQuery: null,
  englishQuestion: null,
  sourceQuote: claim,
  subject: claim.split(' ')[0]!,
  predicate: 'is',
  object: 'x',
});

const GOOD = {
  sentences: [
    { id: 0, claims: [entry('The tower is 330 metres tall')] },
    { id: 1, claims: [entry('Curie won two Nobel Prizes'), entry('Curie won Nobel Prizes')] },
    { id: 2, claims: [entry('Everest is 8,849 metres high')] },
  ],
};

/** Sentence ids in a claims request's SENTENCES block. */
const askedIds = (request: ChatRequest) =>
  [...(request.messages.at(-1)?.content ?? '').matchAll(/^\[(\d+)\]/gm)].map((m) => Number(m[1]));

/**
 * A model that streams `text` in 7-character pieces (or breaks with `breakAfter` characters sent), and
 * answers `complete` with `fallback` for claims and `verification` for judgements. Everything it does is
 * logged in order, beside what the test logs, so the tests can assert on event order.
 */
function streamingModel(
  text: string,
  options: { breakAfter?: number; fallback?: (request: ChatRequest) => ChatResponse; log: string[] },
) {
  const completeCalls: ChatRequest[] = [];
  /** How much of `text` has been streamed so far. */
  const sent = { chars: 0 };
  const model: ChatModel = {
    async stream(request, onText) {
      options.log.push('stream:start');
      const end = options.breakAfter ?? text.length;
      for (let at = 0; at < end; at += 7) {
        // A real stream yields to the event loop between network chunks.
        await new Promise((resolve) => setTimeout(resolve, 0));
        sent.chars = Math.min(end, at + 7);
        onText(text.slice(at, sent.chars));
      }
      options.log.push('stream:end');
      if (options.breakAfter !== undefined) throw new ProviderError('unreachable', 'The connection was reset.');
      return reply(text);
    },
    async complete(request) {
      completeCalls.push(request);
      if (request.jsonSchema?.name === 'atomic_claims') {
        options.log.push(`complete:claims:${askedIds(request).join(',')}`);
        if (!options.fallback) throw new Error('no fallback scripted');
        return options.fallback(request);
      }
      if (request.jsonSchema?.name === 'claim_verification')
        return reply(
          JSON.stringify({
            stances: [{ passage: 1, stance: 'supports' }],
            rationales: ['It says so.'],
            explanation: 'Confirmed [1].',
          }),
        );
      if (request.jsonSchema?.name === 'source_types') return reply(JSON.stringify({ hosts: [] }));
      return reply(JSON.stringify({ claims: [] }));
    },
  };
  return { model, completeCalls, sent };
}

/** A whole check with `model`, logging each search as it starts. */
async function check(model: ChatModel, log: string[]) {
  const { deps, options } = fakeRun({
    'https://a.example/page':
      'The tower is 330 metres tall. Curie won two Nobel Prizes in physics and chemistry. Everest is 8,849 metres high.',
  });
  const searches: string[] = [];
  deps.model = model;
  deps.providers = [
    {
      id: 'searxng',
      search: async (query) => {
        searches.push(query.text);
        log.push(`search:${query.text}`);
        return [{ url: 'https://a.example/page', title: 'A page', snippet: 'A snippet.', provider: 'searxng' }];
      },
    },
  ];
  const events: PipelineEvent[] = [];
  const result = await runCheck(TEXT, deps, { ...options, onEvent: (event) => events.push(event) });
  return { result, searches, events };
}

function context(model: ChatModel): ModelCallContext {
  return { model, clock: { now: () => 0 }, meter: new UsageMeter(), cacheTtlMs: 1000 };
}

describe('extractClaimsAsWritten', () => {
  const sentences = splitSentences(TEXT, 'en');
  const input = { text: TEXT, sentences, language: 'en' };

  it('hands over the same claims as the non-streamed call, each once, while the reply is still being written', async () => {
    const log: string[] = [];
    const text = JSON.stringify(GOOD);
    const { model, sent } = streamingModel(text, { log });
    const drafts: Claim[] = [];
    const completes: Array<Promise<Claim>> = [];
    let sentAtFirst = -1;
    const result = await extractClaimsAsWritten(context(model), input, sentences, (draft, _queries, complete) => {
      drafts.push(draft);
      completes.push(complete);
      if (sentAtFirst < 0) sentAtFirst = sent.chars;
      log.push(`claim:${draft.id}`);
    });
    const plain = await extractClaims(context({ complete: async () => reply(JSON.stringify(GOOD)) }), input, sentences);
    expect(result).toEqual(plain);
    expect(await Promise.all(completes)).toEqual(plain.claims);
    // Each draft already has its claim's final id and text.
    expect(drafts.map((d) => [d.id, d.text])).toEqual(plain.claims.map((c) => [c.id, c.text]));
    // The first claim was handed over once its queries were written, before its quote and triple.
    expect(log.indexOf('claim:c0-0')).toBeLessThan(log.indexOf('stream:end'));
    expect(sentAtFirst).toBeGreaterThan(text.indexOf('"question"'));
    expect(sentAtFirst).toBeLessThan(text.indexOf('"subject"'));
  });

  it('completes a claim handed over early from its own words when its object never arrives, and from a second answer when there is one', async () => {
    const text = JSON.stringify(GOOD);
    // The stream breaks inside the first claim's quote: the claim was searchable, its object never closed.
    const cut = text.indexOf('"sourceQuote"') + 20;
    const broken = (fallback?: (request: ChatRequest) => ChatResponse) =>
      streamingModel(text, { log: [], breakAfter: cut, ...(fallback ? { fallback } : {}) }).model;
    const handed = async (model: ChatModel) => {
      const completes: Array<Promise<Claim>> = [];
      const ids: string[] = [];
      const run = extractClaimsAsWritten(context(model), input, sentences, (draft, _queries, complete) => {
        ids.push(draft.id);
        completes.push(complete);
      });
      const outcome = await run.then(
        () => 'ok',
        (error: Error) => error.message,
      );
      return { outcome, ids, claims: await Promise.all(completes) };
    };

    const alone = await handed(broken());
    expect(alone.outcome).toBe('no fallback scripted');
    expect(alone.ids).toEqual(['c0-0']);
    expect(alone.claims).toEqual([
      {
        id: 'c0-0',
        sentenceIndex: 0,
        text: 'The tower is 330 metres tall',
        span: { start: 0, end: 28 },
        anchored: true,
        checkWorthy: true,
      },
    ]);

    const answered = await handed(broken(() => reply(JSON.stringify(GOOD))));
    expect(answered.outcome).toBe('ok');
    expect(answered.ids).toEqual(['c0-0', 'c1-0', 'c1-1', 'c2-0']);
    expect(answered.claims[0]).toMatchObject({
      id: 'c0-0',
      anchored: true,
      triple: { subject: 'The', predicate: 'is', object: 'x' },
    });
  });

  it('uses the whole reply when the model cannot stream', async () => {
    const handed: string[] = [];
    const result = await extractClaimsAsWritten(
      context({ complete: async () => reply(JSON.stringify(GOOD)) }),
      input,
      sentences,
      (draft) => handed.push(draft.id),
    );
    expect(handed).toEqual(['c0-0', 'c1-0', 'c1-1', 'c2-0']);
    expect(result.queries.map((q) => q.query)).toEqual([
      'q: The tower is 330 metres tall',
      'q: Curie won two Nobel Prizes',
      'q: Curie won Nobel Prizes',
      'q: Everest is 8,849 metres high',
    ]);
  });
});

describe('streamed claims in a whole check', () => {
  it('starts the first search before the claims reply has finished', async () => {
    const log: string[] = [];
    const { model } = streamingModel(JSON.stringify(GOOD), { log });
    const { result, searches } = await check(model, log);
    expect(log.indexOf('search:q: The tower is 330 metres tall')).toBeLessThan(log.indexOf('stream:end'));
    expect(searches.sort()).toEqual([
      'q: Curie won Nobel Prizes',
      'q: Curie won two Nobel Prizes',
      'q: Everest is 8,849 metres high',
      'q: The tower is 330 metres tall',
    ]);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported', 'supported', 'supported']);
  });

  it('loses nothing and searches nothing twice when the final reply fails validation after some claims were searched', async () => {
    const log: string[] = [];
    // Sentence 1's second claim lacks its query fields: the whole reply fails the schema at the end.
    const invalid = structuredClone(GOOD) as { sentences: Array<{ id: number; claims: Array<Partial<ClaimEntry>> }> };
    const broken = invalid.sentences[1]!.claims[1]!;
    delete broken.query;
    delete broken.question;
    const { model, completeCalls } = streamingModel(JSON.stringify(invalid), {
      log,
      // The second ask repeats the claim already searched (same text, other case) and gives the other one right.
      fallback: () =>
        reply(
          JSON.stringify({
            sentences: [{ id: 1, claims: [entry('curie won two Nobel Prizes.'), entry('Curie won Nobel Prizes')] }],
          }),
        ),
    });
    const { result, searches, events } = await check(model, log);
    // Claims of sentences 0 and 1 were searched before the stream ended; only sentence 1 was asked again.
    expect(log.indexOf('search:q: The tower is 330 metres tall')).toBeLessThan(log.indexOf('stream:end'));
    expect(log.indexOf('search:q: Curie won two Nobel Prizes')).toBeLessThan(log.indexOf('stream:end'));
    expect(completeCalls.filter((c) => c.jsonSchema?.name === 'atomic_claims').map(askedIds)).toEqual([[1]]);
    // Nothing searched twice, nothing lost.
    expect(searches.sort()).toEqual([
      'q: Curie won Nobel Prizes',
      'q: Curie won two Nobel Prizes',
      'q: Everest is 8,849 metres high',
      'q: The tower is 330 metres tall',
    ]);
    expect(result.claims.map((c) => `${c.id} ${c.text}`)).toEqual([
      'c0-0 The tower is 330 metres tall',
      'c1-0 Curie won two Nobel Prizes',
      'c1-1 Curie won Nobel Prizes',
      'c2-0 Everest is 8,849 metres high',
    ]);
    expect(result.assessments.map((a) => a.verdict).sort()).toEqual([
      'supported',
      'supported',
      'supported',
      'supported',
    ]);
    // Each claim was reported exactly once.
    const reported = events.flatMap((e) => (e.type === 'claims' ? e.claims.map((c) => c.id) : []));
    expect(reported.sort()).toEqual(['c0-0', 'c1-0', 'c1-1', 'c2-0']);
  });

  it('asks again for the sentences a broken stream did not finish, keeping the claims it delivered', async () => {
    const log: string[] = [];
    const text = JSON.stringify(GOOD);
    const { model, completeCalls } = streamingModel(text, {
      log,
      breakAfter: text.indexOf('Curie won Nobel Prizes'),
      fallback: () =>
        reply(
          JSON.stringify({
            sentences: [
              { id: 1, claims: [entry('Curie won two Nobel Prizes'), entry('Curie won Nobel Prizes')] },
              { id: 2, claims: [entry('Everest is 8,849 metres high')] },
            ],
          }),
        ),
    });
    const { result, searches } = await check(model, log);
    expect(completeCalls.filter((c) => c.jsonSchema?.name === 'atomic_claims').map(askedIds)).toEqual([[1, 2]]);
    expect(searches).toHaveLength(4);
    expect(new Set(searches).size).toBe(4);
    expect(result.claims.map((c) => c.id)).toEqual(['c0-0', 'c1-0', 'c1-1', 'c2-0']);
    expect(result.assessments.every((a) => a.verdict === 'supported')).toBe(true);
  });

  it('marks only the sentences still without claims as not checked when asking again fails too', async () => {
    const log: string[] = [];
    const text = JSON.stringify(GOOD);
    const { model } = streamingModel(text, { log, breakAfter: text.indexOf('{"id":2') + 3 });
    const { result } = await check(model, log);
    const verdicts = Object.fromEntries(result.assessments.map((a) => [a.claimId, a.verdict]));
    expect(verdicts).toEqual({
      'c0-0': 'supported',
      'c1-0': 'supported',
      'c1-1': 'supported',
      'c2-0': 'could-not-check',
    });
    expect(result.claims.find((c) => c.id === 'c2-0')?.text).toBe('Everest is 8,849 metres high.');
  });

  it('checks a claim searched before its object was whole, reporting it before its evidence and verdict, when the stream then breaks for good', async () => {
    const log: string[] = [];
    const text = JSON.stringify(GOOD);
    const { model } = streamingModel(text, { log, breakAfter: text.indexOf('"sourceQuote"') + 20 });
    const { result, searches, events } = await check(model, log);
    expect(searches).toEqual(['q: The tower is 330 metres tall']);
    const verdicts = Object.fromEntries(result.assessments.map((a) => [a.claimId, a.verdict]));
    expect(verdicts).toEqual({ 'c0-0': 'supported', 'c1-0': 'could-not-check', 'c2-0': 'could-not-check' });
    const at = (type: string) =>
      events.findIndex(
        (e) =>
          (e.type === 'claims' && e.claims.some((c) => c.id === 'c0-0') && type === 'claims') ||
          (e.type === type && 'claimId' in e && e.claimId === 'c0-0') ||
          (e.type === type && e.type === 'assessment' && e.assessment.claimId === 'c0-0'),
      );
    expect(at('claims')).toBeGreaterThanOrEqual(0);
    expect(at('claims')).toBeLessThan(at('evidence'));
    expect(at('evidence')).toBeLessThan(at('assessment'));
  });
});
