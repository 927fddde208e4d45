/**
 * Model provider presets. Each is an OpenAI-compatible endpoint; a preset only fills in defaults, and
 * every field stays editable. Model names are suggestions: "Test connection" lists what the server offers.
 */
export const MODEL_PRESET_IDS = ['openai', 'openrouter', 'groq', 'ollama', 'lmstudio', 'custom'] as const;
export type ModelPresetId = (typeof MODEL_PRESET_IDS)[number];

export interface ModelPreset {
  label: string;
  baseUrl: string;
  needsKey: boolean;
  fastModel: string;
  strongModel: string;
  /** Where to get a key or how to start the server, shown under the form. */
  hint: string;
}

export const MODEL_PRESETS: Record<ModelPresetId, ModelPreset> = {
  openai: {
    label: 'OpenAI',
    baseUrl: 'https://api.openai.com/v1',
    needsKey: true,
    fastModel: 'gpt-4.1-mini',
    strongModel: 'gpt-4.1',
    hint: 'Create a key at platform.openai.com → API keys.',
  },
  openrouter: {
    label: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api/v1',
    needsKey: true,
    fastModel: 'openai/gpt-4.1-mini',
    strongModel: 'openai/gpt-4.1',
    hint: 'Create a key at openrouter.ai → Keys. Model names include the vendor, e.g. "openai/gpt-4.1".',
  },
  groq: {
    label: 'Groq',
    baseUrl: 'https://api.groq.com/openai/v1',
    needsKey: true,
    fastModel: 'llama-3.1-8b-instant',
    strongModel: 'llama-3.3-70b-versatile',
    hint: 'Create a key at console.groq.com → API Keys.',
  },
  ollama: {
    label: 'Ollama (local)',
    baseUrl: 'http://localhost:11434/v1',
    needsKey: false,
    fastModel: 'llama3.1:8b',
    strongModel: 'llama3.1:8b',
    hint: 'Runs on your machine, no key. Pull a model first: `ollama pull llama3.1:8b`.',
  },
  lmstudio: {
    label: 'LM Studio (local)',
    baseUrl: 'http://localhost:1234/v1',
    needsKey: false,
    fastModel: '',
    strongModel: '',
    hint: 'Start the server in LM Studio (Developer → Start server) and load a model; no key.',
  },
  custom: {
    label: 'Custom (OpenAI-compatible)',
    baseUrl: '',
    needsKey: false,
    fastModel: '',
    strongModel: '',
    hint: 'Any server that speaks the OpenAI chat completions API, e.g. vLLM or a proxy.',
  },
};
