import { useLiveQuery } from 'dexie-react-hooks';
import { browser } from 'wxt/browser';

import { t } from '../../../lib/i18n/i18n';
import type { ExtensionStatus } from '../../../lib/messaging/protocol';
import { EngineStatus } from '../../engine/engine-status';
import type { ClaimFocus } from '../claim/claim-focus';
import { useDb } from '../db-context';
import { CheckPageButton } from './check-page-button';
import { CurrentCheck } from './current-check';
import { SetupNotice } from './setup-notice';
import { TextToCheck } from './text-to-check';

/**
 * The Check tab: what checks run on (a set-up notice when it is sources only), why a check from the page
 * did not start, the text to check, "Fact-check this page", and the current check.
 */
export function CheckTab(props: {
  status: ExtensionStatus | undefined;
  checkId: string | undefined;
  claimFocus?: ClaimFocus | undefined;
  /** Why a check started from the page did not start (the page's own entry points have nowhere to say it). */
  pageProblem?: string | undefined;
  onOpenCheck: (checkId: string) => void;
}) {
  const { status, checkId, claimFocus, pageProblem, onOpenCheck } = props;
  return (
    <>
      <EngineNotice status={status} />
      {pageProblem ? (
        <p className="result error" role="alert" data-testid="page-check-problem">
          {pageProblem}
        </p>
      ) : null}
      <EngineStatus
        pageStatus={{ status }}
        switchHint={t('checkSwitchHint')}
        onOpenSettings={() => void browser.runtime.openOptionsPage()}
      />
      <TextToCheck onStarted={onOpenCheck} />
      <CheckPageButton onStarted={onOpenCheck} />
      {checkId ? (
        <CurrentCheck checkId={checkId} claimFocus={claimFocus} onOpenCheck={onOpenCheck} />
      ) : (
        <NoCurrentCheck onOpenCheck={onOpenCheck} />
      )}
    </>
  );
}

/**
 * Ready, or what a check will do without a model, from what checks run on now (`status.engine`, the
 * background's own choice): the model set up or Chrome's on-device model give verdicts; sources only
 * gives sources to compare, and says how to get verdicts. A background that reports no engine is read
 * from `modelConfigured`.
 */
function EngineNotice({ status }: { status: ExtensionStatus | undefined }) {
  if (!status) return null;
  const kind = status.engine?.kind ?? (status.modelConfigured ? 'model' : 'evidence-only');
  if (kind === 'model') {
    return (
      <p className="hint" data-testid="sidepanel-ready" data-engine={kind}>
        {t('checkReadyModel')}
      </p>
    );
  }
  if (kind === 'on-device') {
    return (
      <p className="hint" data-testid="sidepanel-ready" data-engine={kind}>
        {t('checkReadyOnDevice')}
      </p>
    );
  }
  return (
    <SetupNotice
      testId="setup-needed"
      message={t(status.wantsOnDevice ? 'checkSetupNeededDownload' : 'checkSetupNeeded')}
      buttonTestId="open-options"
    />
  );
}

/** Nothing opened yet: say so, and offer the latest check if there is one. */
function NoCurrentCheck({ onOpenCheck }: { onOpenCheck: (checkId: string) => void }) {
  const db = useDb();
  const latest = useLiveQuery(async () => ({ id: (await db.checks.orderBy('createdAt').reverse().first())?.id }), [db]);
  if (!latest)
    return (
      <p role="status" data-testid="checks-loading">
        {t('panelLoading')}
      </p>
    );
  const latestId = latest.id;
  if (!latestId) {
    return (
      <p className="notice" data-testid="no-checks">
        {t('checkNoChecks', { submit: t('checkSubmit'), button: t('floatingButtonLabel') })}
      </p>
    );
  }
  return (
    <div className="notice" data-testid="no-current-check">
      <p>{t('checkEarlierInHistory')}</p>
      <button type="button" className="secondary" onClick={() => onOpenCheck(latestId)}>
        {t('checkOpenLatest')}
      </button>
    </div>
  );
}
