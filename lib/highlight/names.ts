/**
 * The UI contract with the page: one named highlight per band in `CSS.highlights`. Fixed, prefixed
 * names so our entries never collide with the page's or another extension's, and so we can remove
 * exactly ours.
 */
import type { Band } from '../core/types';

export const HIGHLIGHT_NAMES: Readonly<Record<Band, string>> = {
  green: 'factlight-green',
  orange: 'factlight-orange',
  red: 'factlight-red',
  grey: 'factlight-grey',
  unknown: 'factlight-unknown',
  neutral: 'factlight-sources',
};

/** Every band, in a fixed order. */
export const BANDS: readonly Band[] = ['green', 'orange', 'red', 'grey', 'unknown', 'neutral'];

/**
 * Paint order where spans overlap: the worse verdict stays visible on top (the same severity order as
 * the side panel's worst-band rule in lib/view/segments.ts). Higher `Highlight.priority` paints later.
 */
export const BAND_PRIORITY: Readonly<Record<Band, number>> = {
  red: 4,
  orange: 3,
  unknown: 2,
  green: 1,
  neutral: 0.5,
  grey: 0,
};

/** Attribute marking nodes we insert (style elements), so mutation observers can ignore them. */
export const OWN_NODE_ATTRIBUTE = 'data-factlight';
