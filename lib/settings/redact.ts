/**
 * Settings as the background shows them to UIs: every API key replaced by whether one is saved.
 * Keys go from the options page to the background once, and never come back out.
 */
import { originOf } from '../core/text/hosts';
import type { ModelPresetId } from './model-presets';
import type { ManagedSummary } from './policy';
import type { ModelProfile, SearchSettings, Settings } from './schema';

type WithoutKey<T> = T extends { apiKey: string } ? Omit<T, 'apiKey'> & { apiKeySaved: boolean } : T;

/**
 * `savedKeyOrigin` is the origin of the server the saved key was saved for (absent without a key): the key
 * is only ever sent there, so the form can tell when an edited base URL leaves the key behind.
 */
export type PublicModelProfile = Omit<WithoutKey<ModelProfile>, 'headers'> & {
  savedKeyOrigin?: string;
  /** The names of the saved custom headers: their values, like the key, never leave the background. */
  headerNames?: string[];
};
export type PublicSearchSettings = { [K in keyof SearchSettings]: WithoutKey<SearchSettings[K]> };
export interface PublicSettings {
  model: { preset: ModelPresetId; profiles: Partial<Record<ModelPresetId, PublicModelProfile>> };
  search: PublicSearchSettings;
  evidence: Settings['evidence'];
  limits: Settings['limits'];
  capture: Settings['capture'];
  checking: Settings['checking'];
  history: Settings['history'];
  /** Which settings the organisation's policy sets (locked in the forms), and what was wrong in it. */
  managed?: ManagedSummary;
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
  history: Settings['history'];
}

function hideKey<T extends { apiKey: string }>(value: T): WithoutKey<T> {
  const { apiKey, ...rest } = value;
  return { ...rest, apiKeySaved: apiKey.length > 0 } as WithoutKey<T>;
}

function hideModelKey(profile: ModelProfile): PublicModelProfile {
  const origin = keyOriginOf(profile.baseUrl);
  // Headers may carry a gateway's token: like the key, they never leave the background.
  const { headers, ...visible } = hideKey(profile);
  const headerNames = Object.keys(headers ?? {});
  return {
    ...visible,
    ...(profile.apiKey && origin !== undefined ? { savedKeyOrigin: origin } : {}),
    ...(headerNames.length > 0 ? { headerNames } : {}),
  };
}

/** The http(s) origin a key is saved for: '' for no base URL (the two compare equal), undefined for a bad one. */
export function keyOriginOf(baseUrl: string | undefined): string | undefined {
  const text = baseUrl?.trim() ?? '';
  return text ? originOf(text) : '';
}

/** Whether a key saved for `savedBaseUrl` may go to `baseUrl`: only to the same origin (a path may differ). */
export function sameKeyOrigin(baseUrl: string | undefined, savedBaseUrl: string | undefined): boolean {
  const origin = keyOriginOf(baseUrl);
  return origin !== undefined && origin === keyOriginOf(savedBaseUrl);
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
    model: { preset: settings.model.preset, profiles: mapValues(settings.model.profiles, hideModelKey) },
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
    history: settings.history,
  };
}

/**
 * The key to use: the draft's when it gives one (empty means remove), else the saved one, but only while
 * the draft still points at the origin the key was saved for. A base URL moved to another server (a typo,
 * a pasted link) must not carry the saved key there, by a connection test or after saving.
 */
export function resolveKey(
  draftKey: string | undefined,
  saved: { apiKey?: string; baseUrl?: string } | undefined,
  draftBaseUrl?: string,
): string {
  if (draftKey !== undefined) return draftKey.trim();
  return saved?.apiKey && sameKeyOrigin(draftBaseUrl, saved.baseUrl) ? saved.apiKey : '';
}

function withKey<T extends { apiKey?: string; baseUrl?: string }>(
  draft: T,
  saved: { apiKey?: string; baseUrl?: string } | undefined,
): T & { apiKey: string } {
  return { ...draft, apiKey: resolveKey(draft.apiKey, saved, draft.baseUrl) };
}

/**
 * A model profile from a draft: its key as `withKey`, and its headers under the same rule as the key. A draft
 * without headers keeps the saved ones; a draft with headers lists every header to keep, where an empty
 * value keeps that header's saved value (the page never has it). Saved values go only where the key may go.
 */
export function profileWithSecrets(draft: ModelProfileDraft, saved: ModelProfile | undefined): ModelProfile {
  // A page may send the public profile's `headerNames` back: only `headers` says what to keep.
  const loose = draft as ModelProfileDraft & { headerNames?: unknown };
  const { headers, headerNames: _names, ...rest } = withKey(loose, saved);
  const savedHeaders = saved?.headers && sameKeyOrigin(draft.baseUrl, saved.baseUrl) ? saved.headers : undefined;
  const kept = headers ? withSavedValues(headers, savedHeaders) : savedHeaders;
  return { ...rest, ...(kept && Object.keys(kept).length > 0 ? { headers: kept } : {}) };
}

function withSavedValues(
  headers: Record<string, string>,
  saved: Record<string, string> | undefined,
): Record<string, string> {
  const savedValue = (name: string) =>
    Object.entries(saved ?? {}).find(([savedName]) => savedName.toLowerCase() === name.toLowerCase())?.[1];
  const entries = Object.entries(headers).map(([name, value]) => [name.trim(), value || savedValue(name.trim())]);
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => Boolean(entry[0] && entry[1])));
}

/** Merges a UI draft into the saved settings, keeping saved keys the draft leaves untouched. */
export function applyDraft(saved: Settings, draft: SettingsDraft): Settings {
  const profiles: Settings['model']['profiles'] = {};
  for (const preset of Object.keys(draft.model.profiles) as ModelPresetId[]) {
    const profile = draft.model.profiles[preset];
    if (profile) profiles[preset] = profileWithSecrets(profile, saved.model.profiles[preset]);
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
      serper: withKey(search.serper, saved.search.serper),
      tavily: withKey(search.tavily, saved.search.tavily),
      brave: withKey(search.brave, saved.search.brave),
      exa: withKey(search.exa, saved.search.exa),
      googleFactCheck: withKey(search.googleFactCheck, saved.search.googleFactCheck),
    },
    evidence: draft.evidence,
    limits: draft.limits,
    capture: draft.capture,
    checking: draft.checking,
    history: draft.history,
  };
}
