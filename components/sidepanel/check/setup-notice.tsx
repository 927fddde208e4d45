import { browser } from 'wxt/browser';

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
        Open settings
      </button>
    </div>
  );
}
