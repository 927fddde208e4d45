import { describe, expect, it } from 'vitest';

import { createStabilityTracker } from '../../../../lib/sites/finished';

describe('createStabilityTracker', () => {
  it('says stable only once the same text has been seen for the quiet period', () => {
    const tracker = createStabilityTracker(2000);
    expect(tracker.update('a', 'Hel', 0)).toBe(false);
    expect(tracker.update('a', 'Hello', 1000)).toBe(false);
    expect(tracker.update('a', 'Hello', 2500)).toBe(false);
    expect(tracker.update('a', 'Hello', 3000)).toBe(true);
    expect(tracker.update('b', 'Other', 3000)).toBe(false);
    tracker.reset();
    expect(tracker.update('a', 'Hello', 9000)).toBe(false);
  });
});
