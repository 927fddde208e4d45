import type { ActionabilityScore as Score } from '../../../lib/core/quality/explanations/types';

const LEVEL_WORDS = ['none', 'some', 'all'] as const;

/**
 * The FinGrAct actionability of an explanation: does it name the claim's errors, give the corrections,
 * and cite links that work, are relevant and support it. Shown as x.x / 5 with its breakdown.
 */
export function ActionabilityScore({
  score,
  label = 'How actionable this explanation is',
}: {
  score: Score;
  label?: string;
}) {
  return (
    <details className="actionability">
      <summary>
        {label}: <strong data-testid="actionability-score">{score.outOfFive.toFixed(1)} / 5</strong>
      </summary>
      <ul className="actionability-breakdown" data-testid="actionability-breakdown">
        <li>
          Errors named: {LEVEL_WORDS[score.errorDetection]} ({score.errorDetection}/2)
        </li>
        <li>
          Corrections given: {LEVEL_WORDS[score.correction]} ({score.correction}/2)
        </li>
        <li>
          Links that work, are relevant and support it: {score.links.toFixed(1)}/2
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
