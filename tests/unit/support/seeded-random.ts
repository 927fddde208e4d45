/**
 * A seeded generator for tests that try many variations (mulberry32: its 32-bit state kept exact with Math.imul), so
 * a run tries the same ones every time and a failure can be replayed. `next(below)` is an integer in [0, below).
 */
export function seededRandom(seed: number): (below: number) => number {
  let state = seed >>> 0;
  return (below) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    const unit = ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
    return Math.floor(unit * below);
  };
}
