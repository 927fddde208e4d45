/** The countdown that closes Chrome's page reader between checks (lib/background/idle-closer.ts). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { idleCloser } from '../../../../lib/background/idle-closer';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('idleCloser', () => {
  it('closes once the last use has been over for the idle time, not before', () => {
    const close = vi.fn();
    const idle = idleCloser(1_000, close);
    idle.begin()();
    vi.advanceTimersByTime(999);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('never closes while a use is in flight, however long it takes', () => {
    const close = vi.fn();
    const idle = idleCloser(1_000, close);
    const first = idle.begin();
    const second = idle.begin();
    first();
    vi.advanceTimersByTime(5_000);
    expect(close).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('starts the countdown again when a use begins and ends during it', () => {
    const close = vi.fn();
    const idle = idleCloser(1_000, close);
    idle.begin()();
    vi.advanceTimersByTime(600);
    idle.begin()();
    vi.advanceTimersByTime(600);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('counts an end called twice once', () => {
    const close = vi.fn();
    const idle = idleCloser(1_000, close);
    const first = idle.begin();
    const second = idle.begin();
    first();
    first();
    vi.advanceTimersByTime(2_000);
    expect(close).not.toHaveBeenCalled();
    second();
    vi.advanceTimersByTime(1_000);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('closes again after a later use, and not without one', () => {
    const close = vi.fn();
    const idle = idleCloser(1_000, close);
    idle.begin()();
    vi.advanceTimersByTime(1_000);
    vi.advanceTimersByTime(10_000);
    expect(close).toHaveBeenCalledTimes(1);
    idle.begin()();
    vi.advanceTimersByTime(1_000);
    expect(close).toHaveBeenCalledTimes(2);
  });
});
