import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../../lib/core/errors';
import { selectPassages, type SelectPassagesInput } from '../../../../../../lib/core/evidence/passages/select-passages';
import type { Embedder } from '../../../../../../lib/core/ports';
import { splitSentences } from '../../../../../../lib/core/text/sentences';
import { CHINESE, fixture, GERMAN } from '../../../../support/passage-fixtures';

const NZ = fixture('new-zealand.en.txt');
const AHA = fixture('aha-moment.en.txt');
const JA = fixture('trend-micro.ja.txt');

function select(claim: string, text: string, more: Partial<SelectPassagesInput> = {}) {
  return selectPassages({ claim, text, passagesPerPage: 1, contextSentences: 1, ...more });
}

/** Asserts the passage is exactly the window of `context` sentences around the sentence containing `needle`. */
function expectWindow(
  text: string,
  passage: { text: string; start: number; end: number },
  needle: string,
  context: number,
  lang?: string,
): void {
  expect(text.slice(passage.start, passage.end)).toBe(passage.text);
  const sentences = splitSentences(text, lang, 'page');
  const centre = sentences.findIndex((s) => s.text.includes(needle));
  expect(centre).toBeGreaterThanOrEqual(0);
  const lo = Math.max(0, centre - context);
  const hi = Math.min(sentences.length - 1, centre + context);
  expect(passage.start).toBe(sentences[lo]!.start);
  expect(passage.end).toBe(sentences[hi]!.end);
}

describe('selectPassages on real pages', () => {
  it('finds the sentence a claim rests on, with one sentence of context on each side', async () => {
    const [passage] = await select('The Musket Wars encompassed over 600 battles between 1801 and 1840.', NZ);
    expect(passage!.text).toContain(
      'The resulting intertribal Musket Wars encompassed over 600 battles between 1801 and 1840',
    );
    expectWindow(NZ, passage!, 'Musket Wars encompassed', 1);
  });

  it('matches on numbers and names even when the wording differs', async () => {
    const [moriori] = await select('In 1862 only 101 Moriori survived.', NZ);
    expectWindow(NZ, moriori!, 'In 1862 only 101 survived', 1);
    const [dominion] = await select('New Zealand became a dominion in 1907.', NZ);
    expectWindow(NZ, dominion!, 'in 1907 it became a dominion', 1);
    const [journal] = await select("Michael Shadlen's findings appeared in Current Biology.", AHA);
    expectWindow(AHA, journal!, 'published in the journal Current Biology', 1);
  });

  it('uses the question as part of the query', async () => {
    const [passage] = await select('Wellington is the capital of New Zealand.', NZ, {
      question: 'What is the capital city of New Zealand?',
    });
    expectWindow(NZ, passage!, "New Zealand's capital city is Wellington", 1);
  });

  it('gives exactly the requested context, clamped at the page edges', async () => {
    const claim = 'The Musket Wars encompassed over 600 battles between 1801 and 1840.';
    const [bare] = await select(claim, NZ, { contextSentences: 0 });
    expect(bare!.text).toBe(
      'The resulting intertribal Musket Wars encompassed over 600 battles between 1801 and 1840, killing 30,000–40,000 Māori.',
    );
    const [wide] = await select(claim, NZ, { contextSentences: 2 });
    expectWindow(NZ, wide!, 'Musket Wars encompassed', 2);
    const [first] = await select('New Zealand is a sovereign island country in the southwestern Pacific Ocean.', NZ, {
      contextSentences: 2,
    });
    expectWindow(NZ, first!, 'is a sovereign island country', 2);
  });

  it('returns several non-overlapping passages, best first, each an exact slice', async () => {
    const passages = await select('Abel Tasman, the Dutch explorer, reached New Zealand in 1642.', NZ, {
      passagesPerPage: 3,
    });
    expect(passages).toHaveLength(3);
    for (const p of passages) expect(NZ.slice(p.start, p.end)).toBe(p.text);
    const sorted = [...passages].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
    expect(passages.map((p) => p.score)).toEqual([...passages.map((p) => p.score)].sort((a, b) => b - a));
    expect(
      passages.some((p) =>
        p.text.includes('In 1642, Dutch explorer Abel Tasman became the first European to sight New Zealand.'),
      ),
    ).toBe(true);
    expect(passages.some((p) => p.text.includes('Dutch explorer Abel Tasman and his crew in 1642'))).toBe(true);
  });
});

