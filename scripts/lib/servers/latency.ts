/**
 * A token-aware latency model for the loopback model server and the benchmark's lower bound: a call costs a
 * time to first token (TTFT) plus its output tokens divided by a decode rate, which is how hosted and local
 * models behave (prefill is folded into the TTFT). A fixed per-call latency is the special case of rate 0.
 *
 * `timeScale` runs the model faster than real time (0.1 = ten times faster) so a benchmark of a slow local
 * model does not take minutes; figures are reported unscaled (`unscale`). Every latency in a scaled run
 * (search and page latencies too) must use the same scale, or the comparison is skewed.
 */
import type { ServerResponse } from 'node:http';

import { sleep } from './faults';

/** How long a model takes to answer. */
export interface LatencyProfile {
  /** Short name printed in benchmark tables, e.g. "hosted fast". */
  name: string;
  /** Time to first token, ms (unscaled). For a fixed-latency profile, the whole call. */
  ttftMs: number;
  /** Output tokens written per second after the first; 0 = a fixed latency of `ttftMs` per call. */
  tokensPerSecond: number;
}

/** The profiles `npm run bench` compares (issue 15), and the old fixed 800 ms per call. */
export const LATENCY_PROFILES = {
  fixed: { name: 'fixed 800 ms', ttftMs: 800, tokensPerSecond: 0 },
  hosted: { name: 'hosted fast', ttftMs: 500, tokensPerSecond: 80 },
  local: { name: 'local 8B', ttftMs: 1_500, tokensPerSecond: 25 },
} as const satisfies Record<string, LatencyProfile>;

/** Unscaled duration of a call writing `outputTokens` tokens. */
export function callDurationMs(profile: LatencyProfile, outputTokens: number): number {
  return profile.ttftMs + (profile.tokensPerSecond > 0 ? (outputTokens / profile.tokensPerSecond) * 1_000 : 0);
}

/** Unscaled time after the call's start at which its `tokens`-th output token is written. */
export function tokenTimeMs(profile: LatencyProfile, tokens: number): number {
  return callDurationMs(profile, tokens);
}

/** A profile run at a time scale (real ms = model ms × scale). */
export interface ScaledLatency {
  profile: LatencyProfile;
  /** Real time per model time, in (0, 1]; 1 = real time. */
  scale: number;
  /**
   * Tests: a streamed reply stops once `afterTokens` output tokens are out and goes on only when `until`
   * settles, so a test can see what the client does while the reply is still being written (events, not
   * timings).
   */
  hold?: { afterTokens: number; until: Promise<unknown> };
}

/** Waits the scaled time of a whole non-streamed call. */
export function waitForCall(latency: ScaledLatency, outputTokens: number, signal: AbortSignal): Promise<void> {
  return sleep(callDurationMs(latency.profile, outputTokens) * latency.scale, signal);
}

/**
 * Writes SSE `events` (each carrying `tokens` output tokens) at the profile's pace: the first after the
 * TTFT, each later one when its last token would be written. Timing is kept against the start, so timer
 * slack does not accumulate over a long reply. Stops early when the server closes or the client leaves.
 */
export async function writePaced(
  res: ServerResponse,
  latency: ScaledLatency,
  events: ReadonlyArray<{ data: string; tokens: number }>,
  signal: AbortSignal,
): Promise<void> {
  const started = performance.now();
  let written = 0;
  for (const event of events) {
    written += event.tokens;
    const due = tokenTimeMs(latency.profile, written) * latency.scale;
    await sleep(due - (performance.now() - started), signal);
    if (signal.aborted || res.destroyed) return;
    res.write(event.data);
    const hold = latency.hold;
    if (hold && written >= hold.afterTokens && written - event.tokens < hold.afterTokens) await hold.until;
  }
}
