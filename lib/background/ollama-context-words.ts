/**
 * The words about Ollama's context window (lib/llm/ollama-context.ts) in the interface language: the error when
 * a step does not fit even with its passages shortened. (The warning that prompts were shortened is a run notice,
 * worded when shown: lib/view/notice-words.ts.)
 */
import { t } from '../i18n/i18n';
import type { OllamaContextWords } from '../llm/ollama-context';

export const catalogueOllamaContextWords: OllamaContextWords = {
  tooLong: (tokens) => t('ollamaContextTooLong', { tokens }),
};
