/**
 * The words about Ollama's context window (lib/llm/ollama-context.ts) in the interface language: a check's
 * warning when prompts were shortened to fit it, and the error when a step does not fit even then.
 */
import { t } from '../i18n/i18n';
import type { OllamaContextWords } from '../llm/ollama-context';

export const catalogueOllamaContextWords: OllamaContextWords = {
  shortened: (tokens) => t('ollamaContextShortened', { tokens }),
  tooLong: (tokens) => t('ollamaContextTooLong', { tokens }),
};
