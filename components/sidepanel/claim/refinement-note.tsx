import type { Refinement } from '../../../lib/core/quality/explanations/types';
import { WordDiff } from '../check/word-diff';

/** Thorough mode: what the critics' debate changed in the explanation and the revision. */
export function RefinementNote({ refinement }: { refinement: Refinement }) {
  const explanationChanged = refinement.explanationBefore !== refinement.explanationAfter;
  const revisionChanged =
    refinement.revisionBefore !== undefined &&
    refinement.revisionAfter !== undefined &&
    refinement.revisionBefore !== refinement.revisionAfter;
  return (
    <details className="refinement" data-testid="refinement">
      <summary>
        Reviewed by two critics ({refinement.rounds} round{refinement.rounds === 1 ? '' : 's'},{' '}
        {refinement.agreed ? 'agreed' : 'round limit reached'}):{' '}
        {explanationChanged || revisionChanged ? 'refined' : 'no change needed'}
      </summary>
      {refinement.feedback.length > 0 ? (
        <ul>
          {refinement.feedback.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : null}
      {explanationChanged ? (
        <p>
          Explanation: <WordDiff original={refinement.explanationBefore} revised={refinement.explanationAfter} />
        </p>
      ) : null}
      {revisionChanged ? (
        <p>
          Revision: <WordDiff original={refinement.revisionBefore!} revised={refinement.revisionAfter!} />
        </p>
      ) : null}
    </details>
  );
}
