import type { ConnectionTestResult } from '../../lib/messaging/protocol';

/** The outcome of a "Test connection" press, as plain text (server messages are untrusted). */
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
        Testing…
      </p>
    );
  if (!result) return <p className="result" data-testid={testId} role="status" />;
  return (
    <p
      className={result.ok ? 'result ok' : 'result error'}
      data-testid={testId}
      data-ok={String(result.ok)}
      data-run={runs}
      role="status"
    >
      <span aria-hidden="true">{result.ok ? '✓ ' : '✗ '}</span>
      {result.ok ? result.message : result.error}
      {!result.ok && result.fix ? <span className="fix"> {result.fix}</span> : null}
    </p>
  );
}
