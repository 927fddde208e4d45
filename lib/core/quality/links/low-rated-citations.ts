/** The link audit's reliability flag: the text's own citations whose site the domain ratings rate low. */
import { type DomainRating, rateUrl, type RatingsTable } from '../../evidence/sources/domain-ratings';

/** A link the text cites whose site the ratings rate low. */
export interface LowRatedCitation {
  url: string;
  rating: DomainRating;
}

/**
 * The link audit's reliability flag: the text's own citations (links written in it, or a chatbot reply's
 * sources) whose host is rated low, once per rated domain, in the order cited. Empty when none is, and
 * for unrated hosts, which are never treated as unreliable.
 */
export function lowRatedCitations(
  links: ReadonlyArray<{ url: string; finalUrl?: string | undefined }>,
  ratings: RatingsTable,
): LowRatedCitation[] {
  const flagged = new Map<string, LowRatedCitation>();
  for (const link of links) {
    // A redirect may leave the cited address for another site: the page the reader lands on is what counts,
    // and the cited address itself when it is the one rated.
    const rating = [link.url, link.finalUrl]
      .map((url) => (url ? rateUrl(ratings, url) : undefined))
      .find((found) => found?.band === 'low');
    if (rating && !flagged.has(rating.domain)) flagged.set(rating.domain, { url: link.url, rating });
  }
  return [...flagged.values()];
}
