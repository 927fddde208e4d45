import { t } from '../i18n/i18n';

/**
 * Model provider presets. Each is an OpenAI-compatible endpoint; a preset only fills in defaults, and
 * every field stays editable. Model names are suggestions: "Test connection" lists what the server offers.
 */
export const MODEL_PRESET_IDS = [
  'openai',
  'openrouter',
  'groq',
  'gemini',
  'anthropic',
  'deepseek',
  'ollama',
  'lmstudio',
  'custom',
] as const;
export type ModelPresetId = (typeof MODEL_PRESET_IDS)[number];

export interface ModelPreset {
  /** The provider's name; a getter where it has words to translate, so it is read in the language in use. */
  readonly label: string;
  baseUrl: string;
  needsKey: boolean;
  fastModel: string;
  strongModel: string;
  /** Where to get a key or how to start the server, shown under the form (a getter: the interface language). */
  readonly hint: string;
}

/*
 * Default models, checked against each provider's model list and deprecation page (26 November 2026; none
 * shuts down before 26 February 2027): the cheapest model that does structured output well for "fast"
 * (claim extraction, queries, source types), a stronger one for "strong" (verification, revisions,
 * explanation scores, debate).
 * - OpenAI: https://developers.openai.com/api/docs/models/gpt-6-luna ("the most efficient model for focused,
 *   high-volume tasks") / https://developers.openai.com/api/docs/models/gpt-6.2-sol (released 2026-11-17);
 *   reasoning models: max_completion_tokens, reasoning_effort, no temperature. The gpt-4o/4.1 family shuts
 *   down on 2027-01-14 with gpt-6-luna as the replacement (https://developers.openai.com/api/docs/deprecations).
 * - OpenRouter: openai/gpt-5.4-mini / openai/gpt-5.4 stay: no shutdown announced for them, and OpenRouter's own
 *   slugs for the GPT-6 models were not found in its stored docs (check https://openrouter.ai/models).
 * - Groq: https://console.groq.com/docs/structured-outputs — only openai/gpt-oss-20b and -120b take
 *   json_schema with strict: true; llama-3.x models refuse json_schema.
 * - Gemini: https://ai.google.dev/gemini-api/docs/models — gemini-3.5-flash-lite / gemini-3.8-flash (3.8 Flash
 *   is the new stable model, 3.6 the previous generation; neither has a shutdown date on
 *   https://ai.google.dev/gemini-api/docs/deprecations).
 * - Anthropic: https://platform.claude.com/docs/en/about-claude/models/overview — claude-haiku-4-5 /
 *   claude-sonnet-4-6, through https://docs.claude.com/en/api/openai-sdk (response_format ignored). Claude
 *   Haiku 5.5 (claude-haiku-5-5, 2026-10-07) is newer, but refuses sampling parameters and thinks by default
 *   (https://platform.claude.com/docs/en/models/haiku-5-5/migration-guide); no retirement date for the 4.x
 *   pair was found on https://platform.claude.com/docs/en/about-claude/model-deprecations.
 * - DeepSeek: https://api-docs.deepseek.com/quick_start/pricing — deepseek-flash / deepseek-v4-pro (JSON
 *   Output only, no json_schema).
 */

export const MODEL_PRESETS: Record<ModelPresetId, ModelPreset> = {
  openai: {
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    fastModel: 'gpt-6-luna',
    strongModel: 'gpt-6.2-sol',
    get hint() {
      return t('settingsHintOpenai');
    },
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    fastModel: 'openai/gpt-5.4-mini',
    strongModel: 'openai/gpt-5.4',
    get hint() {
      return t('settingsHintOpenrouter');
    },
  },
  groq: {
    label: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsKey: true,
    fastModel: 'openai/gpt-oss-20b',
    strongModel: 'openai/gpt-oss-120b',
    get hint() {
      return t('settingsHintGroq');
    },
  },
  gemini: {
    get label() {
      return t('settingsPresetGemini');
    },
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    needsKey: true,
    fastModel: 'gemini-3.5-flash-lite',
    strongModel: 'gemini-3.8-flash',
    get hint() {
      return t('settingsHintGemini');
    },
  },
  anthropic: {
    get label() {
      return t('settingsPresetAnthropic');
    },
    baseUrl: 'https://api.anthropic.com/v1',
    needsKey: true,
    fastModel: 'claude-haiku-4-5',
    strongModel: 'claude-sonnet-4-6',
    get hint() {
      return t('settingsHintAnthropic');
    },
  },
  deepseek: {
    label: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com',
    needsKey: true,
    fastModel: 'deepseek-flash',
    strongModel: 'deepseek-v4-pro',
    get hint() {
      return t('settingsHintDeepseek');
    },
  },
  ollama: {
    get label() {
      return t('settingsPresetOllama');
    },
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    fastModel: 'llama3.1:8b',
    strongModel: 'llama3.1:8b',
    get hint() {
      return t('settingsHintOllama', { command: '`ollama pull llama3.1:8b`' });
    },
  },
  lmstudio: {
    get label() {
      return t('settingsPresetLmStudio');
    },
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    fastModel: '',
    strongModel: '',
    get hint() {
      return t('settingsHintLmstudio');
    },
  },
  custom: {
    get label() {
      return t('settingsPresetCustom');
    },
    baseUrl: '',
    needsKey: false,
    fastModel: '',
    strongModel: '',
    get hint() {
      return t('settingsHintCustom');
    },
  },
};

/**
 * What a model server's errors call it: its preset's label, except the custom preset's. That one says what kind of
 * server it is, not whose ("Custom (OpenAI-compatible)"), and put where a name goes it reads wrong ("Das Tageslimit
 * von Benutzerdefiniert (OpenAI-kompatibel)"), so its errors take the sentences written for a server without a name
 * ("The model server did not answer in time."), worded in the interface language whenever they are shown.
 */
export function serverName(preset: ModelPresetId): string | undefined {
  return preset === 'custom' ? undefined : MODEL_PRESETS[preset].label;
}
