/**
 * Every setting an organisation's policy can set, in one list: the policy key (the public contract
 * administrators write, docs/ADMINISTRATORS.md), how its value is checked (zod), where it goes in the
 * settings (a slot), and how it is declared to Chrome (public/managed-schema.json is generated from this
 * list and a test keeps the two equal). Adding a managed setting is adding one entry here.
 *
 * Chrome validates managed values against the declared schema and silently drops a value of the wrong
 * JSON type (only chrome://policy shows it). So the Chrome schema declares JSON types only, no enums,
 * ranges or patterns: every other mistake (an unknown preset, a URL that is not http(s), a negative
 * budget) reaches zod here and is shown as a warning in the options page. Firefox checks nothing, so
 * there every mistake, wrong types included, reaches zod.
 *
 * A field's words (what a valid value is, its default, what it does) are catalogue messages, said through
 * whichever translator asks: the interface language's in the options page's policy warnings
 * (policy-warnings.ts), English for the files administrators read. Chrome's `managed_schema` is one static
 * file whose `title` and `description` only document the policy to administrators
 * (developer.chrome.com/docs/extensions/mv3/manifest/storage), with no `__MSG_` substitution like the
 * manifest's, so public/managed-schema.json is written from the English catalogue
 * (scripts/build/write-managed-schema.ts); docs/ADMINISTRATORS.md is English and its table is held to the same
 * English words by its test.
 */
import * as z from 'zod/mini';

import type { SearchProviderId } from '../core/ports';
import type { Translator } from '../i18n/translator';
import { SEARCH_PROVIDER_LABELS } from '../search/meta';
import { defaultProfile } from './active-profile';
import { headerNameProblem, headerValueProblem } from './custom-headers';
import { MODEL_PRESET_IDS, type ModelPresetId } from './model-presets';
import { DEFAULT_SETTINGS, httpUrl, type ModelProfile, type SearchSettingsKey, type Settings } from './schema';

/** The JSON type Chrome's managed-storage schema declares for a key (draft-03 subset Chrome accepts). */
export type ChromeSchema =
  | { type: 'string' | 'boolean' | 'integer' }
  | { type: 'array'; items: { type: 'string' } }
  | { type: 'object'; additionalProperties: { type: 'string' } };

/** A place in the settings a policy value fills; model fields live in the profile of the preset in use. */
interface Slot<T> {
  /** The settings section it lies in. */
  section?: keyof Settings;
  get(settings: Settings, preset: ModelPresetId): T;
  set(settings: Settings, preset: ModelPresetId, value: T): Settings;
}

/** Every policy key, in the order they are applied (see {@link POLICY_FIELDS}). */
export const POLICY_KEYS = [
  'preset',
  'baseUrl',
  'apiKey',
  'fastModel',
  'strongModel',
  'searxngUrl',
  'wikipedia',
  'allowPrivateNetwork',
  'organisationName',
  'embeddingModel',
  'structuredOutput',
  'headers',
  'serperApiKey',
  'tavilyApiKey',
  'braveApiKey',
  'exaApiKey',
  'googleFactCheckApiKey',
  'excludedDomains',
  'resultsPerClaim',
  'mode',
  'engine',
  'tokenBudget',
  'auditLinks',
  'archiveLookup',
  'webArchiveUrl',
  'crossrefUrl',
  'keepHistory',
  'historyDays',
  'floatingButton',
  'autoCheckReplies',
] as const;
export type PolicyKey = (typeof POLICY_KEYS)[number];

/** Words said through a translator: the interface language's on screen, English in the administrators' files. */
export type Wording = (say: Pick<Translator, 't'>) => string;

