import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import { t } from '../../../lib/i18n/i18n';
import { sendToBackground } from '../../../lib/messaging/protocol';
import { activeTabId } from '../active-tab';

/**
 * "Fact-check this page": the main article of the tab the panel sits beside (the active tab of the
 * panel's window), extracted in that page with Readability and highlighted there. The same command as the
 * page's context menu, for people who do not right-click, and reachable by keyboard.
 */
export function CheckPageButton({ onStarted }: { onStarted: (checkId: string) => void }) {
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const checkPage = async () => {
    setState({ pending: true });
    try {
      const result = await sendToBackground('checkPageInTab', { tabId: await activeTabId() });
      if (!result.ok) throw new Error(result.error);
      setState({ pending: false });
      onStarted(result.checkId);
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  };
  return (
    <div className="row wrap">
      <button
        type="button"
        className="secondary"
        data-testid="check-page"
        disabled={state.pending}
        onClick={() => void checkPage()}
      >
        {state.pending ? t('checkPageReading') : t('menuCheckPage')}
      </button>
      {state.error ? (
        <span className="result error" role="alert" data-testid="check-page-error">
          {state.error}
        </span>
      ) : null}
    </div>
  );
}
