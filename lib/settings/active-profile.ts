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

/** Why the model settings cannot run a check yet, or undefined when they can. */
export function modelSetupProblem(model: ModelSettings): string | undefined {
  const profile = activeModelProfile(model);
  const preset = MODEL_PRESETS[model.preset];
  if (!profile.baseUrl) return t('settingsNoModel');
  if (preset.needsKey && !profile.apiKey) return t('settingsNeedsKey', { provider: preset.label });
  if (!profile.fastModel || !profile.strongModel) return t('settingsChooseModels');
  return undefined;
}
