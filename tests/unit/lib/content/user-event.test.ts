import { describe, expect, it } from 'vitest';

import { isUserEvent } from '../../../../lib/content/user-event';

describe('isUserEvent', () => {
  it('counts only events the browser marks trusted; a missing flag is not the user', () => {
    const trusted = new Event('click');
    Object.defineProperty(trusted, 'isTrusted', { value: true });
    const flagless = new Event('click');
    Object.defineProperty(flagless, 'isTrusted', { value: undefined });
    expect(isUserEvent(trusted)).toBe(true);
    expect(isUserEvent(new Event('click'))).toBe(false);
    expect(isUserEvent(flagless)).toBe(false);
  });
});
