import { describe, expect, it } from 'vitest';

import { errorMessage, ProviderError } from '../../../../lib/core/errors';

describe('errorMessage', () => {
  it("gives an Error's message, without its name", () => {
    expect(errorMessage(new Error('The file is empty.'))).toBe('The file is empty.');
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new ProviderError('timeout', 'The page did not load within 8 s.'))).toBe(
      'The page did not load within 8 s.',
    );
  });

  it('gives anything else that was thrown as text', () => {
    expect(errorMessage('Receiving end does not exist.')).toBe('Receiving end does not exist.');
    expect(errorMessage(42)).toBe('42');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ toString: () => 'a custom failure' })).toBe('a custom failure');
  });
});