export interface PolicyField {
  key: PolicyKey;
  /** The value an administrator may write; anything else is a warning and the person's own setting is kept. */
  schema: z.ZodMiniType;
  /** What a valid value is, in words, for warnings and the docs. */
  expects: Wording;
  chrome: ChromeSchema;
  /** What applies when the policy does not set the key, for the docs. */
  default: Wording;
  /** What the key does, for the docs and the Chrome schema's description. */
  description: Wording;
  /** Secret values (keys, tokens, headers) are never echoed, not even in a warning. */
  secret?: boolean;
  /** Fills the value into settings. Absent for keys that only describe (organisationName). */
  apply?: (settings: Settings, preset: ModelPresetId, value: unknown) => Settings;
  /** Copies this key's slot from `from` into `to`: what keeps a locked setting the person's own when saving. */
  keep?: (to: Settings, from: Settings, preset: ModelPresetId) => Settings;
  /** The value of this key's slot in `settings`, to compare two settings on it. */
  read?: (settings: Settings, preset: ModelPresetId) => unknown;
  /** The settings section the key fills. */
  section?: keyof Settings;
}

/** One entry: a typed slot and how a valid value fills it. */
function field<V, T>(
  spec: Omit<PolicyField, 'schema' | 'apply' | 'keep' | 'read' | 'section'> & {
    schema: z.ZodMiniType<V>;
    slot: Slot<T>;
    fill: (value: V, current: T) => T;
  },
): PolicyField {
  const { slot, fill, ...rest } = spec;
  return {
    ...rest,
    apply: (settings, preset, value) => slot.set(settings, preset, fill(value as V, slot.get(settings, preset))),
    keep: (to, from, preset) => slot.set(to, preset, slot.get(from, preset)),
    read: (settings, preset) => slot.get(settings, preset),
    ...(slot.section ? { section: slot.section } : {}),
  };
}

function profileSlot<K extends keyof ModelProfile>(key: K): Slot<ModelProfile[K]> {
  const profileOf = (settings: Settings, preset: ModelPresetId) =>
    settings.model.profiles[preset] ?? defaultProfile(preset);
  return {
    section: 'model',
    get: (settings, preset) => profileOf(settings, preset)[key],
    set(settings, preset, value) {
      const profile: ModelProfile = { ...profileOf(settings, preset), [key]: value };
      if (value === undefined) delete profile[key];
      return { ...settings, model: { ...settings.model, profiles: { ...settings.model.profiles, [preset]: profile } } };
    },
  };
}

type FlatSection = 'evidence' | 'limits' | 'capture' | 'checking' | 'history';

function sectionSlot<S extends FlatSection, K extends keyof Settings[S]>(section: S, key: K): Slot<Settings[S][K]> {
  return {
    section,
    get: (settings) => settings[section][key],
    set: (settings, _preset, value) => ({ ...settings, [section]: { ...settings[section], [key]: value } }),
  };
}

function searchSlot<K extends SearchSettingsKey>(key: K): Slot<Settings['search'][K]> {
  return {
    section: 'search',
    get: (settings) => settings.search[key],
    set: (settings, _preset, value) => ({ ...settings, search: { ...settings.search, [key]: value } }),
  };
}

const presetSlot: Slot<ModelPresetId> = {
  section: 'model',
  get: (settings) => settings.model.preset,
  set: (settings, _preset, value) => ({ ...settings, model: { ...settings.model, preset: value } }),
};

const STRING: ChromeSchema = { type: 'string' };
const BOOLEAN: ChromeSchema = { type: 'boolean' };
const INTEGER: ChromeSchema = { type: 'integer' };
const STRING_LIST: ChromeSchema = { type: 'array', items: { type: 'string' } };

const trimmed = () => z.string().check(z.trim());
const nonEmpty = z.string().check(z.trim(), z.minLength(1));

const own: Wording = (say) => say.t('policyDefaultOwn');
/** The person's own setting, whose default is `value` (a value as written in code: true, auto, 3, a URL). */
const ownWithDefault =
  (value: string | number): Wording =>
  (say) =>
    say.t('policyDefaultOwnValue', { value });
const trueOrFalse: Wording = (say) => say.t('policyExpectsEither', { first: 'true', second: 'false' });
const url: Wording = (say) => say.t('policyExpectsUrl');
const modelName: Wording = (say) => say.t('policyExpectsModelName');
const oneOf =
  (values: readonly string[]): Wording =>
  (say) =>
    say.t('policyExpectsOneOf', { values: values.join(', ') });
