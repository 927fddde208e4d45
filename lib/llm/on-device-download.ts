import { ON_DEVICE_MESSAGES, onDeviceError } from './on-device-messages';
import { type Availability, domErrorName, type LanguageModelApi, ON_DEVICE_LANGUAGES } from './prompt-api';

/** The options every availability question and session uses, so the answer matches what checks create. */
export const ON_DEVICE_EXPECTED = {
  expectedInputs: [{ type: 'text' as const, languages: ['en'] }],
  expectedOutputs: [{ type: 'text' as const, languages: ['en'] }],
};

/** What a page shows about the on-device model: its availability and the sentence to show with it. */
export interface OnDeviceStatus {
  availability: Availability | 'missing' | 'policy';
  message: string;
}

/**
 * Asks the browser whether it has the on-device model (Firefox and Debian's Chromium: none): its own answer, or
 * `missing` without the API, `policy` when an administrator turned it off, `unavailable` when asking failed.
 */
export async function onDeviceAvailability(api: LanguageModelApi | undefined): Promise<OnDeviceStatus['availability']> {
  if (!api) return 'missing';
  try {
    return await api.availability(ON_DEVICE_EXPECTED);
  } catch (error) {
    return domErrorName(error) === 'NotAllowedError' ? 'policy' : 'unavailable';
  }
}

/** The on-device model's availability with the sentence a page shows with it. */
export async function onDeviceStatus(api: LanguageModelApi | undefined): Promise<OnDeviceStatus> {
  const availability = await onDeviceAvailability(api);
  return { availability, message: ON_DEVICE_MESSAGES[availability === 'missing' ? 'unavailable' : availability] };
}

/**
 * Downloads the model: creating a session starts the download, which Chrome allows only during a click
 * (a user gesture), so this runs in the page whose Download button was pressed. Progress is 0..1.
 */
export async function downloadOnDeviceModel(
  api: LanguageModelApi,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  try {
    const session = await api.create({
      ...ON_DEVICE_EXPECTED,
      monitor: (monitor) => monitor.addEventListener('downloadprogress', (event) => onProgress(event.loaded)),
      ...(signal ? { signal } : {}),
    });
    session.destroy();
  } catch (error) {
    throw onDeviceError(error, 'create');
  }
}

export { ON_DEVICE_LANGUAGES };

/** Whether the on-device model reads and writes `language` (en, es, ja always; others as the browser says). */
export async function onDeviceHandles(api: LanguageModelApi, language: string): Promise<boolean> {
  const primary = language.toLowerCase().split('-')[0]!;
  if ((ON_DEVICE_LANGUAGES as readonly string[]).includes(primary)) return true;
  const expected = {
    expectedInputs: [{ type: 'text' as const, languages: [primary] }],
    expectedOutputs: [{ type: 'text' as const, languages: [primary] }],
  };
  // A rejection means a tag availability() cannot parse (RangeError), which it cannot handle either:
  // https://github.com/web-platform-tests/wpt/blob/master/ai/language-model/language-model-availability.tentative.https.window.js
  return (await api.availability(expected).catch(() => 'unavailable' as const)) !== 'unavailable';
}
