import { beforeEach, describe, expect, it, vi } from 'vitest';

import { PAGE_MEMO_SIZE, pageSentences } from '../../../../../../lib/core/evidence/passages/page-sentences';
import { selectPassages } from '../../../../../../lib/core/evidence/passages/select-passages';
import { tokenize } from '../../../../../../lib/core/evidence/passages/tokenize';
import * as sentences from '../../../../../../lib/core/text/sentences';
import { fixture } from '../../../../support/passage-fixtures';

// Counts the splitting work; the real splitter still runs.
vi.mock('../../../../../../lib/core/text/sentences', async (importOriginal) => {
  const original = await importOriginal<typeof sentences>();
  return { ...original, splitSentences: vi.fn(original.splitSentences) };
});
const split = vi.mocked(sentences.splitSentences);

const NZ = fixture('new-zealand.en.txt');

/** A text no other test has put in the memo. */
let fresh = 0;
const page = (body: string) => `${body} Page ${(fresh += 1)}.`;

describe('pageSentences', () => {
  beforeEach(() => {
    split.mockClear();
  });

  it('splits and tokenizes a page once, and gives what splitting and tokenizing give', () => {
    const text = page(NZ);
    const first = pageSentences(text, 'en');
    expect(pageSentences(text, 'en')).toBe(first);
    expect(split).toHaveBeenCalledTimes(1);
    expect(first.sentences).toEqual(sentences.splitSentences(text, 'en', 'page'));
    expect(first.tokens).toEqual(first.sentences.map((s) => tokenize(s.text)));
  });

  it('splits again for another language, and forgets the least recently used page beyond its size', () => {
    const text = page('One. Two.');
    const en = pageSentences(text, 'en');
    expect(pageSentences(text, 'de')).not.toBe(en);
    const kept = pageSentences(text, 'de');
    for (let i = 0; i < PAGE_MEMO_SIZE - 1; i++) pageSentences(page('Other.'), 'en');
    expect(pageSentences(text, 'de')).toBe(kept);
    for (let i = 0; i < PAGE_MEMO_SIZE; i++) pageSentences(page('Other.'), 'en');
    expect(pageSentences(text, 'de')).not.toBe(kept);
  });
});

describe('selectPassages with a page cited by several claims', () => {
  beforeEach(() => {
    split.mockClear();
  });

  it('splits the page once and picks the same passages as a first reading would', async () => {
    const text = page(NZ);
    const claims = [
      'The Musket Wars encompassed over 600 battles between 1801 and 1840.',
      'In 1862 only 101 Moriori survived.',
      'New Zealand became a dominion in 1907.',
    ];
    const read = (claim: string) =>
      selectPassages({ claim, text, lang: 'en', passagesPerPage: 2, contextSentences: 1 });
    const warm = [];
    for (const claim of claims) warm.push(await read(claim));
    expect(split).toHaveBeenCalledTimes(1);
    // Each claim again after the page has left the memo: the memo changes nothing in the result.
    for (const [i, claim] of claims.entries()) {
      for (let k = 0; k < PAGE_MEMO_SIZE; k++) pageSentences(page('Other.'), 'en');
      split.mockClear();
      expect(await read(claim)).toEqual(warm[i]);
      expect(split).toHaveBeenCalledTimes(1);
    }
  });
});
