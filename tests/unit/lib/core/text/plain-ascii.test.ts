import { describe, expect, it } from 'vitest';

import { isPlainAscii } from '../../../../../lib/core/text/plain-ascii';
import { asciiTexts } from '../../../support/ascii-texts';

describe('isPlainAscii', () => {
  it('takes printable ASCII and whitespace', () => {
    expect(isPlainAscii('')).toBe(true);
    expect(isPlainAscii('The Eiffel Tower is 330 m tall.\n\tSee https://example.com/a?b=c~d {x} [y] |z| `q`')).toBe(
      true,
    );
    for (const text of asciiTexts(50)) expect(isPlainAscii(text)).toBe(true);
  });

  it('leaves out anything beyond it: accents, curly quotes, other scripts, emoji, control characters', () => {
    for (const text of ['Café', 'it’s', 'Київ', '北京', 'नमस्ते', 'مرحبا', 'ok 👍', 'a\u0000b', 'a\u007fb', 'a\u00a0b'])
      expect(isPlainAscii(text)).toBe(false);
  });
});
