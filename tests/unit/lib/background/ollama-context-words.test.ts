/**
 * Ollama's context error comes from the catalogue of the interface language, numbers in its format. (The warning
 * that prompts were shortened is a run notice worded when shown: tests/unit/lib/view/notice-words.test.ts.)
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { catalogueOllamaContextWords } from '../../../../lib/background/ollama-context-words';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { ENGLISH_OLLAMA_CONTEXT_WORDS } from '../../../../lib/llm/ollama-context';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

describe('catalogueOllamaContextWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('says in English what the Node commands say', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    expect(catalogueOllamaContextWords.tooLong(2_048)).toBe(
      "This step does not fit Ollama's 2,048-token context even with its passages shortened; raise num_ctx in Ollama, or check a shorter text.",
    );
    expect(catalogueOllamaContextWords.tooLong(2_048)).toBe(ENGLISH_OLLAMA_CONTEXT_WORDS.tooLong(2_048));
  });

  it('speaks the chosen language, with its number format', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de')));
    expect(catalogueOllamaContextWords.tooLong(2_048)).toContain('2.048');
  });
});
