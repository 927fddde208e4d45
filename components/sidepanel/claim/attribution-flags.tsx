import type { AttributionResult } from '../../../lib/core/quality/explanations/types';
import { countOf } from '../../../lib/core/score/headline';
import { percent } from '../../../lib/view/format';

/**
 * Citations of the explanation that did not hold up: with the markers hidden, the cited passage was not
 * found to support the sentence that cites it.
 */
export function AttributionFlags({ attribution }: { attribution: AttributionResult }) {
  const flagged = attribution.citations.filter((citation) => !citation.supported);
  if (attribution.citations.length === 0) return null;
  const backed = attribution.citations.length - flagged.length;
  return (
    <div className="attribution" data-testid="attribution">
      {flagged.length === 0 ? (
        <p className="hint">Every citation in this explanation is backed by its passage.</p>
      ) : (
        <ul className="attribution-flags">
          {flagged.map((citation) => (
            <li
              key={`${citation.sentenceIndex}-${citation.citation}`}
              className="attribution-flag"
              data-testid="attribution-flag"
              data-citation={citation.citation}
            >
              <span aria-hidden="true">⚠</span> Citation [{citation.citation}] in sentence {citation.sentenceIndex + 1}:
              its passage does not support that sentence.
            </li>
          ))}
        </ul>
      )}
      {attribution.precision !== null ? (
        <details className="hint" data-testid="attribution-figures">
          <summary>
            {backed} of {countOf(attribution.citations.length, 'citation')} backed by the passage cited
          </summary>
          {/* The measures' own names, for those who know them (precision: cited passages that back their sentence). */}
          Citation precision {percent(attribution.precision)}
          {attribution.recall !== null ? `, recall ${percent(attribution.recall)}` : ''}
          {attribution.f1 !== null ? `, F1 ${percent(attribution.f1)}` : ''}
        </details>
      ) : null}
    </div>
  );
}
