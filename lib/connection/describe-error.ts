import { errorMessage, ProviderError } from '../core/errors';
import type { ConnectionTestResult } from '../messaging/protocol';

const EXTENSION_ORIGINS = 'chrome-extension://*,moz-extension://*';

/** What the user can do about each kind of failure. */
function fixFor(error: ProviderError): string | undefined {
  switch (error.kind) {
    case 'auth':
      return 'Check the API key: paste it again, without spaces, and make sure it is active.';
    case 'forbidden-origin':
      return `Allow the extension in Ollama: set OLLAMA_ORIGINS=${EXTENSION_ORIGINS} in Ollama's environment and restart it (for the macOS app: launchctl setenv OLLAMA_ORIGINS "${EXTENSION_ORIGINS}").`;
    case 'unreachable':
      return 'Check the base URL, and that the server is running and reachable from this computer.';
    case 'not-found':
      return 'Check the base URL (OpenAI-compatible servers usually end in /v1) and the model name.';
    case 'rate-limit':
      return 'The provider is rate-limiting this key; wait a moment or check its quota.';
    case 'quota':
    case 'refused':
      // The message already says what to do (add credit, wait for the daily reset, choose another model).
      return undefined;
    case 'timeout':
      return 'The server is slow or unreachable; try again, or check the URL.';
    default:
      return undefined;
  }
}

/** A failed connection test, told in words a user can act on. */
export function describeFailure(error: unknown): Extract<ConnectionTestResult, { ok: false }> {
  if (error instanceof ProviderError) {
    const fix = fixFor(error);
    return { ok: false, error: error.message, ...(fix ? { fix } : {}) };
  }
  return { ok: false, error: errorMessage(error) };
}
