/** What a reader sees on an evidence item or a cited link. Unrated sources show nothing. */
import type { DomainRating, ListRating, ReliabilityBand } from '../core/evidence/sources/domain-ratings';
import { formatNumber, t } from '../i18n/i18n';
import { messages } from '../i18n/message-record';

export const RELIABILITY_LABELS = messages<ReliabilityBand>({
  high: 'reliability_high',
  mixed: 'reliability_mixed',
  low: 'reliability_low',
});

/** The lists as the About section credits them. */
export const RATING_LIST_NAMES = messages<'lin2023' | 'cred1'>({
  lin2023: 'ratingList_lin2023',
  cred1: 'ratingList_cred1',
});

function describeOne(rating: ListRating): string {
  const score = formatNumber(rating.score, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (rating.list === 'lin2023') return t('ratingScore', { list: RATING_LIST_NAMES.lin2023, score });
  return t('ratingScoreCategory', {
    list: RATING_LIST_NAMES.cred1,
    // The list's own category word (English data), or that the site is on the list.
    category: rating.category ?? t('ratingListed'),
    score,
  });
}

/** The score and the list(s) behind a rating, e.g. "breitbart.com — Lin et al. 2023 (…): 0.30 of 1; CRED-1 …". */
export function describeRating(rating: DomainRating): string {
  return `${rating.domain}: ${rating.ratings.map(describeOne).join('; ')}`;
}
