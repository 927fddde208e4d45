import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { keepAliveWhile, RESUME_ALARM } from '../../../../lib/background/keep-alive';

describe('keep alive', () => {
  afterEach(() => keepAliveWhile(0));

  it('sets the resume alarm while runs are active and clears it when the last one ends', async () => {
    fakeBrowser.reset();
    keepAliveWhile(1);
    await expect.poll(() => fakeBrowser.alarms.get(RESUME_ALARM)).toMatchObject({ periodInMinutes: 0.5 });
    keepAliveWhile(0);
    await expect.poll(() => fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  it('clears an alarm left by a stopped worker once a resume finds nothing to run', async () => {
    fakeBrowser.reset();
    // The alarm a worker stopped mid-check left behind; this worker never had a run.
    await fakeBrowser.alarms.create(RESUME_ALARM, { periodInMinutes: 0.5 });
    keepAliveWhile(0);
    await expect.poll(() => fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
  });

  describe('the keep-awake call', () => {
    afterEach(() => vi.useRealTimers());

    /** The 20 s keep-awake calls made while one run is active for a minute. */
    async function pingsInAMinute(options?: { ping?: boolean }): Promise<number> {
      fakeBrowser.reset();
      // Only the interval: the alarms and the polls keep real time.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const ping = vi.spyOn(fakeBrowser.runtime, 'getPlatformInfo').mockResolvedValue({} as never);
      keepAliveWhile(1, options);
      await expect.poll(() => fakeBrowser.alarms.get(RESUME_ALARM)).toMatchObject({ periodInMinutes: 0.5 });
      vi.advanceTimersByTime(60_000);
      keepAliveWhile(0);
      vi.advanceTimersByTime(60_000);
      return ping.mock.calls.length;
    }

    it('is made every 20 s while runs are active, and no more once they end', async () => {
      expect(await pingsInAMinute()).toBe(3);
    });

    it('is not made with ping: false (the offscreen document’s runs), though the resume alarm is set', async () => {
      expect(await pingsInAMinute({ ping: false })).toBe(0);
      await expect.poll(() => fakeBrowser.alarms.get(RESUME_ALARM)).toBeUndefined();
    });
  });
});
