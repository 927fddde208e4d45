/**
 * What a person is told about Chrome's on-device model, in one place: the options page, the side panel and
 * the adapter's errors all use these. The errors are codes (lib/core/error-notices.ts) whose English is the
 * error's message and what a run stores; the views word the code in the interface language.
 */
import { englishOnDevice, type ErrorNotice } from '../core/error-notices';
import { errorMessage, ProviderError } from '../core/errors';
import { type Availability, domErrorName, ON_DEVICE_LANGUAGES } from './prompt-api';

/** The notice for each availability answer that is not "ready", and for the organisation's policy. */
export const ON_DEVICE_NOTICES = {
  unavailable: { code: 'on-device-unavailable' },
  downloadable: { code: 'on-device-downloadable' },
  downloading: { code: 'on-device-downloading' },
  policy: { code: 'on-device-policy' },
} as const satisfies Record<string, ErrorNotice>;

/**
 * The English of each status (the status line, older callers): the notices' English, and "ready". Getters, so a
 * bundle that imports this file for something else (the background's doorway) does not carry every error's English.
 */
export const ON_DEVICE_MESSAGES = {
  get unavailable() {
    return englishOnDevice(ON_DEVICE_NOTICES.unavailable);
  },
  get downloadable() {
    return englishOnDevice(ON_DEVICE_NOTICES.downloadable);
  },
  get downloading() {
    return englishOnDevice(ON_DEVICE_NOTICES.downloading);
  },
  // i18n-exempt: `OnDeviceStatus.message`, which no view shows: the pages word `availability`
  available: 'The on-device model is ready: text is checked on this device, only search queries leave it.',
  get policy() {
    return englishOnDevice(ON_DEVICE_NOTICES.policy);
  },
};

/** The status line for an availability answer. */
export function availabilityMessage(availability: Availability): string {
  return ON_DEVICE_MESSAGES[availability];
}

/** "The on-device model cannot read German text yet": the code, with the languages it does read. */
export function unsupportedLanguageNotice(language: string): ErrorNotice {
  return { code: 'on-device-language-unsupported', language, handles: ON_DEVICE_LANGUAGES };
}

/** The on-device model is not ready for `availability` (the error a run or a claim stores). */
export function notReadyError(availability: 'unavailable' | 'downloadable' | 'downloading'): ProviderError {
  return new ProviderError('unreachable', ON_DEVICE_NOTICES[availability], { provider: 'on-device' });
}

/** Maps a Prompt API failure to a ProviderError a person can act on. */
export function onDeviceError(error: unknown, during: 'create' | 'prompt'): ProviderError {
  const name = domErrorName(error);
  const detail = errorMessage(error);
  if (name === 'AbortError')
    // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
    return new ProviderError('cancelled', 'The check was cancelled.', { provider: 'on-device' });
  if (name === 'NotAllowedError') {
    return during === 'create'
      ? new ProviderError('auth', { code: 'on-device-policy', detail }, { provider: 'on-device' })
      : new ProviderError('auth', { code: 'on-device-refused', detail }, { provider: 'on-device' });
  }
  if (during === 'create' && name === 'NotSupportedError') return notReadyError('unavailable');
  if (during === 'create' && (name === 'NetworkError' || name === 'OperationError'))
    return new ProviderError('unreachable', { code: 'on-device-download-failed', detail }, { provider: 'on-device' });
  return new ProviderError('server', { code: 'on-device-failed', detail }, { provider: 'on-device' });
}
