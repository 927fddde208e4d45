/**
 * Is a reply finished? The rule from docs/chat-sites.md §0.3: no streaming indicator on the reply, no stop
 * button in the composer (which only concerns the last reply: older replies are done even while a new one
 * streams), AND a done marker on sites that render one. Sites without a marker (Copilot, DeepSeek, Mistral)
 * need text stability on top, which takes time and so lives in the content script: `createStabilityTracker`
 * is the clock-free piece of it. `findReplies` itself stays a pure function of the DOM.
 */
import { hasAny, rootHasAny } from './dom-query';
import type { FinishContext, SiteAdapter } from './types';

/** The element that holds a reply's done marker and sources list. */
export function turnOf(adapter: SiteAdapter, reply: Element): Element {
  return adapter.turnOf?.(reply) ?? reply;
}

/** A streaming indicator on the reply or its turn, or (for the last reply) a stop button anywhere. */
export function isStreaming(adapter: SiteAdapter, reply: Element, context: FinishContext): boolean {
  const { streaming, stop } = adapter.selectors;
  if (hasAny(turnOf(adapter, reply), streaming) || hasAny(reply, streaming)) return true;
  return context.isLast && rootHasAny(context.root, stop);
}

/** Whether the reply's turn shows a done marker. */
export function hasDoneMarker(adapter: SiteAdapter, reply: Element): boolean {
  const { done } = adapter.selectors;
  return done.length > 0 && (hasAny(turnOf(adapter, reply), done) || hasAny(reply, done));
}

/** The default rule; an adapter's `isFinished` may replace it. */
export function defaultIsFinished(adapter: SiteAdapter, reply: Element, context: FinishContext): boolean {
  if (isStreaming(adapter, reply, context)) return false;
  return adapter.completion === 'stability' || hasDoneMarker(adapter, reply);
}

/** Tracks reply texts over time and says when one has not changed for `quietMs`. */
export interface StabilityTracker {
  /**
   * Records the current `text` of reply `id` at time `now` (ms) and returns true once the same text has
   * been seen for at least `quietMs`. Call it on every mutation batch and on a timer.
   */
  update(id: string, text: string, now: number): boolean;
  /** Forgets every reply (e.g. after an SPA navigation). */
  reset(): void;
}

/**
 * Creates a tracker. 2000 ms by default: the notes report 1.5–2.5 s between token bursts on slow sites
 * (Copilot's WebSocket stream pauses longest); too short checks half-written replies, too long only delays.
 */
export function createStabilityTracker(quietMs = 2000): StabilityTracker {
  const state = new Map<string, { text: string; since: number }>();
  return {
    update(id, text, now) {
      const previous = state.get(id);
      if (!previous || previous.text !== text) {
        state.set(id, { text, since: now });
        return false;
      }
      return now - previous.since >= quietMs;
    },
    reset() {
      state.clear();
    },
  };
}
