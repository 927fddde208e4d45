import { describe, expect, it } from 'vitest';
import { orderEvidence, splitCitations } from '../../../../lib/view/citations';
import { applyRevisions } from '../../../../lib/view/corrected-text';
import { formatDate } from '../../../../lib/view/format';
import { markClaimWords } from '../../../../lib/view/match-words';
import { segmentRange, worstBand } from '../../../../lib/view/segments';
import { diffWords } from '../../../../lib/view/word-diff';

describe('segmentRange', () => {
  it('cuts overlapping spans into non-overlapping segments, worst band first', () => {
    const segments = segmentRange({ start: 0, end: 20 }, [
      { claimId: 'a', start: 0, end: 12, band: 'green' },
      { claimId: 'b', start: 5, end: 20, band: 'red' },
    ]);
    expect(segments).toEqual([
      { start: 0, end: 5, claimIds: ['a'], band: 'green', endsClaim: false },
      { start: 5, end: 12, claimIds: ['b', 'a'], band: 'red', endsClaim: true },
      { start: 12, end: 20, claimIds: ['b'], band: 'red', endsClaim: true },
    ]);
  });

  it('keeps plain text between claims and clamps spans to the sentence', () => {
    const segments = segmentRange({ start: 10, end: 30 }, [{ claimId: 'a', start: 15, end: 99, band: 'orange' }]);
    expect(segments.map((s) => [s.start, s.end, s.band ?? null])).toEqual([[10, 15, null], [15, 30, 'orange']]);
  });

  it('ranks unknown above green and grey lowest', () => {
    expect(worstBand(['green', 'unknown'])).toBe('unknown');
    expect(worstBand(['grey', 'green'])).toBe('green');
    expect(worstBand(['orange', 'red', 'unknown'])).toBe('red');
  });
});

describe('diffWords', () => {
  it('marks removed and added words and keeps the rest', () => {
    expect(diffWords('The wall is visible from the Moon.', 'The wall is not visible from orbit.')).toEqual([
      { kind: 'same', text: 'The wall is ' },
      { kind: 'added', text: 'not ' },
      { kind: 'same', text: 'visible from ' },
      { kind: 'removed', text: 'the Moon.' },
      { kind: 'added', text: 'orbit.' },
    ]);
  });
});

describe('applyRevisions', () => {
  it('replaces revised sentences at their offsets and keeps everything else', () => {
    const text = 'A is 1.\n\nB is 2.  C is 3.';
    const sentences = [
      { index: 0, start: 0, end: 7, text: 'A is 1.' },
      { index: 1, start: 9, end: 16, text: 'B is 2.' },
      { index: 2, start: 18, end: 25, text: 'C is 3.' },
    ];
    const revisions = [
      { sentenceIndex: 2, original: 'C is 3.', revised: 'C is 4.', changes: [] },
      { sentenceIndex: 0, original: 'A is 1.', revised: 'A is 10.', changes: [] },
    ];
    expect(applyRevisions(text, sentences, revisions)).toBe('A is 10.\n\nB is 2.  C is 4.');
  });
});

describe('markClaimWords', () => {
  it('marks shared words, joins neighbours, and gives back the passage exactly', () => {
    const passage = 'In 1903, Marie Curie shared the Nobel Prize in Physics.';
    const parts = markClaimWords(passage, 'Marie Curie won the Nobel Prize in 1903.');
    expect(parts.map((p) => p.text).join('')).toBe(passage);
    expect(parts.filter((p) => p.marked).map((p) => p.text)).toEqual(['1903', 'Marie Curie', 'Nobel Prize']);
  });
});

describe('citations', () => {
  it('splits [n] markers and maps them to cited evidence', () => {
    expect(splitCitations('Yes [1], no [3].', ['e0', 'e1'])).toEqual([{ text: 'Yes ' }, { citation: 1, evidenceId: 'e0' }, { text: ', no ' }, { citation: 3 }, { text: '.' }]);
  });

  it('orders cited evidence first so item n is citation n', () => {
    const ordered = orderEvidence([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a']);
    expect(ordered).toEqual([{ item: { id: 'c' }, citation: 1 }, { item: { id: 'a' }, citation: 2 }, { item: { id: 'b' } }]);
  });
});

describe('formatDate', () => {
  it('formats a date-only value on its own day in any time zone, and passes garbage through as text', () => {
    expect(formatDate('2019-05-02')).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(2019, 4, 2)));
    expect(formatDate('last Tuesday')).toBe('last Tuesday');
    expect(formatDate(undefined)).toBeUndefined();
  });
});
