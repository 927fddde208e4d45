/**
 * Calls `close` once nothing has used a resource for `idleMs`: each use is bracketed by `begin()` and the function it
 * returns, and the countdown starts when the last use in flight ends (a use that begins cancels it). Used to close
 * Chrome's offscreen document, which runs the engine, between uses (offscreen-engine/engine-host.ts), so the worker's
 * later wakes do not share the browser with an idle document (issue 27).
 */
export interface IdleCloser {
  /** Marks a use as begun; call the returned function once it has ended (twice is harmless). */
  begin(): () => void;
}

export function idleCloser(idleMs: number, close: () => void): IdleCloser {
  let inUse = 0;
  let countdown: ReturnType<typeof setTimeout> | undefined;
  const stopCountdown = () => {
    if (countdown === undefined) return;
    clearTimeout(countdown);
    countdown = undefined;
  };
  return {
    begin() {
      inUse++;
      stopCountdown();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inUse--;
        if (inUse > 0) return;
        countdown = setTimeout(() => {
          countdown = undefined;
          close();
        }, idleMs);
      };
    },
  };
}
