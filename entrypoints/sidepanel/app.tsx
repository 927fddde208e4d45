import { useEffect, useState } from 'react';

import { CheckTab } from '../../components/sidepanel/check/check-tab';
import type { ClaimFocus } from '../../components/sidepanel/claim/claim-focus';
import { HistoryView } from '../../components/sidepanel/history/history-view';
import { RateView } from '../../components/sidepanel/rate/rate-view';
import { TabBar, type TabId } from '../../components/sidepanel/tab-bar';
import { useExtensionStatus } from '../../components/sidepanel/use-extension-status';
import { t } from '../../lib/i18n/i18n';
import { watchPanelFocus } from '../../lib/messaging/panel-focus';
import { sendToBackground } from '../../lib/messaging/protocol';

/** `?check=<id>` opens a given check (links from the page and tests use it). */
function checkFromUrl(): string | undefined {
  return new URLSearchParams(window.location.search).get('check') || undefined;
}

/**
 * The side panel: a Check tab (the text to check and the current check), a Rate tab and a History tab.
 * Everything shown comes from IndexedDB through live queries; messages to the background only carry
 * commands and ids.
 */
export function SidePanelApp() {
  const { status, error: statusError } = useExtensionStatus();
  const [tab, setTab] = useState<TabId>('check');
  const [checkId, setCheckId] = useState(checkFromUrl);
  const [claimFocus, setClaimFocus] = useState<ClaimFocus>();
  // Why a check started from the page (floating button, context menu, shortcut) did not start.
  const [pageProblem, setPageProblem] = useState<string>();

  useEffect(() => {
    // A service worker stopped mid-check resumes its checks when someone looks (no answer needed). A
    // background that does not answer is said by the status line (`statusError`), so these only log.
    sendToBackground('resumeChecks').catch((error: unknown) =>
      console.warn('[factlight] resumeChecks not answered', error),
    );
    sendToBackground('resumeRatings').catch((error: unknown) =>
      console.warn('[factlight] resumeRatings not answered', error),
    );
  }, []);

  const openCheck = (id: string) => {
    setPageProblem(undefined);
    setCheckId(id);
    setTab('check');
    // Keep the open check in the URL, so a reload shows it again.
    const url = new URL(window.location.href);
    url.searchParams.set('check', id);
    window.history.replaceState(null, '', url);
  };

  // "Open in side panel" from a highlight's card in the page: show that check and claim, even when the
  // panel was already open. Or a check from the page that did not start: say why on the Check tab.
  useEffect(
    () =>
      watchPanelFocus((focus) => {
        if ('problem' in focus) {
          setTab('check');
          setPageProblem(focus.problem);
          return;
        }
        openCheck(focus.checkId);
        const { checkId: focusCheckId, claimId } = focus;
        if (claimId) setClaimFocus((current) => ({ checkId: focusCheckId, claimId, seq: (current?.seq ?? 0) + 1 }));
      }),
    [],
  );

  return (
    <main className="sidepanel">
      <header className="panel-head">
        <h1>{t('extName')}</h1>
        <TabBar current={tab} onChange={setTab} />
      </header>
      {statusError ? (
        <p className="result error" role="alert" data-testid="status-error">
          {t('panelStatusError', { error: statusError })}
        </p>
      ) : !status ? (
        <p role="status" className="hint" data-testid="status-loading">
          {t('panelConnecting')}
        </p>
      ) : null}
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
        {tab === 'check' ? (
          <CheckTab
            status={status}
            checkId={checkId}
            claimFocus={claimFocus}
            pageProblem={pageProblem}
            onOpenCheck={openCheck}
          />
        ) : tab === 'rate' ? (
          <RateView />
        ) : (
          <HistoryView onOpen={openCheck} />
        )}
      </div>
    </main>
  );
}
