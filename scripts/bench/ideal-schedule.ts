/**
 * The lower bound on wall time that a call graph and its concurrency limits allow: every call takes its
 * fixed latency, starts as soon as its inputs exist and a slot of its kind is free, and nothing else
 * costs time. Computed by list scheduling in dependency order (optimal here: all calls of a kind take
 * the same time).
 */
export type Pool = 'model' | 'search' | 'page';

export interface Call {
  id: string;
  pool: Pool;
  after: string[];
}

export function idealMakespan(calls: readonly Call[], latency: Record<Pool, number>, limits: Record<Pool, number>): number {
  const finish = new Map<string, number>();
  const slots: Record<Pool, number[]> = { model: Array(limits.model).fill(0), search: Array(limits.search).fill(0), page: Array(limits.page).fill(0) };
  const pending = [...calls];
  while (pending.length > 0) {
    // The ready call whose inputs finish first goes next, like an event-driven scheduler would.
    let best = -1;
    let bestReady = Infinity;
    for (const [index, call] of pending.entries()) {
      if (!call.after.every((dep) => finish.has(dep))) continue;
      const ready = Math.max(0, ...call.after.map((dep) => finish.get(dep)!));
      if (ready < bestReady) [best, bestReady] = [index, ready];
    }
    if (best < 0) throw new Error('The call graph has a cycle or a missing dependency.');
    const call = pending.splice(best, 1)[0]!;
    const pool = slots[call.pool];
    const slot = pool.indexOf(Math.min(...pool));
    const start = Math.max(bestReady, pool[slot]!);
    pool[slot] = start + latency[call.pool];
    finish.set(call.id, start + latency[call.pool]);
  }
  return Math.max(0, ...finish.values());
}
