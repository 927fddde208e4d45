import { useState } from 'react';
import { sendToBackground } from '../../lib/messaging/protocol';

/** "Re-check": the same text again with fresh evidence; opens the new check when it starts. */
export function RecheckButton({ checkId, testId, onStarted }: { checkId: string; testId: string; onStarted: (checkId: string) => void }) {
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const recheck = async () => {
    setState({ pending: true });
    try {
      const result = await sendToBackground('recheck', { checkId });
      if (result.ok) {
        setState({ pending: false });
        onStarted(result.checkId);
      } else {
        setState({ pending: false, error: result.needsSetup ? 'Choose a model first (Settings).' : result.error });
      }
    } catch (error) {
      setState({ pending: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      <button type="button" className="secondary small" data-testid={testId} disabled={state.pending} onClick={() => void recheck()}>
        Re-check
      </button>
      {state.error ? <span className="result error" role="alert">Re-check failed: {state.error}</span> : null}
    </>
  );
}
