import { describe, expect, it } from 'vitest';

import { capHtml } from '../../../../lib/extract/html-limit';

describe('capHtml', () => {
  it('cuts giant HTML at a tag boundary', () => {
    expect(capHtml('<p>short</p>', 100)).toBe('<p>short</p>');
    expect(capHtml('<p>one</p><p>two</p><p>three</p>', 14)).toBe('<p>one</p>');
  });
});