describe('selectPassages in other languages', () => {
  it('German: matches "2962 Meter" against "2.962 m" and keeps abbreviations inside sentences', async () => {
    const [height] = await select('Die Zugspitze ist 2962 Meter hoch.', GERMAN, { lang: 'de', contextSentences: 0 });
    expect(height!.text).toBe('Die Zugspitze ist mit 2.962 m der höchste Berg Deutschlands.');
    const [climb] = await select('Josef Naus bestieg den Gipfel 1820 als Erster.', GERMAN, { lang: 'de' });
    expectWindow(GERMAN, climb!, 'Josef Naus', 1, 'de');
  });

  it('Japanese without spaces: finds the price and the survey figure', async () => {
    const [price] = await select('フリーWi-Fiプロテクションの1年版ライセンスは2900円です。', JA, { lang: 'ja' });
    expectWindow(JA, price!, '1年版ライセンスは2900円', 1, 'ja');
    const [survey] = await select(
      '回答者の約85％が安全なフリーWi-Fiと危険なフリーWi-Fiを見分けられないと答えた。',
      JA,
      { lang: 'ja', contextSentences: 0 },
    );
    expect(survey!.text).toContain('回答者の約85％');
  });

  it('Chinese without spaces: finds the length of the Yangtze, not the Yellow River', async () => {
    const [passage] = await select('长江全长6300公里。', CHINESE, { lang: 'zh', contextSentences: 0 });
    expect(passage!.text).toBe('长江全长约6300公里，流经青海、西藏、四川等十一个省级行政区。');
  });
});

