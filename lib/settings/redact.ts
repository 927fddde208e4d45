import type { ModelProfile, SearchSettings, Settings } from './schema';
import type { ModelPresetId } from './model-presets';

/**
 * Settings as the background shows them to UIs: every API key replaced by whether one is saved.
 * Keys go from the options page to the background once, and never come back out.
 */
type WithoutKey<T> = T extends { apiKey: string } ? Omit<T, 'apiKey'> & { apiKeySaved: boolean } : T;

export type PublicModelProfile = WithoutKey<ModelProfile>;
export type PublicSearchSettings = { [K in keyof SearchSettings]: WithoutKey<SearchSettings[K]> };
export interface PublicSettings {
  model: { preset: ModelPresetId; profiles: Partial<Record<ModelPresetId, PublicModelProfile>> };
  search: PublicSearchSettings;
  evidence: Settings['evidence'];
  limits: Settings['limits'];
  capture: Settings['capture'];
  checking: Settings['checking'];
}

/**
 * What a UI sends to change settings. An `apiKey` left undefined keeps the saved key; an empty string
 * removes it; any other string replaces it.
 */
type WithKeyEdit<T> = T extends { apiKey: string } ? Omit<T, 'apiKey'> & { apiKey?: string } : T;
export type ModelProfileDraft = WithKeyEdit<ModelProfile>;
export interface SettingsDraft {
  model: { preset: ModelPresetId; profiles: Partial<Record<ModelPresetId, ModelProfileDraft>> };
  search: { [K in keyof SearchSettings]: WithKeyEdit<SearchSettings[K]> };
  evidence: Settings['evidence'];
  limits: Settings['limits'];
  capture: Settings['capture'];
  checking: Settings['checking'];
}

function hideKey<T extends { apiKey: string }>(value: T): WithoutKey<T> {
  const { apiKey, ...rest } = value;
  return { ...rest, apiKeySaved: apiKey.length > 0 } as WithoutKey<T>;
}

function mapValues<K extends string, A, B>(record: Partial<Record<K, A>>, map: (value: A) => B): Partial<Record<K, B>> {
  const out: Partial<Record<K, B>> = {};
  for (const key of Object.keys(record) as K[]) {
    const value = record[key];
    if (value !== undefined) out[key] = map(value);
  }
  return out;
}

/** Removes every secret from the settings. */
export function redactSettings(settings: Settings): PublicSettings {
  const { search } = settings;
  return {
    model: { preset: settings.model.preset, profiles: mapValues(settings.model.profiles, hideKey) },
    search: {
      wikipedia: search.wikipedia,
      searxng: search.searxng,
      serper: hideKey(search.serper),
      tavily: hideKey(search.tavily),
      brave: hideKey(search.brave),
      exa: hideKey(search.exa),
      googleFactCheck: hideKey(search.googleFactCheck),
    },
    evidence: settings.evidence,
    limits: settings.limits,
    capture: settings.capture,
    checking: settings.checking,
  };
}

/** The key to store: the draft's when it gives one (empty means remove), else the saved one. */
export function resolveKey(draftKey: string | undefined, savedKey: string | undefined): string {
  return draftKey === undefined ? (savedKey ?? '') : draftKey.trim();
}

function withKey<T extends { apiKey?: string }>(draft: T, savedKey: string | undefined): T & { apiKey: string } {
  return { ...draft, apiKey: resolveKey(draft.apiKey, savedKey) };
}

/** Merges a UI draft into the saved settings, keeping saved keys the draft leaves untouched. */
export function applyDraft(saved: Settings, draft: SettingsDraft): Settings {
  const profiles: Settings['model']['profiles'] = {};
  for (const preset of Object.keys(draft.model.profiles) as ModelPresetId[]) {
    const profile = draft.model.profiles[preset];
    if (profile) profiles[preset] = withKey(profile, saved.model.profiles[preset]?.apiKey);
  }
  // Profiles the draft does not mention are kept, with their keys.
  for (const preset of Object.keys(saved.model.profiles) as ModelPresetId[]) {
    if (!profiles[preset]) profiles[preset] = saved.model.profiles[preset];
  }
  const { search } = draft;
  return {
    model: { preset: draft.model.preset, profiles },
    search: {
      wikipedia: search.wikipedia,
      searxng: search.searxng,
      serper: withKey(search.serper, saved.search.serper.apiKey),
      tavily: withKey(search.tavily, saved.search.tavily.apiKey),
      brave: withKey(search.brave, saved.search.brave.apiKey),
      exa: withKey(search.exa, saved.search.exa.apiKey),
      googleFactCheck: withKey(search.googleFactCheck, saved.search.googleFactCheck.apiKey),
    },
    evidence: draft.evidence,
    limits: draft.limits,
    capture: draft.capture,
    checking: draft.checking,
  };
}
