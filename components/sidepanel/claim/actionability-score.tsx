import type { ActionabilityScore as Score } from '../../../lib/core/quality/explanations/types';
import { formatNumber, forwardArrow, t } from '../../../lib/i18n/i18n';
import type { SimpleMessageKey } from '../../../lib/i18n/keys';

/** The words for a part's level, by its points (0, 1, 2). */
const LEVEL_WORDS: readonly SimpleMessageKey[] = [
  'actionabilityLevelNo',
  'actionabilityLevelPartly',
  'actionabilityLevelYes',
];

/** An error's status: whether the explanation names it, and whether it gives its correction (whole phrases). */
function errorStatus(named: boolean, corrected: boolean): string {
  if (named) return t(corrected ? 'actionabilityErrorNamedCorrected' : 'actionabilityErrorNamedNotCorrected');
  return t(corrected ? 'actionabilityErrorNotNamedCorrected' : 'actionabilityErrorNotNamedNotCorrected');
}

/** A score with one decimal, as the interface language writes it ("3.5", "3,5"). */
const oneDecimal = (value: number) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * How useful an explanation is to a reader (FinGrAct's actionability, named in plain words): does it say
 * what is wrong, give the corrections, and link to pages that work, fit and back it. Shown as "x.x out of 5",
 * with what it is made of one click away (the figures stay there for those who want them).
 */
export function ActionabilityScore({ score, label = t('actionabilityLabel') }: { score: Score; label?: string }) {
  const level = (points: number) => t(LEVEL_WORDS[points] ?? 'actionabilityLevelNo');
  const links = { points: oneDecimal(score.links), max: 2 };
  return (
    <details className="actionability">
      <summary>
        {t('actionabilityLabelled', { label })}{' '}
        <strong data-testid="actionability-score">
          {t('actionabilityOutOfFive', { score: oneDecimal(score.outOfFive), max: 5 })}
        </strong>
      </summary>
      <ul className="actionability-breakdown" data-testid="actionability-breakdown">
        <li>
          {t('actionabilityErrorDetection', {
            level: level(score.errorDetection),
            points: score.errorDetection,
            max: 2,
          })}
        </li>
        <li>{t('actionabilityCorrection', { level: level(score.correction), points: score.correction, max: 2 })}</li>
        <li>{t(score.linkScores.length === 0 ? 'actionabilityLinksNone' : 'actionabilityLinks', links)}</li>
      </ul>
      {score.errors.length > 0 ? (
        <ol className="actionability-errors">
          {score.errors.map((error, index) => (
            <li key={index}>
              <span className="error-text" dir="auto">
                {error.error}
              </span>
              {error.correction ? (
                <>
                  {' '}
                  {forwardArrow()}{' '}
                  <span className="correction-text" dir="auto">
                    {error.correction}
                  </span>
                </>
              ) : null}
              <span className="hint"> {errorStatus(error.named, error.corrected)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
