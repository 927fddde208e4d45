import { t } from '../../../lib/i18n/i18n';
import { useStartCheck } from './use-start-check';

/**
 * "Retry" beside a failure: the same check again, reusing what the cache holds, so only what failed (the
 * model, a search) is asked again; opens the new check when it starts.
 */
export function RetryButton({ checkId, onStarted }: { checkId: string; onStarted: (checkId: string) => void }) {
  const [state, retry] = useStartCheck('retry', checkId, onStarted);
  const error = state.needsSetup ? t('chooseModelFirst') : state.error;
  return (
    <>
      <button
        type="button"
        className="small"
        data-testid="check-retry"
        disabled={state.pending}
        onClick={() => void retry()}
      >
        {t('retry')}
      </button>
      {error ? (
        <span className="result error" role="alert">
          {t('retryFailed', { error })}
        </span>
      ) : null}
    </>
  );
}
