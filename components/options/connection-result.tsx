import { t } from '../../lib/i18n/i18n';
import type { ConnectionTestResult } from '../../lib/messaging/protocol';

/**
 * The outcome of a "Test connection" press, as plain text (server messages are untrusted). A connection
 * that works but still needs a choice (a model the server does not list) is a next step, not an error.
 * `data-run` stays on the empty line after a result is cleared, so a reader can still tell the next one.
 */
export function ConnectionResult(props: {
  result?: ConnectionTestResult;
  pending: boolean;
  runs: number;
  testId: string;
}) {
  const { result, pending, runs, testId } = props;
  if (pending)
    return (
      <p className="result pending" data-testid={testId} role="status">
        {t('optionsTesting')}
      </p>
    );
  if (!result) return <p className="result" data-testid={testId} data-run={runs} data-state="none" role="status" />;
  const state = result.ok ? 'ok' : result.nextStep ? 'next-step' : 'error';
  return (
    <p
      className={`result ${state}`}
      data-testid={testId}
      data-ok={String(result.ok)}
      data-state={state}
      data-run={runs}
      role="status"
    >
      <span aria-hidden="true">{{ ok: '✓ ', 'next-step': '→ ', error: '✗ ' }[state]}</span>
      {result.ok ? result.message : result.error}
      {!result.ok && result.fix ? <span className="fix"> {result.fix}</span> : null}
    </p>
  );
}
