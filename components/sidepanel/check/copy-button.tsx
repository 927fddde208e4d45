import { useState } from 'react';

import { t } from '../../../lib/i18n/i18n';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies text to the clipboard and says whether it worked. */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="copy">
      <button type="button" className="secondary small" data-testid={testId} onClick={copy}>
        {label}
      </button>
      <span className="copy-status" role="status">
        {state === 'copied' ? t('copyCopied') : state === 'failed' ? t('copyFailed') : ''}
      </span>
    </span>
  );
}
