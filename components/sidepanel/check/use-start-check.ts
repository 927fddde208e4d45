import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { sendToBackground } from '../../../lib/messaging/protocol';

/** Commands that start a new check from an existing one: "Re-check", "Retry" and "Judge these sources". */
export type StartCheckCommand = 'recheck' | 'retry' | 'judgeCheck';

export interface StartCheckState {
  pending: boolean;
  error?: string;
  /** The background said a model must be set up first. */
  needsSetup?: boolean;
}

function send(command: StartCheckCommand, checkId: string) {
  if (command === 'judgeCheck') return sendToBackground('judgeCheck', { checkId });
  return sendToBackground('recheck', { checkId, ...(command === 'retry' ? { retry: true } : {}) });
}

/**
 * Sends `command` for `checkId` and opens the new check once it starts; the state says whether it is on
 * its way, and why it failed. Shared by the buttons that start a check from another, which differ only
 * in what they say.
 */
export function useStartCheck(
  command: StartCheckCommand,
  checkId: string,
  onStarted: (checkId: string) => void,
): [StartCheckState, () => Promise<void>] {
  const [state, setState] = useState<StartCheckState>({ pending: false });
  const start = async () => {
    setState({ pending: true });
    try {
      const result = await send(command, checkId);
      if (result.ok) {
        setState({ pending: false });
        onStarted(result.checkId);
      } else {
        setState({ pending: false, error: result.error, ...(result.needsSetup ? { needsSetup: true } : {}) });
      }
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  };
  return [state, start];
}
