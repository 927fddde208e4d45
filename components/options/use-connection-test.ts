import { useCallback, useState } from 'react';

import { errorMessage } from '../../lib/core/errors';
import type { ConnectionTestResult } from '../../lib/messaging/protocol';

/** State for one "Test connection" button: runs the test, keeps the latest result, never throws. */
export function useConnectionTest(run: () => Promise<ConnectionTestResult>) {
  const [result, setResult] = useState<ConnectionTestResult>();
  const [pending, setPending] = useState(false);
  // Counts finished tests, so a reader (or an e2e test) can tell a new result from the previous one.
  const [runs, setRuns] = useState(0);
  const start = useCallback(async () => {
    setPending(true);
    try {
      setResult(await run());
    } catch (error) {
      setResult({ ok: false, error: `The test could not run: ${errorMessage(error)}` });
    } finally {
      setPending(false);
      setRuns((count) => count + 1);
    }
  }, [run]);
  return { result, pending, runs, start };
}
