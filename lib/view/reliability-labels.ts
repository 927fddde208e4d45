/** What a reader sees on an evidence item or a cited link. Unrated sources show nothing. */
import type { DomainRating, ListRating, ReliabilityBand } from '../core/evidence/sources/domain-ratings';

export const RELIABILITY_LABELS: Record<ReliabilityBand, string> = {
  high: 'Rated high reliability',
  mixed: 'Rated mixed reliability',
  low: 'Rated low reliability',
};

/** The lists as the About section credits them. */
export const RATING_LIST_NAMES = {
  lin2023: 'Lin et al. 2023 (six expert rating sets combined)',
  cred1: 'CRED-1 by Alexander Loth',
} as const;

function describeOne(rating: ListRating): string {
  if (rating.list === 'lin2023') return `${RATING_LIST_NAMES.lin2023}: ${rating.score.toFixed(2)} of 1`;
  return `${RATING_LIST_NAMES.cred1}: ${rating.category ?? 'listed'}, ${rating.score.toFixed(2)} of 1`;
}

/** The score and the list(s) behind a rating, e.g. "breitbart.com — Lin et al. 2023 (…): 0.30 of 1; CRED-1 …". */
export function describeRating(rating: DomainRating): string {
  return `${rating.domain}: ${rating.ratings.map(describeOne).join('; ')}`;
}
