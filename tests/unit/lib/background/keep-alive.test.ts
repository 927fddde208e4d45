import { afterEach, describe, expect, it } from 'vitest';
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
});
