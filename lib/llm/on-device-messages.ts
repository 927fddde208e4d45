/**
 * What a person is told about Chrome's on-device model, in one place: the options page, the side panel and
 * the adapter's errors all use these words.
 */
import { errorMessage, ProviderError } from '../core/errors';
import { type Availability, domErrorName, ON_DEVICE_LANGUAGES } from './prompt-api';

export const ON_DEVICE_INSTEAD =
  'Checks still find sources to compare (no model needed), and for verdicts you can choose a local server (Ollama, LM Studio) or an API key in Settings.';

export const ON_DEVICE_MESSAGES = {
  unavailable: `This browser or device has no on-device model. It needs Google Chrome 138 or later on a desktop with enough memory and disk space (Debian's Chromium and Firefox have none). ${ON_DEVICE_INSTEAD}`,
  downloadable:
    'The on-device model must be downloaded once (about 4 GB, by Chrome). Press "Download" to start; checks find sources to compare meanwhile.',
  downloading: 'Chrome is downloading the on-device model. Checks find sources to compare until it is ready.',
  available: 'The on-device model is ready: text is checked on this device, only search queries leave it.',
  policy: `The on-device model is switched off by your organisation's policy (Chrome's GenAILocalFoundationalModelSettings). ${ON_DEVICE_INSTEAD}`,
  downloadFailed:
    'The on-device model could not be downloaded. Check the connection and free disk space (Chrome needs about 22 GB free), then press "Download" again.',
} as const;

/** The status line for an availability answer. */
export function availabilityMessage(availability: Availability): string {
  return ON_DEVICE_MESSAGES[availability];
}

/** "The on-device model cannot read German text yet" and what to do instead. */
export function unsupportedLanguageMessage(language: string): string {
  const name = languageName(language);
  const known = ON_DEVICE_LANGUAGES.map(languageName).join(', ');
  return `The on-device model cannot read ${name} text yet (it handles ${known}). ${ON_DEVICE_INSTEAD}`;
}

function languageName(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** Maps a Prompt API failure to a ProviderError a person can act on. */
export function onDeviceError(error: unknown, during: 'create' | 'prompt'): ProviderError {
  const name = domErrorName(error);
  const detail = errorMessage(error);
  if (name === 'AbortError')
    return new ProviderError('cancelled', 'The check was cancelled.', { provider: 'on-device' });
  if (name === 'NotAllowedError') {
    return during === 'create'
      ? new ProviderError('auth', `${ON_DEVICE_MESSAGES.policy} (${detail})`, { provider: 'on-device' })
      : new ProviderError('auth', { code: 'on-device-refused', detail }, { provider: 'on-device' });
  }
  if (during === 'create' && name === 'NotSupportedError')
    return new ProviderError('unreachable', ON_DEVICE_MESSAGES.unavailable, { provider: 'on-device' });
  if (during === 'create' && (name === 'NetworkError' || name === 'OperationError'))
    return new ProviderError('unreachable', `${ON_DEVICE_MESSAGES.downloadFailed} (${detail})`, {
      provider: 'on-device',
    });
  return new ProviderError('server', { code: 'on-device-failed', detail }, { provider: 'on-device' });
}
