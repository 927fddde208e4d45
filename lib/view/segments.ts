/**
 * Claims may overlap inside a sentence ("Paris is the capital of France and has 2 million people" can
 * yield two claims sharing "Paris"). Highlights cannot nest readably, so a sentence is cut at every claim
 * boundary into non-overlapping segments, each listing the claims that cover it.
 */
import type { Band, TextSpan } from '../core/types';

/** Severity used to pick one band for a segment several claims cover: the worst news wins. An
 * unverified claim outranks a supported one, since the segment as a whole is then not verified. */
const SEVERITY: Record<Band, number> = { red: 4, orange: 3, unknown: 2, green: 1, neutral: 0.5, grey: 0 };

/** A claim's span with the band it scored. */
export interface BandedSpan extends TextSpan {
  claimId: string;
  band: Band;
}

/** A piece of a sentence between two span boundaries. */
export interface TextSegment extends TextSpan {
  /** Claims covering the segment, worst band first; empty for plain text. */
  claimIds: string[];
  band?: Band;
  /** True when a covering claim ends here (where its icon goes, once per claim). */
  endsClaim: boolean;
}

/** The worst of several bands (see SEVERITY). */
export function worstBand(bands: readonly Band[]): Band | undefined {
  return bands.reduce<Band | undefined>(
    (worst, band) => (worst === undefined || SEVERITY[band] > SEVERITY[worst] ? band : worst),
    undefined,
  );
}

/** Cuts `range` (a sentence) into segments at every span boundary inside it. */
export function segmentRange(range: TextSpan, spans: readonly BandedSpan[]): TextSegment[] {
  const clamp = (offset: number) => Math.min(range.end, Math.max(range.start, offset));
  // A span that falls outside its sentence (it should not) still gets a visible place: the whole sentence.
  const clipped = spans.map((span) => {
    const start = clamp(span.start);
    const end = clamp(span.end);
    return end > start ? { ...span, start, end } : { ...span, start: range.start, end: range.end };
  });
  const cuts = [...new Set([range.start, range.end, ...clipped.flatMap((span) => [span.start, span.end])])].sort(
    (a, b) => a - b,
  );
  const segments: TextSegment[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const start = cuts[i]!;
    const end = cuts[i + 1]!;
    const covering = clipped
      .filter((span) => span.start <= start && span.end >= end)
      .sort((a, b) => SEVERITY[b.band] - SEVERITY[a.band]);
    const band = worstBand(covering.map((span) => span.band));
    segments.push({
      start,
      end,
      claimIds: covering.map((span) => span.claimId),
      ...(band ? { band } : {}),
      endsClaim: covering.some((span) => span.end === end),
    });
  }
  return segments;
}
