import { browser } from 'wxt/browser';

import { t } from '../../../lib/i18n/i18n';

/** "Choose a model first": what is missing, and a button straight to the options page. */
export function SetupNotice({
  testId,
  message,
  buttonTestId,
}: {
  testId: string;
  message: string;
  buttonTestId: string;
}) {
  return (
    <div className="notice" data-testid={testId} role="status">
      <p>{message}</p>
      <button type="button" data-testid={buttonTestId} onClick={() => void browser.runtime.openOptionsPage()}>
        {t('openSettings')}
      </button>
    </div>
  );
}
