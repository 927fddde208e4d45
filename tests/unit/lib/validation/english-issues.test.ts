/**
 * The settings and command schemas use zod's mini build, which words no issue until a locale is configured: a
 * refused command or a settings save error would say only "Invalid input".
 */
import '../../../../lib/validation/english-issues';

import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

describe('english-issues', () => {
  it("words the mini build's issues in English", () => {
    expect(z.string().check(z.maxLength(3)).safeParse('abcdef').error?.issues[0]?.message).toBe(
      'Too big: expected string to have <=3 characters',
    );
    expect(z.string().safeParse(42).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
  });
});
