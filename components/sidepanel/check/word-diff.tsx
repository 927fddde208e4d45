import { useMemo } from 'react';

import { t } from '../../../lib/i18n/i18n';
import { diffWords } from '../../../lib/view/word-diff';

/** A revision against its original: deleted words struck through, inserted words marked. */
export function WordDiff({ original, revised }: { original: string; revised: string }) {
  const parts = useMemo(() => diffWords(original, revised), [original, revised]);
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'removed' ? (
          <del key={i} title={t('diffRemoved')}>
            {part.text}
          </del>
        ) : part.kind === 'added' ? (
          <ins key={i} title={t('diffAdded')}>
            {part.text}
          </ins>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
