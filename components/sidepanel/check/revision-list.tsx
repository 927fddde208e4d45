import type { Evidence, Revision, Sentence } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { applyRevisions } from '../../../lib/view/corrected-text';
import { CopyButton } from './copy-button';
import { RevisionItem } from './revision-item';

/** Suggested corrections for sentences with refuted or disputed claims, and "Copy corrected text". */
export function RevisionList(props: {
  text: string;
  sentences: readonly Sentence[];
  revisions: readonly Revision[];
  evidence: readonly Evidence[];
  onShowEvidence: (evidenceId: string) => void;
}) {
  const { text, sentences, revisions, evidence, onShowEvidence } = props;
  if (revisions.length === 0) return null;
  const byId = new Map(evidence.map((item) => [item.id, item]));
  return (
    <section className="revisions" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">{t('revisionsHeading')}</h2>
      <ol>
        {revisions.map((revision) => (
          <RevisionItem
            key={revision.sentenceIndex}
            revision={revision}
            evidence={byId}
            onShowEvidence={onShowEvidence}
          />
        ))}
      </ol>
      <CopyButton
        text={applyRevisions(text, sentences, revisions)}
        label={t('revisionsCopyAll')}
        testId="copy-corrected-text"
      />
    </section>
  );
}
