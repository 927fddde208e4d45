/**
 * Intl.Segmenter for sentences, as the sentence splitter (sentences.ts) uses it on checked text and pages:
 * one cached instance per language, and a windowed walk that keeps V8's segment iterator linear on long
 * paragraphs.
 */

/**
 * V8's segment iterator costs time proportional to the whole input for every segment: 200 kB of short
 * sentences took 8.6 s in one call (Node 20). Segmenting windows of this size keeps the work linear.
 */
const WINDOW = 2_048;
/** Boundaries this close to a window's cut are re-decided in the next window, where the text after them is visible. */
const WINDOW_MARGIN = 256;

/** Constructing a segmenter loads ICU data; pages and claims reuse a handful of languages. */
const segmenters = new Map<string | undefined, Intl.Segmenter>();

/** A sentence segmenter for `lang`, falling back to the runtime default for tags it does not know. */
export function sentenceSegmenter(lang: string | undefined): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' });
    } catch {
      // An invalid tag from a caller (or a page's lang attribute) must not stop the check.
      segmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });
    }
    segmenters.set(lang, segmenter);
  }
  return segmenter;
}

/** The segments of `body` as one call would give them, computed window by window (see WINDOW). */
export function* segmentsOf(segmenter: Intl.Segmenter, body: string): Generator<{ index: number; segment: string }> {
  let offset = 0;
  let size = WINDOW;
  while (offset < body.length) {
    const end = Math.min(body.length, offset + size);
    let next = offset;
    for (const { index, segment } of segmenter.segment(body.slice(offset, end))) {
      const segmentEnd = offset + index + segment.length;
      // Each window starts at a real boundary; only boundaries with enough text after them are kept.
      if (end < body.length && segmentEnd > end - WINDOW_MARGIN) break;
      yield { index: offset + index, segment };
      next = segmentEnd;
    }
    // No boundary in this window (one long sentence): look further, doubling so the total stays linear.
    size = next === offset ? size * 2 : WINDOW;
    offset = next;
  }
}
