/**
 * Starting a check from a page: the floating button, the context menu, the keyboard shortcut and the side
 * panel's "Fact-check this page" all end here. Factlight's page code is injected into that tab and frame
 * (if not there yet), then asked to capture the selection, or the article, and start the check.
 */
import { errorMessage } from '../core/errors';
import { t } from '../i18n/i18n';
import { reportToPanel } from '../messaging/panel-focus';
import { pageMessaging, type SelectionCheckRequest, type StartCheckResult } from '../messaging/protocol';
import { injectHighlighter } from './inject-highlighter';
import { interfaceLanguageReady } from './interface-language';

export type PageAction = 'checkSelection' | 'checkPage';

/** `request`: for 'checkSelection', how much of the selection to check (all of it by default). */
export async function runInPage(
  action: PageAction,
  tabId: number,
  frameId = 0,
  request?: SelectionCheckRequest,
): Promise<StartCheckResult> {
  try {
    await injectHighlighter(tabId, frameId);
    const target = { tabId, frameId };
    return await (action === 'checkSelection'
      ? pageMessaging.sendMessage('checkSelection', request, target)
      : pageMessaging.sendMessage('checkPage', undefined, target));
  } catch (error) {
    // Said in the chosen interface language, also when a menu click or the shortcut woke the worker.
    await interfaceLanguageReady();
    return { ok: false, error: t('bgCannotRunOnPage', { reason: errorMessage(error) }) };
  }
}

/**
 * `runInPage` for the page's own entry points (the floating button, the context menu, the shortcut), which
 * have no place of their own to say why a check did not start: the side panel they open says it.
 */
export async function runInPageAndReport(
  action: PageAction,
  tabId: number,
  frameId = 0,
  request?: SelectionCheckRequest,
): Promise<StartCheckResult> {
  const result = await runInPage(action, tabId, frameId, request);
  if (!result.ok) {
    await interfaceLanguageReady();
    await reportToPanel(t('bgCheckDidNotStart', { reason: result.error })).catch((error: unknown) =>
      // Session storage refused the note: the console is the one place left to say it.
      console.warn('[factlight] could not tell the side panel why a check did not start:', result.error, error),
    );
  }
  return result;
}
