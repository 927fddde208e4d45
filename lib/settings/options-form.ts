/**
 * The options form's state: the settings without secrets, plus keys the user typed in this session.
 * A key slot holding '' means "remove the saved key"; no entry means "keep it".
 */
import type { HeaderRow } from './custom-headers';
import { MODEL_PRESETS, type ModelPresetId } from './model-presets';
import type { PolicyKey } from './policy-fields';
import { keyOriginOf, type PublicModelProfile, type PublicSettings, type SettingsDraft } from './redact';
import type { SearchSettingsKey } from './schema';

export type KeySlot = `model:${ModelPresetId}` | `search:${SearchSettingsKey}`;

export interface OptionsForm {
  settings: PublicSettings;
  typedKeys: Partial<Record<KeySlot, string>>;
  /** Custom headers edited in this session, per preset; a preset without an entry keeps its saved headers. */
  typedHeaders?: Partial<Record<ModelPresetId, HeaderRow[]>>;
}

/** The header rows shown for a preset: the ones edited in this session, else the saved names (values hidden). */
export function headerRowsFor(form: OptionsForm, preset: ModelPresetId): HeaderRow[] {
  return (
    form.typedHeaders?.[preset] ??
    (profileFor(form.settings, preset).headerNames ?? []).map((name) => ({ name, value: '', saved: true }))
  );
}

/** A draft's headers from the rows: every row with a name; a saved row left empty keeps its saved value. */
function headersFromRows(rows: readonly HeaderRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]));
}

/** Whether the organisation's policy sets `key`: its field is locked in every form. */
export function isLocked(form: OptionsForm, key: PolicyKey): boolean {
  return form.settings.managed?.keys.includes(key) ?? false;
}

/** The profile shown for a preset: the saved one, or the preset's defaults. */
export function profileFor(settings: PublicSettings, preset: ModelPresetId): PublicModelProfile {
  const saved = settings.model.profiles[preset];
  // The background drops a saved key whose base URL moved to another origin: the form says so as it happens.
  if (saved)
    return saved.savedKeyOrigin === undefined
      ? saved
      : { ...saved, apiKeySaved: keyOriginOf(saved.baseUrl) === saved.savedKeyOrigin };
  const { baseUrl, fastModel, strongModel } = MODEL_PRESETS[preset];
  return { baseUrl, fastModel, strongModel, embeddingModel: '', structuredOutput: 'auto', apiKeySaved: false };
}

/** The draft to send: the shown profile of the selected preset, and typed keys in their places. */
export function toDraft(form: OptionsForm): SettingsDraft {
  const { settings, typedKeys } = form;
  const preset = settings.model.preset;
  const profiles: SettingsDraft['model']['profiles'] = {};
  for (const id of Object.keys(settings.model.profiles) as ModelPresetId[]) {
    const profile = settings.model.profiles[id];
    if (profile)
      profiles[id] = withTypedHeaders(form, id, withTypedKey(withoutKeyOrigin(profile), typedKeys[`model:${id}`]));
  }
  profiles[preset] = withTypedHeaders(
    form,
    preset,
    withTypedKey(withoutKeyOrigin(profileFor(settings, preset)), typedKeys[`model:${preset}`]),
  );
  const search = settings.search;
  const keyed = <K extends 'serper' | 'tavily' | 'brave' | 'exa' | 'googleFactCheck'>(key: K) =>
    withTypedKey(search[key], typedKeys[`search:${key}`]);
  return {
    model: { preset, profiles },
    search: {
      wikipedia: search.wikipedia,
      searxng: search.searxng,
      serper: keyed('serper'),
      tavily: keyed('tavily'),
      brave: keyed('brave'),
      exa: keyed('exa'),
      googleFactCheck: keyed('googleFactCheck'),
    },
    evidence: settings.evidence,
    limits: settings.limits,
    capture: settings.capture,
    checking: settings.checking,
    history: settings.history,
  };
}

function withoutKeyOrigin(profile: PublicModelProfile): Omit<PublicModelProfile, 'savedKeyOrigin' | 'headerNames'> {
  const { savedKeyOrigin: _origin, headerNames: _names, ...rest } = profile;
  return rest;
}

/** The profile's headers as edited in this session; none (keep the saved ones) when they were not touched. */
function withTypedHeaders<T extends object>(
  form: OptionsForm,
  preset: ModelPresetId,
  profile: T,
): T & { headers?: Record<string, string> } {
  const rows = form.typedHeaders?.[preset];
  return rows ? { ...profile, headers: headersFromRows(rows) } : profile;
}

function withTypedKey<T extends { apiKeySaved: boolean }>(
  value: T,
  typed: string | undefined,
): Omit<T, 'apiKeySaved'> & { apiKey?: string } {
  const { apiKeySaved: _saved, ...rest } = value;
  return typed === undefined ? rest : { ...rest, apiKey: typed };
}

/** Parses the excluded-domains text box: one host per line or comma, scheme and path dropped. */
export function parseDomainList(text: string): string[] {
  const hosts = text
    .split(/[\s,]+/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^[a-z]+:\/\//, '')
        .replace(/[/?#].*$/, '')
        .replace(/^www\./, ''),
    )
    .filter(Boolean);
  return [...new Set(hosts)];
}

/** How the options sections change the form: each passes a function from the current form to the next. */
export type FormUpdate = (change: (form: OptionsForm) => OptionsForm) => void;

/** The settings sections that are flat records of values (model and search nest per preset or provider). */
export type FlatSection = 'evidence' | 'limits' | 'capture' | 'checking' | 'history';

/** A form change that merges `change` into one flat settings section, for `update(setSection(…))`. */
export function setSection<K extends FlatSection>(
  key: K,
  change: Partial<PublicSettings[K]>,
): (form: OptionsForm) => OptionsForm {
  return (form) => ({ ...form, settings: { ...form.settings, [key]: { ...form.settings[key], ...change } } });
}
