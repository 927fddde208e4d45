import { useEffect } from 'react';
import { sendToBackground } from '../../lib/messaging/protocol';

/**
 * While the side panel shows a running check, it nudges the background every few seconds. If Chrome
 * stopped the service worker mid-check, the message starts it again, and the worker resumes every
 * interrupted run from its last persisted step; when the worker is alive the nudge costs nothing.
 */
const NUDGE_MS = 4_000;

export function useResumeWhileRunning(running: boolean): void {
  useEffect(() => {
    if (!running) return;
    void sendToBackground('resumeChecks').catch(() => undefined);
    const timer = setInterval(() => void sendToBackground('resumeChecks').catch(() => undefined), NUDGE_MS);
    return () => clearInterval(timer);
  }, [running]);
}
