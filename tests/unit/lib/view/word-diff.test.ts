import { describe, expect, it } from 'vitest';

import { diffWords } from '../../../../lib/view/word-diff';

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
