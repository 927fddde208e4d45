import { useEffect, useRef } from 'react';

import { sendToBackground } from '../../../lib/messaging/protocol';

/** A running check with no write for this long may have lost its worker. */
export const STALL_MS = 8_000;
const POLL_MS = 2_000;

/**
 * Chrome may stop the service worker mid-check; the check then stays "running" with nobody working on
 * it until something wakes the worker (its start resumes interrupted runs). When the open check has not
 * changed for STALL_MS (call it only while the check runs), this sends `resumeChecks`, which wakes it. Harmless when
 * the run is alive: the
 * background skips runs it still holds. Stall time is measured on this page's clock, from when the
 * panel last saw a change, so clock differences with the background do not matter.
 */
export function useStallWatchdog(checkId: string, lastChange: string): void {
  const seenAt = useRef(Date.now());
  useEffect(() => {
    seenAt.current = Date.now();
  }, [lastChange]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (Date.now() - seenAt.current < STALL_MS) return;
      seenAt.current = Date.now(); // one nudge per stall period
      // Not answered: the next stall period nudges again, and the panel's status line says when the
      // background does not answer at all; so this one is only logged.
      sendToBackground('resumeChecks').catch((error: unknown) =>
        console.warn('[factlight] resume nudge not answered', error),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [checkId]);
}
