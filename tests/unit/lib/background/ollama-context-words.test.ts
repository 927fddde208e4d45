/** Ollama's context warning and error come from the catalogue of the interface language, numbers in its format. */
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
    expect(catalogueOllamaContextWords.shortened(4_096)).toBe(
      "Ollama's context is 4,096 tokens: prompts were shortened; raise num_ctx in Ollama for better checks.",
    );
    expect(catalogueOllamaContextWords.shortened(4_096)).toBe(ENGLISH_OLLAMA_CONTEXT_WORDS.shortened(4_096));
    expect(catalogueOllamaContextWords.tooLong(2_048)).toBe(ENGLISH_OLLAMA_CONTEXT_WORDS.tooLong(2_048));
  });

  it('speaks the chosen language, with its number format', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de')));
    expect(catalogueOllamaContextWords.shortened(4_096)).toBe(
      'Der Kontext von Ollama umfasst 4.096 Tokens: Prompts wurden gekürzt; erhöhen Sie num_ctx in Ollama für bessere Prüfungen.',
    );
  });
});
