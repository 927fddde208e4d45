import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { useStartCheck } from './use-start-check';

/** "Re-check": the same text again with fresh evidence; opens the new check when it starts. */
export function RecheckButton({
  checkId,
  testId,
  onStarted,
}: {
  checkId: string;
  testId: string;
  onStarted: (checkId: string) => void;
}) {
  const [state, recheck] = useStartCheck('recheck', checkId, onStarted);
  const error = state.needsSetup ? t('chooseModelFirst') : state.error;
  return (
    <>
      <button
        type="button"
        className="secondary small"
        data-testid={testId}
        disabled={state.pending}
        onClick={() => void recheck()}
      >
        {t('recheck')}
      </button>
      {error ? (
        <span className="result error" role="alert">
          {tIsolated('recheckFailed', { error }, ['error'])}
        </span>
      ) : null}
    </>
  );
}
