import { describe, expect, it } from 'vitest';

import { splitSentences as split } from '../../../../../lib/core/text/sentences';
import { CHINESE, fixture, GERMAN } from '../../../support/passage-fixtures';

/** The page splitter, as evidence passages and the link audit call it. */
const splitSentences = (text: string, lang?: string) => split(text, lang, 'page');

function expectExactOffsets(text: string, lang?: string): void {
  const sentences = splitSentences(text, lang);
  expect(sentences.length).toBeGreaterThan(0);
  sentences.forEach((sentence, i) => {
    expect(sentence.index).toBe(i);
    expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
    expect(sentence.text).toBe(sentence.text.trim());
    // Paragraph breaks are hard boundaries: no sentence spans a blank line.
    expect(sentence.text).not.toMatch(/\n[^\S\n]*\n/);
    if (i > 0) expect(sentence.start).toBeGreaterThanOrEqual(sentences[i - 1]!.end);
  });
}

describe("splitSentences of a page's text", () => {
  it('maps every sentence of real pages back to its exact offsets', () => {
    expectExactOffsets(fixture('new-zealand.en.txt'), 'en');
    expectExactOffsets(fixture('aha-moment.en.txt'), 'en');
    expectExactOffsets(fixture('trend-micro.ja.txt'), 'ja');
    expectExactOffsets(GERMAN, 'de');
    expectExactOffsets(CHINESE, 'zh');
  });

  it('keeps headings without final punctuation as their own sentences', () => {
    const texts = splitSentences(fixture('new-zealand.en.txt'), 'en').map((s) => s.text);
    expect(texts).toContain('Etymology');
    expect(texts).toContain("New Zealand's capital city is Wellington, while its most populous city is Auckland.");
  });

  it('does not break after abbreviations and initials', () => {
    const texts = splitSentences(fixture('aha-moment.en.txt'), 'en').map((s) => s.text);
    expect(texts).toContain(
      "The scientists were led by Michael Shadlen, Ph.D., of Columbia University's Mortimer B. Zuckerman Mind Brain Behavior Institute, and the findings were published in the journal Current Biology.",
    );
    expect(
      splitSentences('The U.S. Supreme Court had nine justices. Mr. Douglas retired in 1975.').map((s) => s.text),
    ).toEqual(['The U.S. Supreme Court had nine justices.', 'Mr. Douglas retired in 1975.']);
    const german = splitSentences(GERMAN, 'de').map((s) => s.text);
    expect(german).toContain('Heute führen u. a. drei Seilbahnen hinauf, z. B. die Seilbahn Zugspitze.');
    expect(german).toContain('Dr. Müller vom Deutschen Wetterdienst misst dort seit Jahren die Temperatur.');
  });

  it('ends a block at every line break and reads no markdown, unlike checked text', () => {
    const text = '# Results\n- 42 people came\nthe rest stayed home';
    expect(splitSentences(text, 'en').map((s) => s.text)).toEqual([
      '# Results',
      '- 42 people came',
      'the rest stayed home',
    ]);
    // Checked text: a heading, and a list item that the lower-case line continues.
    expect(split(text, 'en').map((s) => s.text)).toEqual(['Results', '42 people came\nthe rest stayed home']);
  });

  it('ends a sentence at an ellipsis followed by a capital, where checked text reads a pause', () => {
    const text = 'Why do stars shine... What powers the Sun? Nuclear fusion.';
    expect(splitSentences(text, 'en').map((s) => s.text)).toEqual([
      'Why do stars shine...',
      'What powers the Sun?',
      'Nuclear fusion.',
    ]);
    expect(split(text, 'en').map((s) => s.text)).toEqual([
      'Why do stars shine... What powers the Sun?',
      'Nuclear fusion.',
    ]);
  });

  it('splits Japanese and Chinese at their own full stops', () => {
    expect(splitSentences(CHINESE, 'zh').map((s) => s.text)).toEqual([
      '长江是亚洲第一长河，也是世界第三长河。',
      '长江全长约6300公里，流经青海、西藏、四川等十一个省级行政区。',
      '长江流域面积约180万平方公里。',
      '三峡大坝位于湖北省宜昌市，是世界上装机容量最大的水电站。',
      '黄河是中国第二长河，全长约5464公里。',
    ]);
    expect(splitSentences(fixture('trend-micro.ja.txt'), 'ja')[1]?.text).toBe(
      '1年版ライセンスは2900円（税込）で、2年版ライセンスは5000円（税込）。',
    );
  });

  it('returns nothing for empty or blank text, and survives an unknown language tag', () => {
    expect(splitSentences('')).toEqual([]);
    expect(splitSentences(' \n\n \t\n')).toEqual([]);
    expect(splitSentences('One sentence. Two.', 'not a tag!').map((s) => s.text)).toEqual(['One sentence.', 'Two.']);
  });

  it('splits a paragraph many segmenter windows long as it splits its parts alone', () => {
    // The page's prose paragraphs joined into one: each ends a sentence, so joining moves no boundary.
    const parts = fixture('new-zealand.en.txt')
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter((p) => /[a-z][.!?]$/.test(p) && /^\p{Lu}/u.test(p));
    const paragraph = parts.join(' ');
    let offset = 0;
    const expected = parts.flatMap((part) => {
      const shifted = splitSentences(part, 'en').map((s) => [s.start + offset, s.end + offset]);
      offset += part.length + 1;
      return shifted;
    });
    // Several of the segmenter's 2 kB windows.
    expect(paragraph.length).toBeGreaterThan(6_000);
    expect(splitSentences(paragraph, 'en').map((s) => [s.start, s.end])).toEqual(expected);
  });
});
