import type { AttributionResult } from '../../../lib/core/quality/explanations/types';
import { t } from '../../../lib/i18n/i18n';
import { percent } from '../../../lib/view/format';

/** The measures' own names, for those who know them (precision: cited passages that back their sentence). */
function figures({ precision, recall, f1 }: AttributionResult): string {
  return recall === null
    ? t('attributionFiguresPrecision', { precision: percent(precision) })
    : t('attributionFigures', { precision: percent(precision), recall: percent(recall), f1: percent(f1) });
}

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
        <p className="hint">{t('attributionAllBacked')}</p>
      ) : (
        <ul className="attribution-flags">
          {flagged.map((citation) => (
            <li
              key={`${citation.sentenceIndex}-${citation.citation}`}
              className="attribution-flag"
              data-testid="attribution-flag"
              data-citation={citation.citation}
            >
              {/* The marker as the explanation writes it ([2]); the sentence's number in the locale's digits. */}
              <span aria-hidden="true">⚠</span>{' '}
              {t('attributionFlag', { citation: String(citation.citation), sentence: citation.sentenceIndex + 1 })}
            </li>
          ))}
        </ul>
      )}
      {attribution.precision !== null ? (
        <details className="hint" data-testid="attribution-figures">
          <summary>{t('attributionBacked', { backed, count: attribution.citations.length })}</summary>
          {figures(attribution)}
        </details>
      ) : null}
    </div>
  );
}
