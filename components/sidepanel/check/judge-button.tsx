import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { SetupNotice } from './setup-notice';
import { useStartCheck } from './use-start-check';

/**
 * "Judge these sources": once a model is set up, judges an evidence-only check's sources as a new check
 * (claims and verdicts over the evidence already found; the same queries are not searched again).
 */
export function JudgeButton({ checkId, onStarted }: { checkId: string; onStarted: (checkId: string) => void }) {
  const [state, judge] = useStartCheck('judgeCheck', checkId, onStarted);
  return (
    <>
      <button type="button" data-testid="judge-sources" disabled={state.pending} onClick={() => void judge()}>
        {t('judgeSources')}
      </button>
      {state.needsSetup ? (
        <SetupNotice
          testId="judge-needs-setup"
          message={t('judgeNeedsModel', { reason: state.error ?? '', button: t('judgeSources') })}
          buttonTestId="judge-open-options"
        />
      ) : state.error ? (
        <span className="result error" role="alert">
          {tIsolated('judgeFailed', { error: state.error }, ['error'])}
        </span>
      ) : null}
    </>
  );
}
