import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { DEFAULT_ERROR_RATE, foldText, matchQuote, MIN_QUOTE_SCORE } from '../../../../lib/text/match-quote';
import factcheckBench from '../../../fixtures/text/factcheck-bench-sentences.json';

const responses = factcheckBench.responses.map((r) => r.response);
/** "In 1980, the oldest justice on the United States Supreme Court was Justice William O. Douglas. He was born …" */
const DOUGLAS = responses[0] ?? '';

/** Deterministic pseudo-random numbers, so the edited quotes are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Applies `count` random substitutions, deletions or insertions of lower-case letters. */
function edit(quote: string, count: number, next: () => number): string {
  const chars = [...quote];
  for (let k = 0; k < count; k += 1) {
    const at = Math.floor(next() * chars.length);
    const letter = String.fromCharCode(97 + Math.floor(next() * 26));
    const op = next();
    if (op < 1 / 3) chars[at] = letter;
    else if (op < 2 / 3) chars.splice(at, 1);
    else chars.splice(at, 0, letter);
  }
  return chars.join('');
}

/** A 6-15 word stretch of a sentence, as a model would quote it. */
function quoteOf(sentence: string, next: () => number): string {
  const words = sentence.split(' ');
  const from = Math.floor(next() * Math.max(1, words.length - 6));
  return words.slice(from, from + 6 + Math.floor(next() * 10)).join(' ');
}

describe('foldText', () => {
  it('collapses or drops whitespace, skips invisibles, folds case, quotes and dashes, and keeps the offsets', () => {
    const text = 'A \u201cB\u201d\n\t\u2013 c\u00adD\u200c';
    expect(foldText(text, { whitespace: 'collapse' })).toEqual({
      value: 'a "b" - cd',
      offsets: [0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 13],
    });
    expect(foldText(text, { whitespace: 'drop' })).toEqual({ value: 'a"b"-cd', offsets: [0, 2, 3, 4, 7, 9, 11, 13] });
  });
});