const STRUCTURED_OUTPUTS = ['auto', 'json_schema', 'json_object', 'prompt'] as const;
const ENGINES = ['auto', 'model', 'on-device', 'evidence-only'] as const;
const NAME_LENGTH = { min: 1, max: 80 };
const RESULTS_PER_CLAIM = { min: 1, max: 10 };
/** An http(s) URL, or '' to turn the service off. */
const urlOrOff = z.union([z.literal(''), httpUrl]);
const hostList = z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)));
/** RFC 9110 field names are tokens; values may not break the header line. */
/** The same rules as the options page's custom headers (custom-headers.ts): a policy cannot send a forbidden one. */
const headerMap = z.record(
  z.string().check(z.refine((name) => headerNameProblem(name) === undefined)),
  z.string().check(z.refine((value) => headerValueProblem(value) === undefined)),
);

function profileField<K extends keyof ModelProfile & PolicyKey>(
  key: K,
  schema: z.ZodMiniType<NonNullable<ModelProfile[K]>>,
  doc: { expects: Wording; chrome: ChromeSchema; default: Wording; description: Wording; secret?: boolean },
): PolicyField {
  return field({ key, schema, slot: profileSlot(key), fill: (value) => value as ModelProfile[K], ...doc });
}

function keyedSearchField(
  key: PolicyKey,
  provider: 'serper' | 'tavily' | 'brave' | 'exa' | 'googleFactCheck',
  id: SearchProviderId,
) {
  return field({
    key,
    schema: trimmed(),
    slot: searchSlot(provider),
    fill: (apiKey) => ({ enabled: apiKey !== '', apiKey }),
    expects: (say) => say.t('policyExpectsApiKey'),
    chrome: STRING,
    default: (say) => say.t('policyDefaultOwnOff'),
    description: (say) => say.t('policyDescription_searchApiKey', { name: SEARCH_PROVIDER_LABELS[id] }),
    secret: true,
  });
}

function flag<S extends FlatSection>(
  key: PolicyKey,
  section: S,
  property: { [K in keyof Settings[S]]: Settings[S][K] extends boolean ? K : never }[keyof Settings[S]],
  description: Wording,
): PolicyField {
  return field({
    key,
    schema: z.boolean(),
    slot: sectionSlot(section, property),
    fill: (value) => value as Settings[S][typeof property],
    expects: trueOrFalse,
    chrome: BOOLEAN,
    default: ownWithDefault(String(DEFAULT_SETTINGS[section][property])),
    description,
  });
}

/**
 * The policy keys, in the order they are applied: `preset` first, because the model keys fill the
 * profile of the preset in use. The first eight are the public contract named in the issue and never
 * change meaning; docs/ADMINISTRATORS.md lists them all.
 */
