import { useId } from 'react';

import type { DomainRating } from '../../../lib/core/evidence/sources/domain-ratings';
import { describeRating, RELIABILITY_LABELS } from '../../../lib/view/reliability-labels';

/**
 * "Rated high / mixed / low reliability" for a rated source; nothing for an unrated one. The score and
 * the list show on hover and on keyboard focus (a tooltip tied by aria-describedby, so screen readers
 * read it too).
 */
export function ReliabilityLabel({ rating }: { rating: DomainRating | undefined }) {
  const tooltipId = useId();
  if (!rating) return null;
  return (
    <span
      className={`tag reliability reliability-${rating.band}`}
      tabIndex={0}
      aria-describedby={tooltipId}
      data-testid="reliability-label"
      data-band={rating.band}
    >
      {RELIABILITY_LABELS[rating.band]}
      <span role="tooltip" id={tooltipId} className="reliability-tooltip" data-testid="reliability-details">
        {describeRating(rating)}
      </span>
    </span>
  );
}