describe('matchQuote', () => {
  it('finds an exact quote with score 1', () => {
    const quote = 'born on October 16, 1898';
    expect(matchQuote(DOUGLAS, quote)).toEqual({
      start: DOUGLAS.indexOf(quote),
      end: DOUGLAS.indexOf(quote) + quote.length,
      score: 1,
    });
  });

  it('ignores changed whitespace, case, curly quotes and dashes, and maps back to the original offsets', () => {
    const genes = factcheckBench.responses.find((r) => r.line === 13)?.response ?? '';
    const from = genes.indexOf('they are produced');
    const to = genes.indexOf('In the case of stars') + 'In the case of stars'.length;
    expect(genes.slice(from, to)).toBe(
      'they are produced through the expression of specific genes. \r\nIn the case of stars',
    );
    expect(
      matchQuote(genes, 'They are produced through the expression of specific genes.\n\nin the case of  stars'),
    ).toEqual({ start: from, end: to, score: 1 });
    // The answer has straight quotes; a model may return curly ones.
    const water = factcheckBench.responses.find((r) => r.line === 12)?.response ?? '';
    const quoted = water.indexOf('known as "structural memory,"');
    expect(matchQuote(water, 'known as “structural memory,”')).toEqual({
      start: quoted,
      end: quoted + 'known as "structural memory,"'.length,
      score: 1,
    });
    expect(matchQuote('Use the 2019–2020 data.', 'the 2019-2020 data')).toEqual({ start: 4, end: 22, score: 1 });
    // Soft hyphens and zero-width spaces from web pages are skipped, not counted as edits.
    expect(matchQuote('The extra\u00adordinary claim', 'extraordinary claim')).toEqual({ start: 4, end: 24, score: 1 });
    // Zero-width non-joiners and joiners too, as the text-fragment check skips them.
    expect(matchQuote('The extra\u200cordi\u200dnary claim', 'extraordinary claim')).toEqual({
      start: 4,
      end: 25,
      score: 1,
    });
  });

  it('finds slightly edited quotes in real answers and scores them by their edits', () => {
    const next = random(1);
    let found = 0;
    let total = 0;
    factcheckBench.responses.forEach(({ response, sentences }) => {
      for (const sentence of sentences.filter((s) => response.includes(s))) {
        const quote = quoteOf(sentence, next);
        const edited = edit(quote, Math.round(quote.length * 0.1), next);
        const match = matchQuote(response, edited);
        total += 1;
        const start = response.indexOf(quote);
        if (match && Math.abs(match.start - start) <= 3 && Math.abs(match.end - (start + quote.length)) <= 3)
          found += 1;
        if (match) expect(match.score).toBeLessThan(1);
      }
    });
    // Measured: every quote with 10 % of its characters edited is found at its place.
    expect(found / total).toBe(1);
    // A dropped word and a typo.
    const match = matchQuote(DOUGLAS, 'He was born October 16, 1989, and served on the Supreme Court');
    expect(DOUGLAS.slice(match?.start, match?.end)).toBe(
      'He was born on October 16, 1898, and served on the Supreme Court',
    );
    expect(match?.score).toBeGreaterThan(MIN_QUOTE_SCORE);
  });

  it('returns null for quotes that are not in the text', () => {
    const next = random(2);
    let rejected = 0;
    let total = 0;
    factcheckBench.responses.forEach(({ response }, i) => {
      const other = factcheckBench.responses[(i + 7) % factcheckBench.responses.length];
      for (const sentence of other?.sentences ?? []) {
        const quote = quoteOf(sentence, next);
        if (response.includes(quote)) continue;
        total += 1;
        // Even with twice the default edit budget, unrelated text never reaches the threshold.
        if (matchQuote(response, quote, { maxErrors: Math.floor(quote.length * DEFAULT_ERROR_RATE * 2) }) === null)
          rejected += 1;
      }
    });
    expect(total).toBeGreaterThan(50);
    expect(rejected).toBe(total);
    expect(matchQuote(DOUGLAS, 'Justice Douglas was a keen mountaineer')).toBeNull();
    // Short quotes get no edit budget at all: three letters with one changed is a different word.
    expect(DOUGLAS).toContain('Dou');
    expect(matchQuote(DOUGLAS, 'Dug')).toBeNull();
  });

  it('uses prefix and suffix to choose between copies of a repeated quote', () => {
    const quote = 'Supreme Court';
    const first = DOUGLAS.indexOf(quote);
    const second = DOUGLAS.indexOf(quote, first + 1);
    expect(second).toBeGreaterThan(first);
    expect(matchQuote(DOUGLAS, quote)?.start).toBe(first);
    expect(matchQuote(DOUGLAS, quote, { prefix: 'and served on the ', suffix: ' from 1939' })).toEqual({
      start: second,
      end: second + quote.length,
      score: 1,
    });
    expect(matchQuote(DOUGLAS, quote, { prefix: 'the United States ', suffix: ' was Justice' })?.start).toBe(first);
    // A slightly wrong context still picks the right copy.
    expect(matchQuote(DOUGLAS, quote, { prefix: 'and served in the ', suffix: ' since 1939' })?.start).toBe(second);
    // The position hint breaks the tie when no context is given.
    expect(matchQuote(DOUGLAS, quote, { hint: second - 5 })?.start).toBe(second);
    // The quote with a context found nowhere in the text is rejected rather than anchored to a wrong copy.
    expect(
      matchQuote(DOUGLAS, quote, {
        prefix: 'a quite different lead-in to the',
        suffix: 'and a tail that is nowhere here',
      }),
    ).toBeNull();
  });

  it('respects maxErrors and rejects empty input', () => {
    expect(matchQuote(DOUGLAS, 'born on Octobr 16', { maxErrors: 0 })).toBeNull();
    expect(matchQuote(DOUGLAS, 'born on Octobr 16', { maxErrors: 2 })?.score).toBeGreaterThan(0.9);
    expect(matchQuote(DOUGLAS, '')).toBeNull();
    expect(matchQuote(DOUGLAS, ' \n\t ')).toBeNull();
    expect(matchQuote('', 'anything')).toBeNull();
  });

  it('works on Japanese and never splits an emoji', () => {
    const ja = readFileSync(new URL('../../../fixtures/text/yahoo-4-ja.txt', import.meta.url), 'utf8');
    const quote = '通信の盗み見を防ぐことができる';
    const match = matchQuote(ja, quote.replace('盗み見', '盗聴'));
    expect(match).not.toBeNull();
    // Slice only a real match: slice(undefined, undefined) would be the whole text.
    expect(match === null ? '' : ja.slice(match.start, match.end)).toBe(quote);
    const text = 'Party time 🎉🎉 tonight, friends!';
    const emoji = matchQuote(text, 'time 🎉 tonight, friends');
    expect(emoji).not.toBeNull();
    const first = text.charCodeAt(emoji?.start ?? 0);
    const last = text.charCodeAt((emoji?.end ?? 1) - 1);
    expect(first >= 0xdc00 && first <= 0xdfff).toBe(false);
    expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
  });

  it('searches 200 kB of text', () => {
    const text = responses.join('\n\n').repeat(Math.ceil(200_000 / responses.join('\n\n').length));
    const tail = text.length - 300;
    const quote = text.slice(tail, tail + 80);
    expect(matchQuote(text, edit(quote, 4, random(3)), { hint: tail })?.start).toBeGreaterThan(tail - 5);
    expect(matchQuote(text, 'A sentence that appears nowhere in these answers, not even close.')).toBeNull();
  });
});
