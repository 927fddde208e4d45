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
 */
import { z } from 'zod';

import type { SearchProviderId } from '../core/ports';
import { defaultProfile } from './active-profile';
import { headerNameProblem, headerValueProblem } from './custom-headers';
import { MODEL_PRESET_IDS, type ModelPresetId } from './model-presets';
import { httpUrl, type ModelProfile, type SearchSettingsKey, type Settings } from './schema';

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

export interface PolicyField {
  key: PolicyKey;
  /** The value an administrator may write; anything else is a warning and the person's own setting is kept. */
  schema: z.ZodType;
  /** What a valid value is, in words, for warnings and the docs. */
  expects: string;
  chrome: ChromeSchema;
  /** What applies when the policy does not set the key, for the docs. */
  default: string;
  /** What the key does, for the docs and the Chrome schema's description. */
  description: string;
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
    schema: z.ZodType<V>;
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

const nonEmpty = z.string().trim().min(1);
/** An http(s) URL, or '' to turn the service off. */
const urlOrOff = z.union([z.literal(''), httpUrl]);
const hostList = z.array(z.string().trim().toLowerCase().min(1));
/** RFC 9110 field names are tokens; values may not break the header line. */
/** The same rules as the options page's custom headers (custom-headers.ts): a policy cannot send a forbidden one. */
const headerMap = z.record(
  z.string().refine((name) => headerNameProblem(name) === undefined),
  z.string().refine((value) => headerValueProblem(value) === undefined),
);

function profileField<K extends keyof ModelProfile & PolicyKey>(
  key: K,
  schema: z.ZodType<NonNullable<ModelProfile[K]>>,
  doc: { expects: string; chrome: ChromeSchema; default: string; description: string; secret?: boolean },
): PolicyField {
  return field({ key, schema, slot: profileSlot(key), fill: (value) => value as ModelProfile[K], ...doc });
}

function keyedSearchField(
  key: PolicyKey,
  provider: 'serper' | 'tavily' | 'brave' | 'exa' | 'googleFactCheck',
  name: string,
) {
  return field({
    key,
    schema: z.string().trim(),
    slot: searchSlot(provider),
    fill: (apiKey) => ({ enabled: apiKey !== '', apiKey }),
    expects: 'a string (the API key; "" turns it off)',
    chrome: STRING,
    default: 'the person’s own (off)',
    description: `${name} API key; setting it turns ${name} on, "" turns it off.`,
    secret: true,
  });
}

function flag<S extends FlatSection>(
  key: PolicyKey,
  section: S,
  property: { [K in keyof Settings[S]]: Settings[S][K] extends boolean ? K : never }[keyof Settings[S]],
  doc: { default: string; description: string },
): PolicyField {
  return field({
    key,
    schema: z.boolean(),
    slot: sectionSlot(section, property),
    fill: (value) => value as Settings[S][typeof property],
    expects: 'true or false',
    chrome: BOOLEAN,
    ...doc,
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
    expects: `one of ${MODEL_PRESET_IDS.join(', ')}`,
    chrome: STRING,
    default: '"custom" when baseUrl is set, else the person’s own',
    description: 'Model provider preset; "custom" for vLLM or any OpenAI-compatible gateway.',
  }),
  profileField('baseUrl', httpUrl, {
    expects: 'an http:// or https:// URL',
    chrome: STRING,
    default: 'the person’s own',
    description: 'Base URL of the OpenAI-compatible model server, e.g. "https://llm.example.org/v1".',
  }),
  profileField('apiKey', z.string().trim(), {
    expects: 'a string',
    chrome: STRING,
    default: 'the person’s own',
    description: 'API key or gateway token for the model server, sent only to baseUrl’s origin.',
    secret: true,
  }),
  profileField('fastModel', nonEmpty, {
    expects: 'a model name',
    chrome: STRING,
    default: 'the person’s own',
    description: 'Model that finds claims and writes search queries.',
  }),
  profileField('strongModel', nonEmpty, {
    expects: 'a model name',
    chrome: STRING,
    default: 'the person’s own',
    description: 'Model that judges evidence.',
  }),
  field({
    key: 'searxngUrl',
    schema: urlOrOff,
    slot: searchSlot('searxng'),
    fill: (baseUrl) => ({ enabled: baseUrl !== '', baseUrl }),
    expects: 'an http:// or https:// URL, or "" to turn SearXNG off',
    chrome: STRING,
    default: 'the person’s own (off)',
    description: 'SearXNG server; setting it turns SearXNG on, "" turns it off. Its JSON format must be enabled.',
  }),
  field({
    key: 'wikipedia',
    schema: z.boolean(),
    slot: searchSlot('wikipedia'),
    fill: (enabled) => ({ enabled }),
    expects: 'true or false',
    chrome: BOOLEAN,
    default: 'the person’s own (on)',
    description: 'Search Wikipedia (and Wikidata) for evidence.',
  }),
  flag('allowPrivateNetwork', 'evidence', 'allowPrivateNetwork', {
    default: 'the person’s own (false)',
    description: 'Allow evidence pages on localhost and private addresses (the organisation’s own hosts).',
  }),
  field({
    key: 'organisationName',
    schema: z.string().trim().min(1).max(80),
    slot: { get: () => undefined, set: (settings) => settings },
    fill: () => undefined,
    expects: 'a name of 1 to 80 characters',
    chrome: STRING,
    default: 'none: the model server’s host is named instead',
    description: 'Your organisation’s name, shown as “Checks run on <name>’s model server”.',
  }),
  profileField('embeddingModel', z.string().trim(), {
    expects: 'a model name, or "" for none',
    chrome: STRING,
    default: 'the person’s own (none)',
    description: 'Embedding model for passage ranking; "" ranks passages by their words only.',
  }),
  profileField('structuredOutput', z.enum(['auto', 'json_schema', 'json_object', 'prompt']), {
    expects: 'one of auto, json_schema, json_object, prompt',
    chrome: STRING,
    default: 'the person’s own (auto)',
    description: 'How replies are held to a JSON schema; "auto" finds out per model.',
  }),
  profileField('headers', headerMap, {
    expects: 'an object of header names to string values',
    chrome: { type: 'object', additionalProperties: { type: 'string' } },
    default: 'the person’s own (none)',
    description: 'Extra HTTP headers sent with every request to the model server (e.g. a gateway’s token).',
    secret: true,
  }),
  keyedSearchField('serperApiKey', 'serper', 'Serper'),
  keyedSearchField('tavilyApiKey', 'tavily', 'Tavily'),
  keyedSearchField('braveApiKey', 'brave', 'Brave Search'),
  keyedSearchField('exaApiKey', 'exa', 'Exa'),
  keyedSearchField('googleFactCheckApiKey', 'googleFactCheck', 'Google Fact Check Tools'),
  field({
    key: 'excludedDomains',
    schema: hostList,
    slot: sectionSlot('evidence', 'excludedDomains'),
    fill: (hosts) => [...new Set(hosts)],
    expects: 'a list of host names',
    chrome: STRING_LIST,
    default: 'the person’s own (none)',
    description: 'Sites never used as evidence; a host also excludes its subdomains.',
  }),
  field({
    key: 'resultsPerClaim',
    schema: z.number().int().min(1).max(10),
    slot: sectionSlot('evidence', 'resultsPerClaim'),
    fill: (value) => value,
    expects: 'a whole number from 1 to 10',
    chrome: INTEGER,
    default: 'the person’s own (3)',
    description: 'Search results read per claim.',
  }),
  field({
    key: 'mode',
    schema: z.enum(['fast', 'thorough']),
    slot: sectionSlot('checking', 'mode'),
    fill: (value) => value,
    expects: 'fast or thorough',
    chrome: STRING,
    default: 'the person’s own (fast)',
    description: 'Fast: one pass. Thorough: wrong and disputed claims go through a critics’ debate.',
  }),
  field({
    key: 'engine',
    schema: z.enum(['auto', 'model', 'on-device', 'evidence-only']),
    slot: sectionSlot('checking', 'engine'),
    fill: (value) => value,
    expects: 'one of auto, model, on-device, evidence-only',
    chrome: STRING,
    default: 'the person’s own (auto)',
    description: 'What checks run on: the model set up, Chrome’s on-device model, or sources only.',
  }),
  field({
    key: 'tokenBudget',
    schema: z.number().int().min(0),
    slot: sectionSlot('limits', 'tokensPerCheck'),
    fill: (value) => value,
    expects: 'a whole number, 0 or more',
    chrome: INTEGER,
    default: 'the person’s own (0: no limit)',
    description: 'Tokens one check may spend; it stops cleanly when reached. 0 means no limit.',
  }),
  flag('auditLinks', 'checking', 'auditLinks', {
    default: 'the person’s own (true)',
    description: 'Check the links a text cites.',
  }),
  flag('archiveLookup', 'checking', 'archiveLookup', {
    default: 'the person’s own (true)',
    description: 'Look dead links up in the web archive.',
  }),
  field({
    key: 'webArchiveUrl',
    schema: httpUrl,
    slot: sectionSlot('checking', 'webArchiveUrl'),
    fill: (value) => value,
    expects: 'an http:// or https:// URL',
    chrome: STRING,
    default: 'the person’s own (https://archive.org)',
    description: 'Origin of the Wayback availability API.',
  }),
  field({
    key: 'crossrefUrl',
    schema: httpUrl,
    slot: sectionSlot('checking', 'crossrefUrl'),
    fill: (value) => value,
    expects: 'an http:// or https:// URL',
    chrome: STRING,
    default: 'the person’s own (https://api.crossref.org)',
    description: 'Origin of the Crossref REST API (DOI look-ups).',
  }),
  flag('keepHistory', 'history', 'keep', {
    default: 'the person’s own (true)',
    description: 'Keep checks in the history; false keeps them for the browser session only.',
  }),
  field({
    key: 'historyDays',
    schema: z.number().int().min(0),
    slot: sectionSlot('history', 'days'),
    fill: (value) => value,
    expects: 'a whole number of days, 0 or more',
    chrome: INTEGER,
    default: 'the person’s own (0: kept until deleted)',
    description: 'Checks older than this many days are deleted. 0 keeps them until the person deletes them.',
  }),
  flag('floatingButton', 'capture', 'floatingButton', {
    default: 'the person’s own (true)',
    description: 'Show the “Fact-check” button next to selected text.',
  }),
  flag('autoCheckReplies', 'capture', 'autoCheckReplies', {
    default: 'the person’s own (false)',
    description: 'Check every new chatbot reply automatically.',
  }),
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

/** Chrome's `storage.managed_schema`: the top-level object Chrome requires, one property per policy key. */
export function chromeManagedSchema(): object {
  return {
    type: 'object',
    properties: Object.fromEntries(
      POLICY_FIELDS.map((entry) => [entry.key, { title: entry.key, description: entry.description, ...entry.chrome }]),
    ),
  };
}
