import { describe, expect, it } from 'vitest';

import { applyRevisions } from '../../../../lib/view/corrected-text';

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
