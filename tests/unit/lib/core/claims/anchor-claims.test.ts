import { describe, expect, it } from 'vitest';

import { anchorClaim, snapToWords } from '../../../../../lib/core/claims/anchor-claims';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import type { Sentence } from '../../../../../lib/core/types';
import { MIN_QUOTE_SCORE } from '../../../../../lib/text/match-quote';
import factcheckBench from '../../../../fixtures/text/factcheck-bench-sentences.json';

/** Factcheck-Bench line 1: three sentences about Justice Douglas, "Supreme Court" in the first two. */
const TEXT = factcheckBench.responses[0]?.response ?? '';
const SENTENCES = splitSentences(TEXT, 'en');
const sentence = (index: number): Sentence => {
  const found = SENTENCES[index];
  if (!found) throw new Error(`no sentence ${index}`);
  return found;
};
const spanText = (span: { start: number; end: number }): string => TEXT.slice(span.start, span.end);
const spanOf = (span: { start: number; end: number }): [number, number] => [span.start, span.end];

describe('anchorClaim', () => {
  it('anchors an exact source quote with score 1', () => {
    const result = anchorClaim(
      TEXT,
      sentence(1),
      'William O. Douglas was born on October 16, 1898.',
      'born on October 16, 1898',
    );
    expect(result.anchored).toBe(true);
    expect(result.score).toBe(1);
    expect(spanText(result.span)).toBe('born on October 16, 1898');
  });

  it('anchors a quote with changed whitespace or curly quotes to the original text', () => {
    const text = 'The process is called a "black hole merger."\r\n\r\nDuring the merger,  energy is released.';
    const [first, second] = splitSentences(text, 'en');
    if (!first || !second) throw new Error('expected two sentences');
    const curly = anchorClaim(
      text,
      first,
      'The process is called a black hole merger.',
      'called a “black hole merger.”',
    );
    expect(text.slice(curly.span.start, curly.span.end)).toBe('called a "black hole merger."');
    expect(curly).toMatchObject({ anchored: true, score: 1 });
    const spaced = anchorClaim(
      text,
      second,
      'Energy is released during the merger.',
      'During the merger, energy is released',
    );
    expect(text.slice(spaced.span.start, spaced.span.end)).toBe('During the merger,  energy is released');
  });

  it('anchors a slightly edited quote fuzzily', () => {
    const result = anchorClaim(
      TEXT,
      sentence(1),
      'Douglas served on the Supreme Court from 1939 to 1975.',
      'served on Supreme Court from 1939 until his retirment in 1975',
    );
    expect(result.anchored).toBe(true);
    expect(result.score).toBeGreaterThanOrEqual(MIN_QUOTE_SCORE);
    expect(result.score).toBeLessThan(1);
    expect(spanText(result.span)).toBe('served on the Supreme Court from 1939 until his retirement in 1975');
  });

  it('falls back to the claim text when the quote is missing or made up', () => {
    const claim = 'Justice Douglas was still alive';
    for (const quote of [undefined, '', 'Douglas lived in Washington until 1980']) {
      const result = anchorClaim(TEXT, sentence(2), claim, quote);
      expect(result).toMatchObject({ anchored: true, score: 1 });
      expect(spanText(result.span)).toBe(claim);
    }
  });

  it("anchors a quote that occurs in several sentences inside the claim's own sentence", () => {
    const first = anchorClaim(TEXT, sentence(0), 'The Court existed.', 'Supreme Court');
    const second = anchorClaim(TEXT, sentence(1), 'The Court existed.', 'Supreme Court');
    expect(spanText(first.span)).toBe('Supreme Court');
    expect(spanText(second.span)).toBe('Supreme Court');
    expect(first.span.start).toBeGreaterThanOrEqual(sentence(0).start);
    expect(second.span.start).toBeGreaterThanOrEqual(sentence(1).start);
    expect(second.span.end).toBeLessThanOrEqual(sentence(1).end);
  });

  it('falls back to the whole sentence, never to text outside it', () => {
    // The quote is in sentence 0, but the claim belongs to sentence 2: no span may leave sentence 2.
    const result = anchorClaim(
      TEXT,
      sentence(2),
      'Douglas was the oldest justice in 1980.',
      'the oldest justice on the United States Supreme Court',
    );
    expect(result).toEqual({ span: { start: sentence(2).start, end: sentence(2).end }, anchored: false, score: 0 });
    const rephrased = anchorClaim(TEXT, sentence(1), 'The judge came into the world in the autumn of the year 1898.');
    expect(rephrased).toEqual({ span: { start: sentence(1).start, end: sentence(1).end }, anchored: false, score: 0 });
    // A stale sentence beyond the text is clamped rather than producing offsets outside it.
    const stale = anchorClaim('Short.', { index: 0, start: 3, end: 50, text: 'x' }, 'nothing');
    expect(stale.span).toEqual({ start: 3, end: 6 });
  });

  it('keeps every span of real human claims inside its sentence (Factcheck-Bench)', () => {
    let claims = 0;
    let anchored = 0;
    for (const { response, sentences, claims: claimsBySentence } of factcheckBench.responses) {
      const split = splitSentences(response, 'en');
      sentences.forEach((humanSentence, i) => {
        const own = split.find((s) => s.text === humanSentence.trim());
        if (!own) return;
        for (const claim of claimsBySentence[i] ?? []) {
          const result = anchorClaim(response, own, claim);
          claims += 1;
          if (result.anchored) anchored += 1;
          expect(result.span.start).toBeGreaterThanOrEqual(own.start);
          expect(result.span.end).toBeLessThanOrEqual(own.end);
          expect(result.span.end).toBeGreaterThan(result.span.start);
        }
      });
    }
    // Even without a source quote, claims that keep the sentence's wording anchor (measured: 107 of 189);
    // reworded ones ("Diet is an environmental factor that can cause …") fall back to their sentence.
    expect(claims).toBeGreaterThan(150);
    expect(anchored / claims).toBeGreaterThan(0.5);
    expect(anchored).toBeLessThan(claims);
  });

  it('snaps fuzzy spans to whole words', () => {
    const text = 'He was a reality television personality and previously served as a businessman.';
    const fragment = text.indexOf('ty and');
    // A short fragment of a word is dropped, most of a word is taken whole, separators are trimmed.
    expect(text.slice(...spanOf(snapToWords(text, fragment, text.length - 5)))).toBe(
      'and previously served as a businessman',
    );
    expect(text.slice(...spanOf(snapToWords(text, text.indexOf('onality'), text.indexOf('previously') + 3)))).toBe(
      'personality and',
    );
    expect(text.slice(...spanOf(snapToWords(text, text.indexOf(' and'), text.indexOf('served') + 6)))).toBe(
      'and previously served',
    );
    // Without spaces between words, the matched ends stay.
    const ja = '通信の盗み見を防ぐことができる';
    expect(snapToWords(ja, 2, 6)).toEqual({ start: 2, end: 6 });
  });

  it('anchors a reworded claim with a fragment-free span', () => {
    const text = factcheckBench.responses[1]?.response ?? '';
    const own = splitSentences(text, 'en').find((s) => s.text.startsWith('He was born in New York City'));
    if (!own) throw new Error('sentence not found');
    const result = anchorClaim(text, own, 'Donald Trump previously served as a businessman.');
    expect(result.anchored).toBe(true);
    expect(text.slice(result.span.start, result.span.end)).toBe('City and previously served as a businessman');
  });
});
