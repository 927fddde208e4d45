import { t } from '../../../lib/i18n/i18n';
import type { ClaimFocus } from '../claim/claim-focus';
import { CheckDetails } from './check-details';
import { SourcesToCompare } from './sources-to-compare';
import { useCheckView } from './use-check-view';

/** The check being looked at, read live from the database; says so when it is loading or gone. */
export function CurrentCheck({
  checkId,
  claimFocus,
  onOpenCheck,
  reasonShownAbove,
}: {
  checkId: string;
  claimFocus?: ClaimFocus | undefined;
  onOpenCheck: (checkId: string) => void;
  /** The page already says why checks find sources only (the welcome page): a sources-only result says it once. */
  reasonShownAbove?: boolean;
}) {
  const state = useCheckView(checkId);
  if (state.state === 'loading') {
    return (
      <p role="status" data-testid="check-loading">
        {t('checkLoading')}
      </p>
    );
  }
  if (state.state === 'missing') {
    return (
      <p className="notice" data-testid="check-missing">
        {t('checkGone')}
      </p>
    );
  }
  // Taken in before the engine was loaded (check-intake.ts): whether it finds sources only or is judged by a model
  // is not known until the engine settles it, a moment later; neither view is shown before.
  if (state.view.check.unsettled && state.view.check.status === 'running')
    return (
      <p role="status" className="progress-summary" data-testid="check-starting">
        {t('progressWaiting')}
      </p>
    );
  // A new claim focus request starts the view afresh with that claim selected (filters persist per check).
  if (state.view.check.evidenceOnly)
    return <SourcesToCompare view={state.view} onOpenCheck={onOpenCheck} reasonShownAbove={reasonShownAbove} />;
  return (
    <CheckDetails
      key={`${checkId}#${claimFocus?.seq ?? 0}`}
      view={state.view}
      claimFocus={claimFocus}
      onOpenCheck={onOpenCheck}
    />
  );
}
