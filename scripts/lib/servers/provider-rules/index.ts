/**
 * The provider matrix: one strict mode of the loopback model server per real provider, with the preset a
 * person would choose for it and that preset's default models.
 */
import { MODEL_PRESETS, type ModelPresetId } from '../../../../lib/settings/model-presets';
import { anthropicRules } from './anthropic';
import { deepSeekRules } from './deepseek';
import { geminiRules } from './gemini';
import { groqRules } from './groq';
import { lmStudioRules } from './lmstudio';
import { ollamaRules } from './ollama';
import { openAiRules } from './openai';
import { openRouterRules } from './openrouter';
import type { ProviderRules } from './types';
import { vllmRules } from './vllm';

export { understoodRequest } from './model-reads-prompt';
export { strictSchemaViolation } from './strict-schema';
export * from './types';

/** One provider mode of the matrix. */
export interface ProviderMode {
  id: string;
  /** The preset a person picks for this provider (vLLM goes through "custom"). */
  preset: ModelPresetId;
  fastModel: string;
  strongModel: string;
  rules: () => ProviderRules;
  /** Archive records per evidence page (startFactWorld's longPages), for a mode whose context is small. */
  longPages?: number;
}

const preset = (id: ModelPresetId) => ({
  preset: id,
  fastModel: MODEL_PRESETS[id].fastModel,
  strongModel: MODEL_PRESETS[id].strongModel,
});

/** Every provider mode, with the preset's default models (LM Studio and vLLM have none: a loaded model). */
export const PROVIDER_MODES: ProviderMode[] = [
  { id: 'openai', ...preset('openai'), rules: () => openAiRules() },
  { id: 'openrouter', ...preset('openrouter'), rules: () => openRouterRules() },
  { id: 'groq', ...preset('groq'), rules: () => groqRules() },
  { id: 'gemini', ...preset('gemini'), rules: () => geminiRules() },
  { id: 'anthropic', ...preset('anthropic'), rules: () => anthropicRules() },
  { id: 'deepseek', ...preset('deepseek'), rules: () => deepSeekRules() },
  { id: 'ollama', ...preset('ollama'), rules: () => ollamaRules() },
  // Below 24 GiB of VRAM Ollama runs a 4,096-token context and cuts longer prompts silently (ollama-context.ts).
  // Long evidence pages, so a Thorough check's prompts outgrow it.
  { id: 'ollama-4k', ...preset('ollama'), rules: () => ollamaRules({ contextTokens: 4_096 }), longPages: 12 },
  { id: 'lmstudio', preset: 'lmstudio', fastModel: 'qwen3-8b', strongModel: 'qwen3-8b', rules: () => lmStudioRules() },
  { id: 'vllm', preset: 'custom', fastModel: 'Qwen/Qwen3-8B', strongModel: 'Qwen/Qwen3-8B', rules: () => vllmRules() },
];

export {
  anthropicRules,
  deepSeekRules,
  geminiRules,
  groqRules,
  lmStudioRules,
  ollamaRules,
  openAiRules,
  openRouterRules,
  vllmRules,
};
