import type { Refinement } from '../../../lib/core/quality/explanations/types';
import { t } from '../../../lib/i18n/i18n';
import { WordDiff } from '../check/word-diff';

/**
 * Thorough mode: what the critics' debate changed in the explanation and the revision. The model's words
 * are isolated (<bdi>) after the interface's label, so an English diff in an Arabic panel keeps its order.
 */
export function RefinementNote({ refinement }: { refinement: Refinement }) {
  const explanationChanged = refinement.explanationBefore !== refinement.explanationAfter;
  const revisionChanged =
    refinement.revisionBefore !== undefined &&
    refinement.revisionAfter !== undefined &&
    refinement.revisionBefore !== refinement.revisionAfter;
  return (
    <details className="refinement" data-testid="refinement">
      <summary>
        {t(refinement.agreed ? 'refinementAgreed' : 'refinementLimit', {
          count: refinement.rounds,
          result: t(explanationChanged || revisionChanged ? 'refinementRefined' : 'refinementUnchanged'),
        })}
      </summary>
      {refinement.feedback.length > 0 ? (
        <ul>
          {refinement.feedback.map((item, index) => (
            <li key={index} dir="auto">
              {item}
            </li>
          ))}
        </ul>
      ) : null}
      {explanationChanged ? (
        <p>
          {t('refinementExplanation')}{' '}
          <bdi>
            <WordDiff original={refinement.explanationBefore} revised={refinement.explanationAfter} />
          </bdi>
        </p>
      ) : null}
      {revisionChanged ? (
        <p>
          {t('refinementRevision')}{' '}
          <bdi>
            <WordDiff original={refinement.revisionBefore!} revised={refinement.revisionAfter!} />
          </bdi>
        </p>
      ) : null}
    </details>
  );
}
