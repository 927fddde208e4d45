import type { ErrorNotice } from '../core/error-notices';
import { t } from '../i18n/i18n';
import { MODEL_PRESETS, type ModelPresetId } from './model-presets';
import type { ModelProfile, ModelSettings } from './schema';

/** The profile a preset starts from before the user edits it. */
export function defaultProfile(preset: ModelPresetId): ModelProfile {
  const { baseUrl, fastModel, strongModel } = MODEL_PRESETS[preset];
  return { baseUrl, apiKey: '', fastModel, strongModel, embeddingModel: '', structuredOutput: 'auto' };
}

/** The model endpoint in use: the selected preset's saved profile, or that preset's defaults. */
export function activeModelProfile(model: ModelSettings): ModelProfile {
  return model.profiles[model.preset] ?? defaultProfile(model.preset);
}

/** Why the model settings cannot run a check yet, as a code (stored beside its English when a run stops on it). */
export function modelSetupNotice(model: ModelSettings): Extract<ErrorNotice, { code: 'model-not-set-up' }> | undefined {
  const profile = activeModelProfile(model);
  const preset = MODEL_PRESETS[model.preset];
  if (!profile.baseUrl) return { code: 'model-not-set-up', problem: 'no-model' };
  if (preset.needsKey && !profile.apiKey)
    return { code: 'model-not-set-up', problem: 'needs-key', provider: preset.label };
  if (!profile.fastModel || !profile.strongModel) return { code: 'model-not-set-up', problem: 'choose-models' };
  return undefined;
}

/**
 * A setup problem in words, by `say` (the interface's `t`; lib/view/error-words.ts passes one that isolates the
 * provider's name); undefined for a problem this build does not know (a newer version's row).
 */
export function setupProblemWords(
  notice: Extract<ErrorNotice, { code: 'model-not-set-up' }>,
  say: typeof t = t,
): string | undefined {
  switch (notice.problem) {
    case 'no-model':
      return say('settingsNoModel');
    case 'needs-key':
      return notice.provider === undefined ? undefined : say('settingsNeedsKey', { provider: notice.provider });
    case 'choose-models':
      return say('settingsChooseModels');
    default:
      return undefined;
  }
}

/** Why the model settings cannot run a check yet, in the interface language, or undefined when they can. */
export function modelSetupProblem(model: ModelSettings): string | undefined {
  const notice = modelSetupNotice(model);
  return notice && setupProblemWords(notice);
}
