import type { ActionabilityScore as Score } from '../../../lib/core/quality/explanations/types';

const LEVEL_WORDS = ['no', 'partly', 'yes'] as const;

/**
 * How useful an explanation is to a reader (FinGrAct's actionability, named in plain words): does it say
 * what is wrong, give the corrections, and link to pages that work, fit and back it. Shown as "x.x out of 5",
 * with what it is made of one click away (the figures stay there for those who want them).
 */
export function ActionabilityScore({
  score,
  label = 'How useful this explanation is',
}: {
  score: Score;
  label?: string;
}) {
  return (
    <details className="actionability">
      <summary>
        {label}: <strong data-testid="actionability-score">{score.outOfFive.toFixed(1)} out of 5</strong>
      </summary>
      <ul className="actionability-breakdown" data-testid="actionability-breakdown">
        <li>
          Says what is wrong: {LEVEL_WORDS[score.errorDetection]} ({score.errorDetection} of 2)
        </li>
        <li>
          Gives the correction: {LEVEL_WORDS[score.correction]} ({score.correction} of 2)
        </li>
        <li>
          Links that work, fit and back it: {score.links.toFixed(1)} of 2
          {score.linkScores.length === 0 ? ' (no links)' : ''}
        </li>
      </ul>
      {score.errors.length > 0 ? (
        <ol className="actionability-errors">
          {score.errors.map((error, index) => (
            <li key={index}>
              <span className="error-text">{error.error}</span>
              {error.correction ? (
                <>
                  {' '}
                  → <span className="correction-text">{error.correction}</span>
                </>
              ) : null}
              <span className="hint">
                {' '}
                {error.named ? 'named' : 'not named'}, {error.corrected ? 'corrected' : 'not corrected'}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}
