/**
 * The shape of Factlight's settings, validated on every read and save. Secrets (API keys) live inside
 * these settings, which only the background reads; UIs see `PublicSettings` (see redact.ts).
 */
import '../validation/english-issues';

import * as z from 'zod/mini';

import { t } from '../i18n/i18n';
import { MODEL_PRESET_IDS } from './model-presets';

/**
 * An http(s) URL. Its message is said when a value fails (zod calls `error` then), so it is in the interface
 * language of that moment, like the import and save errors that show it after the setting's path.
 */
export const httpUrl = z.string().check(
  z.trim(),
  z.refine((value) => /^https?:\/\/[^\s/]+/i.test(value), { error: () => t('settingsUrlNotHttp') }),
);

/** A string without surrounding white space. */
const trimmed = () => z.string().check(z.trim());

/** An integer from `min` to `max`. */
const intBetween = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));

/** Host names as typed: trimmed, lower case, none empty. */
const hostNames = () => z.array(z.string().check(z.trim(), z.toLowerCase(), z.minLength(1)));

/** An http(s) URL, or empty when not configured yet. */
const optionalHttpUrl = z.union([z.literal(''), httpUrl]);

export const modelProfileSchema = z.object({
  baseUrl: optionalHttpUrl,
  apiKey: z.string(),
  fastModel: trimmed(),
  strongModel: trimmed(),
  /** Embedding model for passage ranking; empty means lexical ranking only. Added after v1, hence the default. */
  embeddingModel: z._default(trimmed(), ''),
  /**
   * How replies are constrained to a JSON schema. Most servers support OpenAI structured outputs
   * (`json_schema`); some older ones only `json_object`, with the schema put in the prompt; `prompt`
   * (added later, hence only new values) sends no response_format and describes the schema in the prompt.
   * `auto` walks json_schema → json_object → prompt per model, as far as the server requires.
   */
  structuredOutput: z.enum(['auto', 'json_schema', 'json_object', 'prompt']),
  /**
   * reasoning_effort sent to reasoning models (gpt-5 family, o-series, gpt-oss): the fast model does claim
   * extraction and queries, the strong one verification. Added after v1, so optional: absent means
   * {@link DEFAULT_REASONING_EFFORT} (kept optional so every stored or hand-written profile stays valid).
   */
  reasoningEffort: z.optional(
    z.object({ fast: z.enum(['low', 'medium', 'high']), strong: z.enum(['low', 'medium', 'high']) }),
  ),
  /**
   * Extra HTTP headers sent with every request to this server only (a gateway's token, OpenRouter's app
   * headers). Secrets like the key: never sent to a page (redact.ts). Optional: absent means none.
   */
  headers: z.optional(z.record(z.string(), z.string())),
});

/** Reasoning effort when a profile sets none: low for claim extraction, medium for verification. */
export const DEFAULT_REASONING_EFFORT = { fast: 'low', strong: 'medium' } as const;
export type ModelProfile = z.infer<typeof modelProfileSchema>;

