import { t } from '../../lib/i18n/i18n';
import type { OnDeviceStatus } from '../../lib/llm/on-device-download';
import { ON_DEVICE_MESSAGES, ON_DEVICE_NOTICES } from '../../lib/llm/on-device-messages';
import type { ExtensionStatus } from '../../lib/messaging/protocol';
import { errorWords } from '../../lib/view/error-words';
import type { OnDeviceDetection } from '../../lib/welcome/on-device';
import { EngineStatus } from '../engine/engine-status';

type Availability = OnDeviceStatus['availability'];

/** One statement per answer, from the service worker's own question to the browser (never a guess from here). */
const STATEMENTS: Record<Availability, () => string> = {
  missing: () => t('welcomeDeviceMissing'),
  unavailable: () => t('welcomeDeviceUnavailable'),
  downloadable: () => t('welcomeDeviceDownloadable'),
  downloading: () => t('welcomeDeviceDownloading'),
  available: () => t('welcomeDeviceAvailable'),
  policy: () => errorWords(ON_DEVICE_NOTICES.policy) ?? ON_DEVICE_MESSAGES.policy,
};

/**
 * Sentences said by the statement above, so the status below does not say them a second time: the background
 * words the engine's reason in the interface language (lib/settings/engine.ts); older ones were English.
 */
function saidHere(): Set<string> {
  const worded = Object.values(ON_DEVICE_NOTICES).flatMap((notice) => errorWords(notice) ?? []);
  return new Set<string>([...Object.values(ON_DEVICE_MESSAGES), ...worded]);
}

/**
 * "On this device": one statement of whether an on-device model is present, can be downloaded, or is not
 * available here and why, from the background's `getStatus` (the page's own global only says whether the
 * interface exists, which says nothing about a model); then what checks run on now (the shared status, with
 * the Download button), without repeating the statement. With no model at all, checks still find sources.
 */
export function OnDeviceOption({
  detection,
  status,
}: {
  detection: OnDeviceDetection;
  status: ExtensionStatus | undefined;
}) {
  const availability: Availability | undefined =
    detection.api === 'none' ? 'missing' : (status?.onDevice?.availability ?? undefined);
  return (
    <section className="way" aria-labelledby="way-device" data-testid="on-device-option" data-api={detection.api}>
      <h3 id="way-device">{t('welcomeDeviceHeading')}</h3>
      <p data-testid="on-device-statement" data-availability={availability ?? 'unknown'}>
        {availability ? STATEMENTS[availability]() : t('welcomeDeviceAsking')}{' '}
        {availability !== 'available' ? t('welcomeDeviceWithoutModel') : ''}
      </p>
      <EngineStatus switchHint={t('welcomeDeviceSwitchHint')} pageStatus={{ status }} hideReasons={saidHere()} />
    </section>
  );
}
