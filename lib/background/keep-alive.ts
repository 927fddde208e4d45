/**
 * Chrome stops an idle MV3 service worker after ~30 s, even while its fetches wait on a slow model.
 * Any extension API call resets that timer, so while checks run a trivial call is made every 20 s.
 * If the worker is stopped anyway, the "resume" alarm (and the side panel opening) restarts the runs.
 */
import { browser } from 'wxt/browser';

const INTERVAL_MS = 20_000;
export const RESUME_ALARM = 'factlight-resume-checks';

let timer: ReturnType<typeof setInterval> | undefined;

/**
 * Sets the alarm that takes up a stopped worker's runs. 30 s is the shortest period Chrome allows. Without the
 * alarm, a stopped worker's runs wait for the side panel to open; nothing is on screen here to say so, hence the log.
 */
export async function armResumeAlarm(): Promise<void> {
  await browser.alarms
    ?.create(RESUME_ALARM, { periodInMinutes: 0.5 })
    ?.catch((error: unknown) => console.warn('[factlight] resume alarm not set', error));
}

export function keepAliveWhile(activeRuns: number): void {
  if (activeRuns > 0 && !timer) {
    timer = setInterval(() => void browser.runtime.getPlatformInfo(), INTERVAL_MS);
    void armResumeAlarm();
  } else if (activeRuns === 0) {
    clearInterval(timer);
    timer = undefined;
    // Also when this worker set no timer: a worker stopped mid-check left the alarm, and a resume that found
    // nothing left to run must not be woken by it every 30 s for ever.
    void browser.alarms?.clear(RESUME_ALARM);
  }
}
