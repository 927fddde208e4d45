/**
 * The lower bound on wall time that a call graph and its concurrency limits allow: every call takes its
 * latency under the benchmark's latency model (its own `durationMs` when given, e.g. TTFT + output tokens /
 * decode rate, else its pool's fixed latency), starts as soon as its inputs exist and a slot of its kind is
 * free, and nothing else costs time. A dependency may be on part of a streamed call: `{ id, atMs }` is
 * ready `atMs` after that call started (when the claim it needs has been written). Computed by
 * event-driven list scheduling in dependency order (optimal when all calls of a kind take the same time,
 * a close, achievable schedule otherwise).
 */
export type Pool = 'model' | 'search' | 'page';

/** A dependency: a whole call (`id`) or a point `atMs` into a streamed call. */
export type Dependency = string | { id: string; atMs: number };

export interface Call {
  id: string;
  pool: Pool;
  after: Dependency[];
  /** This call's latency; without it, its pool's fixed latency. */
  durationMs?: number;
}

/** When each call starts and ends in the ideal schedule, and the makespan. */
export interface IdealSchedule {
  makespan: number;
  start: Map<string, number>;
  finish: Map<string, number>;
}

export function idealSchedule(
  calls: readonly Call[],
  latency: Record<Pool, number>,
  limits: Record<Pool, number>,
): IdealSchedule {
  const start = new Map<string, number>();
  const finish = new Map<string, number>();
  const slots: Record<Pool, number[]> = {
    model: Array(limits.model).fill(0),
    search: Array(limits.search).fill(0),
    page: Array(limits.page).fill(0),
  };
  const known = (dep: Dependency) => finish.has(typeof dep === 'string' ? dep : dep.id);
  const readyAt = (dep: Dependency) =>
    typeof dep === 'string' ? finish.get(dep)! : Math.min(start.get(dep.id)! + dep.atMs, finish.get(dep.id)!);
  const pending = [...calls];
  while (pending.length > 0) {
    // The ready call whose inputs are there first goes next, like an event-driven scheduler would.
    let best = -1;
    let bestReady = Infinity;
    for (const [index, call] of pending.entries()) {
      if (!call.after.every(known)) continue;
      const ready = Math.max(0, ...call.after.map(readyAt));
      if (ready < bestReady) [best, bestReady] = [index, ready];
    }
    if (best < 0) throw new Error('The call graph has a cycle or a missing dependency.');
    const call = pending.splice(best, 1)[0]!;
    const pool = slots[call.pool];
    const slot = pool.indexOf(Math.min(...pool));
    const begin = Math.max(bestReady, pool[slot]!);
    const end = begin + (call.durationMs ?? latency[call.pool]);
    pool[slot] = end;
    start.set(call.id, begin);
    finish.set(call.id, end);
  }
  return { makespan: Math.max(0, ...finish.values()), start, finish };
}

/** The makespan of {@link idealSchedule}. */
export function idealMakespan(
  calls: readonly Call[],
  latency: Record<Pool, number>,
  limits: Record<Pool, number>,
): number {
  return idealSchedule(calls, latency, limits).makespan;
}
