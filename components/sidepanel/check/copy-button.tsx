import { useState } from 'react';

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
        {state === 'copied'
          ? 'Copied.'
          : state === 'failed'
            ? 'Could not copy: the browser refused clipboard access.'
            : ''}
      </span>
    </span>
  );
}
