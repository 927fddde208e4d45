import type { Evidence, Revision } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { evidenceTitle } from '../../../lib/view/composed-words';
import { CopyButton } from './copy-button';
import { WordDiff } from './word-diff';

/** One revised sentence: the word diff, the evidence behind it (jumps to the items), and Copy. */
export function RevisionItem({
  revision,
  evidence,
  onShowEvidence,
}: {
  revision: Revision;
  evidence: ReadonlyMap<string, Evidence>;
  onShowEvidence: (evidenceId: string) => void;
}) {
  const evidenceIds = [...new Set(revision.changes.flatMap((change) => change.evidenceIds))].filter((id) =>
    evidence.has(id),
  );
  return (
    <li className="revision" data-testid="revision">
      <p className="hint">{t('revisionSentence', { number: revision.sentenceIndex + 1 })}</p>
      <p className="diff" data-testid="revision-diff" dir="auto">
        <WordDiff original={revision.original} revised={revision.revised} />
      </p>
      {evidenceIds.length > 0 ? (
        <p className="revision-evidence">
          {t('revisionBasedOn')}{' '}
          {evidenceIds.map((id) => (
            <button
              key={id}
              type="button"
              className="link"
              data-testid="revision-evidence"
              dir="auto"
              onClick={() => onShowEvidence(id)}
            >
              {evidenceTitle(evidence.get(id)!)}
            </button>
          ))}
        </p>
      ) : null}
      <CopyButton text={revision.revised} label={t('revisionCopy')} testId="copy-revision" />
    </li>
  );
}
