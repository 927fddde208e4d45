import { describe, expect, it } from 'vitest';

import { applyChanges } from '../../../../../lib/core/revise/revise-sentences';

describe('applyChanges', () => {
  it('replaces only the named spans, keeping everything else word for word', () => {
    const { revised, applied } = applyChanges('The tower was finished in 1887 and is 300 metres tall.', [
      { from: '1887', to: '1889', evidenceIds: ['e1'] },
      { from: '300 metres', to: '330 metres', evidenceIds: ['e2'] },
    ]);
    expect(revised).toBe('The tower was finished in 1889 and is 330 metres tall.');
    expect(applied.map((c) => c.to)).toEqual(['1889', '330 metres']);
  });

  it('drops changes whose text is not in the sentence, and no-op changes', () => {
    const { revised, applied } = applyChanges('Paris is in France.', [
      { from: 'Berlin', to: 'Paris', evidenceIds: [] },
      { from: 'France', to: 'France', evidenceIds: [] },
    ]);
    expect(revised).toBe('Paris is in France.');
    expect(applied).toEqual([]);
  });
});
