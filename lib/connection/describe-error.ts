import { errorMessage, ProviderError } from '../core/errors';
import { t } from '../i18n/i18n';
import { tIsolatedWords } from '../i18n/isolated-words';
import type { ConnectionTestResult } from '../messaging/protocol';
import { causeWords } from '../view/error-words';

const EXTENSION_ORIGINS = 'chrome-extension://*,moz-extension://*';

/** What the user can do about each kind of failure. */
function fixFor(error: ProviderError): string | undefined {
  switch (error.kind) {
    case 'auth':
      return t('connectionFixAuth');
    case 'forbidden-origin':
      // The origins are a value to type as written: isolated so a right-to-left sentence keeps them in order.
      return tIsolatedWords('connectionFixOllamaOrigin', { origins: EXTENSION_ORIGINS }, ['origins']);
    case 'unreachable':
      return t('connectionFixUnreachable');
    case 'not-found':
      return t('connectionFixNotFound');
    case 'rate-limit':
      return t('connectionFixRateLimit');
    case 'quota':
    case 'refused':
      // The message already says what to do (add credit, wait for the daily reset, choose another model).
      return undefined;
    case 'timeout':
      return t('connectionFixTimeout');
    default:
      return undefined;
  }
}

/** A failed connection test, told in words a user can act on. */
export function describeFailure(error: unknown): Extract<ConnectionTestResult, { ok: false }> {
  if (error instanceof ProviderError) {
    const fix = fixFor(error);
    // A coded error (a search source's SearXNG 403, a missing key, a rate limit…) in the interface language.
    return { ok: false, error: causeWords({ message: error.message, notice: error.notice }), ...(fix ? { fix } : {}) };
  }
  return { ok: false, error: errorMessage(error) };
}
