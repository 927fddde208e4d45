import { useCallback, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import { t } from '../../lib/i18n/i18n';
import type { ConnectionTestResult } from '../../lib/messaging/protocol';

/**
 * State for one "Test connection" button: runs the test, keeps the latest result, never throws. `inputs`
 * names what the test read (the fields' values, serialised): a result is shown only while they are what was
 * tested, so editing a field clears a result that no longer speaks for it (a red "does not list …" beside a
 * fixed model name, a "✓ works" beside a changed URL).
 */
export function useConnectionTest(run: () => Promise<ConnectionTestResult>, inputs: string) {
  const [tested, setTested] = useState<{ result: ConnectionTestResult; inputs: string }>();
  const [pending, setPending] = useState(false);
  // Counts finished tests, so a reader (or an e2e test) can tell a new result from the previous one.
  const [runs, setRuns] = useState(0);
  const start = useCallback(async () => {
    setPending(true);
    try {
      setTested({ result: await run(), inputs });
    } catch (error) {
      setTested({ result: { ok: false, error: t('optionsTestCouldNotRun', { error: errorMessage(error) }) }, inputs });
    } finally {
      setPending(false);
      setRuns((count) => count + 1);
    }
  }, [run, inputs]);
  const result = tested && tested.inputs === inputs ? tested.result : undefined;
  return { result, pending, runs, start };
}