export const modelSettingsSchema = z.object({
  preset: z.enum(MODEL_PRESET_IDS),
  /** One profile per preset, so switching provider and back keeps each one's key and models. */
  profiles: z.partialRecord(z.enum(MODEL_PRESET_IDS), modelProfileSchema),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

const keyedProvider = z.object({ enabled: z.boolean(), apiKey: z.string() });

export const searchSettingsSchema = z.object({
  wikipedia: z.object({ enabled: z.boolean() }),
  searxng: z.object({ enabled: z.boolean(), baseUrl: optionalHttpUrl }),
  serper: keyedProvider,
  tavily: keyedProvider,
  brave: keyedProvider,
  exa: keyedProvider,
  googleFactCheck: keyedProvider,
});
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
export type SearchSettingsKey = keyof SearchSettings;

export const evidenceSettingsSchema = z.object({
  resultsPerClaim: intBetween(1, 10),
  passagesPerPage: intBetween(1, 5),
  contextSentences: intBetween(0, 5),
  /** Hosts never used as evidence; a host also excludes its subdomains. */
  excludedDomains: hostNames(),
  /** Off by default: evidence URLs pointing at localhost or private ranges are refused (SSRF guard). */
  allowPrivateNetwork: z.boolean(),
});
export type EvidenceSettings = z.infer<typeof evidenceSettingsSchema>;

export const limitsSettingsSchema = z.object({
  /** Tokens one check may spend; the check stops cleanly when it is reached. 0 means no limit. */
  tokensPerCheck: z.int().check(z.minimum(0)),
});
export type LimitsSettings = z.infer<typeof limitsSettingsSchema>;

export const captureSettingsSchema = z.object({
  /** The small "Fact-check" button near a selection. */
  floatingButton: z.boolean(),
  /** Sites where the floating button never shows (host names; subdomains included). */
  floatingButtonOffSites: hostNames(),
  /** Check every new chatbot reply as soon as it is finished. */
  autoCheckReplies: z.boolean(),
});
export type CaptureSettings = z.infer<typeof captureSettingsSchema>;

export const historySettingsSchema = z.object({
  /** Off: checks are kept for the browser session only (see lib/background/history-retention.ts). */
  keep: z.boolean(),
  /** Checks older than this many days are deleted; 0 keeps them until the person deletes them. */
  days: z.int().check(z.minimum(0)),
});
export type HistorySettings = z.infer<typeof historySettingsSchema>;

export const DEFAULT_HISTORY: HistorySettings = { keep: true, days: 0 };

export const checkingSettingsSchema = z.object({
  /** Fast: one pass. Thorough: refuted and disputed claims' explanations and revisions go through a critics' debate. */
  mode: z.enum(['fast', 'thorough']),
  /** Retrieve and judge every link the checked text cites. */
  auditLinks: z.boolean(),
  /** Look dead links up in a web archive (Internet Archive availability API at this origin). */
  archiveLookup: z.boolean(),
  webArchiveUrl: httpUrl,
  /** DOI registry (Crossref REST API) used to catch invented references. */
  crossrefUrl: httpUrl,
  /**
   * What checks run on (see lib/settings/engine.ts). `auto`: the model set up in Settings if there is one,
   * else Chrome's on-device model when this browser has it, else sources only. Added after v1: defaulted.
   */
  engine: z._default(z.enum(['auto', 'model', 'on-device', 'evidence-only']), 'auto'),
});
export type CheckingSettings = z.infer<typeof checkingSettingsSchema>;

export const DEFAULT_CHECKING: CheckingSettings = {
  mode: 'fast',
  auditLinks: true,
  archiveLookup: true,
  webArchiveUrl: 'https://archive.org',
  crossrefUrl: 'https://api.crossref.org',
  engine: 'auto',
};

export const settingsSchema = z.object({
  model: modelSettingsSchema,
  search: searchSettingsSchema,
  evidence: evidenceSettingsSchema,
  // Added after v1: defaulted so settings saved before it still validate.
  limits: z._default(limitsSettingsSchema, { tokensPerCheck: 0 }),
  capture: z._default(captureSettingsSchema, {
    floatingButton: true,
    floatingButtonOffSites: [],
    autoCheckReplies: false,
  }),
  checking: z._default(checkingSettingsSchema, DEFAULT_CHECKING),
  history: z._default(historySettingsSchema, DEFAULT_HISTORY),
});
export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  model: { preset: 'openai', profiles: {} },
  search: {
    wikipedia: { enabled: true },
    searxng: { enabled: false, baseUrl: '' },
    serper: { enabled: false, apiKey: '' },
    tavily: { enabled: false, apiKey: '' },
    brave: { enabled: false, apiKey: '' },
    exa: { enabled: false, apiKey: '' },
    googleFactCheck: { enabled: false, apiKey: '' },
  },
  evidence: {
    resultsPerClaim: 3,
    passagesPerPage: 1,
    contextSentences: 1,
    excludedDomains: [],
    allowPrivateNetwork: false,
  },
  limits: { tokensPerCheck: 0 },
  capture: { floatingButton: true, floatingButtonOffSites: [], autoCheckReplies: false },
  checking: DEFAULT_CHECKING,
  history: DEFAULT_HISTORY,
};
