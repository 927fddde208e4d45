import { describe, expect, it } from 'vitest';

import { markClaimWords } from '../../../../lib/view/match-words';

describe('markClaimWords', () => {
  it('marks shared words, joins neighbours, and gives back the passage exactly', () => {
    const passage = 'In 1903, Marie Curie shared the Nobel Prize in Physics.';
    const parts = markClaimWords(passage, 'Marie Curie won the Nobel Prize in 1903.');
    expect(parts.map((p) => p.text).join('')).toBe(passage);
    expect(parts.filter((p) => p.marked).map((p) => p.text)).toEqual(['1903', 'Marie Curie', 'Nobel Prize']);
  });
});