describe('selectPassages edge cases', () => {
  it('returns [] for empty text, blank text or zero passages wanted', async () => {
    expect(await select('Anything.', '')).toEqual([]);
    expect(await select('Anything.', '  \n\n\t ')).toEqual([]);
    expect(await select('Anything.', NZ, { passagesPerPage: 0 })).toEqual([]);
  });

  it('returns the only sentence of a one-sentence page, even without a match, and no second passage', async () => {
    const text = '  Auckland is the most populous city.  ';
    const passages = await select('Wellington is the capital.', text, { passagesPerPage: 2, contextSentences: 2 });
    expect(passages).toEqual([
      { text: 'Auckland is the most populous city.', start: 2, end: 37, score: 0, best: { start: 2, end: 37 } },
    ]);
  });

  it('rejects when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(select('Anything.', NZ, { signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('selectPassages with an embedder', () => {
  const text = [
    'Tasman sighted the coast in 1642 and named it Staten Land.',
    'Sheep outnumber people in the country.',
    'The first European to see New Zealand was a Dutch navigator.',
  ].join(' ');
  const claim = 'Abel Tasman reached New Zealand in 1642.';

  /**
   * Lexically the 1642 sentence is first and the navigator second; this embedder puts the navigator next to
   * the query (the query is embedded first), sheep half-way and the 1642 sentence farthest, so the fused
   * ranks are 1642: 1/61 + 1/63 < navigator: 1/62 + 1/61.
   */
  const embedder: Embedder & { calls: string[][] } = {
    calls: [],
    async embed(texts) {
      this.calls.push(texts);
      return texts.map((t, i) =>
        i === 0 || t.includes('navigator') ? [1, 0] : t.includes('Sheep') ? [0.6, 0.8] : [0, 1],
      );
    },
  };

  it('lets embedding similarity change the choice, and embeds the query first', async () => {
    const [lexical] = await select(claim, text, { contextSentences: 0 });
    expect(lexical!.text).toContain('1642');
    const [fused] = await select(claim, text, { contextSentences: 0, embedder });
    expect(fused!.text).toBe('The first European to see New Zealand was a Dutch navigator.');
    expect(embedder.calls[0]?.[0]).toBe(claim);
    expect(embedder.calls[0]).toHaveLength(4);
  });

  /** An embedder that throws `error` on every call. */
  const failing = (error: unknown): Embedder => ({
    embed: async () => {
      throw error;
    },
  });

  it('ranks by words alone, and tells nothing, when the server has no embeddings (404, 405, 400, a key without them)', async () => {
    const [lexical] = await select(claim, text, { contextSentences: 0 });
    for (const [kind, status] of [
      ['not-found', 404],
      ['bad-request', 405],
      ['bad-request', 400],
      ['auth', 403],
    ] as const) {
      const told: unknown[] = [];
      const [passage] = await select(claim, text, {
        contextSentences: 0,
        embedder: failing(new ProviderError(kind, 'no embeddings', { status })),
        onEmbedderFailure: (error) => told.push(error),
      });
      expect(passage, `${status}`).toEqual(lexical);
      // How that server is, not a bad day: the person is not told on every check.
      expect(told, `${status}`).toEqual([]);
    }
  });

  it('ranks by words alone, and tells why, when the embedder fails on a bad day (429, no quota, timeout, 5xx, network)', async () => {
    const [lexical] = await select(claim, text, { contextSentences: 0 });
    const failures = [
      new ProviderError('rate-limit', { code: 'rate-limited', provider: 'OpenAI', freeTier: false }, { status: 429 }),
      new ProviderError('timeout', { code: 'timed-out', provider: 'OpenAI' }),
      new ProviderError('server', 'OpenAI had a server error (500).', { status: 500 }),
      new ProviderError('unreachable', { code: 'unreachable', url: 'https://api.openai.com/v1' }),
      // Out of credit or a daily limit: a bad day the person can end (top up, wait), so it is said.
      new ProviderError('quota', 'You exceeded your current quota.', { status: 429 }),
      // A network failure the adapter did not name.
      new TypeError('fetch failed'),
    ];
    for (const failure of failures) {
      const told: unknown[] = [];
      const [passage] = await select(claim, text, {
        contextSentences: 0,
        embedder: failing(failure),
        onEmbedderFailure: (error) => told.push(error),
      });
      expect(passage, failure.message).toEqual(lexical);
      expect(told, failure.message).toEqual([failure]);
    }
  });

  it('ranks by words alone, and tells why, when the embedder returns the wrong number of vectors', async () => {
    const [lexical] = await select(claim, text, { contextSentences: 0 });
    const told: unknown[] = [];
    const [passage] = await select(claim, text, {
      contextSentences: 0,
      embedder: { embed: async () => [[1, 0]] },
      onEmbedderFailure: (error) => told.push(error),
    });
    expect(passage).toEqual(lexical);
    expect(told).toHaveLength(1);
    expect(told[0]).toBeInstanceOf(ProviderError);
    expect((told[0] as ProviderError).kind).toBe('malformed');
    expect((told[0] as ProviderError).notice).toMatchObject({ code: 'embeddings-miscounted', got: 1, expected: 4 });
  });

  it('still rejects a cancellation at once, and tells nothing', async () => {
    const told: unknown[] = [];
    const cancelled = new ProviderError('cancelled', { code: 'request-cancelled' });
    const error = await select(claim, text, {
      embedder: failing(cancelled),
      onEmbedderFailure: (failure) => told.push(failure),
    }).catch((e: unknown) => e);
    expect(error).toBe(cancelled);

    // The check was cancelled while the embedder was asked: whatever it then threw, the selection stops.
    const controller = new AbortController();
    const timedOut = new ProviderError('timeout', { code: 'timed-out' });
    const abortedMidway: Embedder = {
      embed: async () => {
        controller.abort(new Error('stopped'));
        throw timedOut;
      },
    };
    const stopped = await select(claim, text, {
      embedder: abortedMidway,
      signal: controller.signal,
      onEmbedderFailure: (failure) => told.push(failure),
    }).catch((e: unknown) => e);
    expect(stopped).toBe(timedOut);
    expect(told).toEqual([]);
  });
});