export const POLICY_FIELDS: readonly PolicyField[] = [
  field({
    key: 'preset',
    schema: z.enum(MODEL_PRESET_IDS),
    slot: presetSlot,
    fill: (value) => value,
    expects: oneOf(MODEL_PRESET_IDS),
    chrome: STRING,
    default: (say) => say.t('policyDefaultPreset'),
    description: (say) => say.t('policyDescription_preset'),
  }),
  profileField('baseUrl', httpUrl, {
    expects: url,
    chrome: STRING,
    default: own,
    description: (say) => say.t('policyDescription_baseUrl'),
  }),
  profileField('apiKey', trimmed(), {
    expects: (say) => say.t('policyExpectsString'),
    chrome: STRING,
    default: own,
    description: (say) => say.t('policyDescription_apiKey'),
    secret: true,
  }),
  profileField('fastModel', nonEmpty, {
    expects: modelName,
    chrome: STRING,
    default: own,
    description: (say) => say.t('policyDescription_fastModel'),
  }),
  profileField('strongModel', nonEmpty, {
    expects: modelName,
    chrome: STRING,
    default: own,
    description: (say) => say.t('policyDescription_strongModel'),
  }),
  field({
    key: 'searxngUrl',
    schema: urlOrOff,
    slot: searchSlot('searxng'),
    fill: (baseUrl) => ({ enabled: baseUrl !== '', baseUrl }),
    expects: (say) => say.t('policyExpectsUrlOrOff'),
    chrome: STRING,
    default: (say) => say.t('policyDefaultOwnOff'),
    description: (say) => say.t('policyDescription_searxngUrl'),
  }),
  field({
    key: 'wikipedia',
    schema: z.boolean(),
    slot: searchSlot('wikipedia'),
    fill: (enabled) => ({ enabled }),
    expects: trueOrFalse,
    chrome: BOOLEAN,
    default: (say) => say.t('policyDefaultOwnOn'),
    description: (say) => say.t('policyDescription_wikipedia'),
  }),
  flag('allowPrivateNetwork', 'evidence', 'allowPrivateNetwork', (say) =>
    say.t('policyDescription_allowPrivateNetwork'),
  ),
  field({
    key: 'organisationName',
    schema: z.string().check(z.trim(), z.minLength(NAME_LENGTH.min), z.maxLength(NAME_LENGTH.max)),
    slot: { get: () => undefined, set: (settings) => settings },
    fill: () => undefined,
    expects: (say) => say.t('policyExpectsName', NAME_LENGTH),
    chrome: STRING,
    default: (say) => say.t('policyDefaultOrganisationName'),
    description: (say) => say.t('policyDescription_organisationName'),
  }),
  profileField('embeddingModel', trimmed(), {
    expects: (say) => say.t('policyExpectsModelNameOrNone'),
    chrome: STRING,
    default: (say) => say.t('policyDefaultOwnNone'),
    description: (say) => say.t('policyDescription_embeddingModel'),
  }),
  profileField('structuredOutput', z.enum(STRUCTURED_OUTPUTS), {
    expects: oneOf(STRUCTURED_OUTPUTS),
    chrome: STRING,
    default: ownWithDefault('auto'),
    description: (say) => say.t('policyDescription_structuredOutput'),
  }),
  profileField('headers', headerMap, {
    expects: (say) => say.t('policyExpectsHeaders'),
    chrome: { type: 'object', additionalProperties: { type: 'string' } },
    default: (say) => say.t('policyDefaultOwnNone'),
    description: (say) => say.t('policyDescription_headers'),
    secret: true,
  }),
  keyedSearchField('serperApiKey', 'serper', 'serper'),
  keyedSearchField('tavilyApiKey', 'tavily', 'tavily'),
  keyedSearchField('braveApiKey', 'brave', 'brave'),
  keyedSearchField('exaApiKey', 'exa', 'exa'),
  keyedSearchField('googleFactCheckApiKey', 'googleFactCheck', 'google-factcheck'),
  field({
    key: 'excludedDomains',
    schema: hostList,
    slot: sectionSlot('evidence', 'excludedDomains'),
    fill: (hosts) => [...new Set(hosts)],
    expects: (say) => say.t('policyExpectsHostList'),
    chrome: STRING_LIST,
    default: (say) => say.t('policyDefaultOwnNone'),
    description: (say) => say.t('policyDescription_excludedDomains'),
  }),
  field({
    key: 'resultsPerClaim',
    schema: z.int().check(z.minimum(RESULTS_PER_CLAIM.min), z.maximum(RESULTS_PER_CLAIM.max)),
    slot: sectionSlot('evidence', 'resultsPerClaim'),
    fill: (value) => value,
    expects: (say) => say.t('policyExpectsWholeNumberRange', RESULTS_PER_CLAIM),
    chrome: INTEGER,
    default: ownWithDefault(DEFAULT_SETTINGS.evidence.resultsPerClaim),
    description: (say) => say.t('policyDescription_resultsPerClaim'),
  }),
  field({
    key: 'mode',
    schema: z.enum(['fast', 'thorough']),
    slot: sectionSlot('checking', 'mode'),
    fill: (value) => value,
    expects: (say) => say.t('policyExpectsEither', { first: 'fast', second: 'thorough' }),
    chrome: STRING,
    default: ownWithDefault(DEFAULT_SETTINGS.checking.mode),
    description: (say) => say.t('policyDescription_mode'),
  }),
  field({
    key: 'engine',
    schema: z.enum(ENGINES),
    slot: sectionSlot('checking', 'engine'),
    fill: (value) => value,
    expects: oneOf(ENGINES),
    chrome: STRING,
    default: ownWithDefault(DEFAULT_SETTINGS.checking.engine),
    description: (say) => say.t('policyDescription_engine'),
  }),
  field({
    key: 'tokenBudget',
    schema: z.int().check(z.minimum(0)),
    slot: sectionSlot('limits', 'tokensPerCheck'),
    fill: (value) => value,
    expects: (say) => say.t('policyExpectsWholeNumber'),
    chrome: INTEGER,
    default: (say) => say.t('policyDefaultOwnNoLimit'),
    description: (say) => say.t('policyDescription_tokenBudget'),
  }),
  flag('auditLinks', 'checking', 'auditLinks', (say) => say.t('policyDescription_auditLinks')),
  flag('archiveLookup', 'checking', 'archiveLookup', (say) => say.t('policyDescription_archiveLookup')),
  field({
    key: 'webArchiveUrl',
    schema: httpUrl,
    slot: sectionSlot('checking', 'webArchiveUrl'),
    fill: (value) => value,
    expects: url,
    chrome: STRING,
    default: ownWithDefault(DEFAULT_SETTINGS.checking.webArchiveUrl),
    description: (say) => say.t('policyDescription_webArchiveUrl'),
  }),
  field({
    key: 'crossrefUrl',
    schema: httpUrl,
    slot: sectionSlot('checking', 'crossrefUrl'),
    fill: (value) => value,
    expects: url,
    chrome: STRING,
    default: ownWithDefault(DEFAULT_SETTINGS.checking.crossrefUrl),
    description: (say) => say.t('policyDescription_crossrefUrl'),
  }),
  flag('keepHistory', 'history', 'keep', (say) => say.t('policyDescription_keepHistory')),
  field({
    key: 'historyDays',
    schema: z.int().check(z.minimum(0)),
    slot: sectionSlot('history', 'days'),
    fill: (value) => value,
    expects: (say) => say.t('policyExpectsDays'),
    chrome: INTEGER,
    default: (say) => say.t('policyDefaultOwnKeptUntilDeleted'),
    description: (say) => say.t('policyDescription_historyDays'),
  }),
  flag('floatingButton', 'capture', 'floatingButton', (say) => say.t('policyDescription_floatingButton')),
  flag('autoCheckReplies', 'capture', 'autoCheckReplies', (say) => say.t('policyDescription_autoCheckReplies')),
];

/** The key that locks each search provider's row (its switch, and its key or server URL). */
export const SEARCH_POLICY_KEY: Record<SearchProviderId, PolicyKey> = {
  wikipedia: 'wikipedia',
  searxng: 'searxngUrl',
  serper: 'serperApiKey',
  tavily: 'tavilyApiKey',
  brave: 'braveApiKey',
  exa: 'exaApiKey',
  'google-factcheck': 'googleFactCheckApiKey',
};

/** The field of a key, or undefined for a key the policy language does not have. */
export function policyField(key: string): PolicyField | undefined {
  return POLICY_FIELDS.find((candidate) => candidate.key === key);
}

/**
 * Chrome's `storage.managed_schema`: the top-level object Chrome requires, one property per policy key, its
 * description said by `say` (the English catalogue: see the file's overview).
 */
export function chromeManagedSchema(say: Pick<Translator, 't'>): object {
  return {
    type: 'object',
    properties: Object.fromEntries(
      POLICY_FIELDS.map((entry) => [
        entry.key,
        { title: entry.key, description: entry.description(say), ...entry.chrome },
      ]),
    ),
  };
}
