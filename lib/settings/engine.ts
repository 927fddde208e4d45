import type { ErrorNotice } from '../core/error-notices';
import { t } from '../i18n/i18n';
import { isolatingT } from '../i18n/isolated-words';
import type { OnDeviceStatus } from '../llm/on-device-download';
import { ON_DEVICE_NOTICES } from '../llm/on-device-messages';
import { activeModelProfile, modelSetupNotice, setupProblemWords } from './active-profile';
import { MODEL_PRESETS } from './model-presets';
import type { Settings } from './schema';

/** What a check runs on, and in words, with why when it is not what was asked for. */
export type EngineInUse =
  | {
      kind: 'model';
      label: string;
      /** Set when the organisation's policy set the model up: its server in words ("Acme's model server"). */
      managedServer?: string;
    }
  | { kind: 'on-device'; label: string }
  | {
      kind: 'evidence-only';
      label: string;
      /** Why, in the interface language (the status line); `notice`: the same as a code, when it is one. */
      reason: string;
      notice?: ErrorNotice;
    };

export type EngineChoice = Settings['checking']['engine'];

/** The choices of what checks run on, in the interface language (read when shown: the language can change). */
export const ENGINE_LABELS: Record<EngineChoice, () => string> = {
  auto: () => t('settingsEngineAuto'),
  model: () => t('settingsEngineModel'),
  'on-device': () => t('settingsEngineOnDevice'),
  'evidence-only': () => t('settingsEngineSourcesChoice'),
};

/** The codes of why checks find sources only when something else was asked for (what `chooseEngine` can say). */
export type EngineNotice =
  | Extract<
      ErrorNotice,
      { code: 'on-device-unavailable' | 'on-device-downloadable' | 'on-device-downloading' | 'on-device-policy' }
    >
  | Extract<ErrorNotice, { code: 'model-not-set-up' | 'sources-only-chosen' }>;

/**
 * Why checks find sources only, in the interface language: the few codes the engine's choice gives. The views
 * word every code with lib/view/error-words.ts, which hands these here; the router, which answers the status line,
 * so carries only these words. Undefined for a problem this build does not know.
 */
export function engineReasonWords(notice: EngineNotice): string | undefined {
  switch (notice.code) {
    case 'on-device-unavailable':
      return t('errorOnDeviceUnavailable');
    case 'on-device-downloadable':
      // The button is named by its own label, so the words match it in every language.
      return t('errorOnDeviceDownloadable', { button: t('engineDownload') });
    case 'on-device-downloading':
      return t('errorOnDeviceDownloading');
    case 'on-device-policy':
      // The browser's own words, when there are some, are isolated: they read left to right.
      return notice.detail === undefined
        ? t('errorOnDevicePolicy')
        : isolatingT()('errorOnDevicePolicyDetail', { detail: notice.detail });
    case 'model-not-set-up':
      return setupProblemWords(notice, isolatingT());
    case 'sources-only-chosen':
      return t('settingsEngineChoseSources');
  }
}

/** Why the on-device model cannot run a check, for an availability answer other than "available". */
export function onDeviceNotice(availability: Exclude<OnDeviceStatus['availability'], 'available'>): EngineNotice {
  return availability === 'missing' ? ON_DEVICE_NOTICES.unavailable : ON_DEVICE_NOTICES[availability];
}

/**
 * Chooses what checks run on. Text only ever goes to the model the person set up themselves: `auto`
 * prefers it, then Chrome's on-device model, then sources only, and never picks a cloud provider that
 * was not set up. On a fresh install (nothing set up) that is the on-device model whenever this browser
 * has one, else sources only.
 */
export function chooseEngine(settings: Settings, onDevice: OnDeviceStatus): EngineInUse {
  const choice = settings.checking.engine;
  const problem = modelSetupNotice(settings.model);
  const modelLabel = () =>
    `${MODEL_PRESETS[settings.model.preset].label} (${activeModelProfile(settings.model).strongModel || 'model'})`;
  const sourcesLabel = t('settingsEngineSources');
  const sourcesOnly = (notice: EngineNotice): EngineInUse => ({
    kind: 'evidence-only',
    label: sourcesLabel,
    reason: engineReasonWords(notice) ?? t('settingsNoModel'),
    notice,
  });
  const onDeviceOr = (): EngineInUse =>
    onDevice.availability === 'available'
      ? { kind: 'on-device', label: t('settingsEngineOnDevice') }
      : sourcesOnly(onDeviceNotice(onDevice.availability));
  switch (choice) {
    case 'model':
      return problem ? sourcesOnly(problem) : { kind: 'model', label: modelLabel() };
    case 'on-device':
      return onDeviceOr();
    case 'evidence-only':
      return sourcesOnly({ code: 'sources-only-chosen' });
    case 'auto':
      if (!problem) return { kind: 'model', label: modelLabel() };
      if (onDevice.availability === 'missing' || onDevice.availability === 'unavailable')
        return sourcesOnly(ON_DEVICE_NOTICES.unavailable);
      return onDeviceOr();
  }
}

/** Whether the on-device model is the one checks would use once it is downloaded (for the Download button). */
export function wantsOnDevice(settings: Settings, onDevice: OnDeviceStatus): boolean {
  const choice = settings.checking.engine;
  return (
    choice === 'on-device' ||
    (choice === 'auto' &&
      modelSetupNotice(settings.model) !== undefined &&
      onDevice.availability !== 'missing' &&
      onDevice.availability !== 'unavailable')
  );
}
