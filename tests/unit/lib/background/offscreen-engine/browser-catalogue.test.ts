/**
 * `i18n` for Chrome's offscreen document (issue 27, browser-catalogue.ts): the catalogue the browser picked, the
 * default locale's behind it, as the browser's own `i18n.getMessage` answers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { browserCatalogueI18n, catalogueI18n } from '../../../../../lib/background/offscreen-engine/browser-catalogue';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { catalogueSource } from '../../../../../lib/i18n/sources';

function catalogue(locale: string): Catalogue {
  return JSON.parse(readFileSync(join(process.cwd(), `public/_locales/${locale}/messages.json`), 'utf8')) as Catalogue;
}

describe('catalogueI18n', () => {
  const own: Catalogue = {
    greeting: { message: 'Bonjour $NAME$', placeholders: { name: { content: '$1' } } },
  };
  const fallback: Catalogue = {
    greeting: { message: 'Hello $NAME$', placeholders: { name: { content: '$1' } } },
    onlyEnglish: { message: 'Only in English: $1 and $2' },
  };

  it('answers from its own catalogue, then from the default locale’s, then with nothing', () => {
    const i18n = catalogueI18n(catalogueSource('fr', own, fallback), 'fr-FR');
    expect(i18n.getMessage('greeting', 'Ana')).toBe('Bonjour Ana');
    expect(i18n.getMessage('onlyEnglish', ['a', 'b'])).toBe('Only in English: a and b');
    expect(i18n.getMessage('nowhere')).toBe('');
    expect(i18n.getUILanguage()).toBe('fr-FR');
  });
});

describe('browserCatalogueI18n', () => {
  it('answers from the catalogue the worker named', async () => {
    const i18n = await browserCatalogueI18n('pt_BR', 'pt-BR');
    expect(i18n.getMessage('bgEngineMissing')).toBe(catalogue('pt_BR').bgEngineMissing!.message);
    expect(i18n.getMessage('localeCode')).toBe('pt_BR');
  });

  it('falls back to the default locale’s catalogue for a code that names no shipped one', async () => {
    const english = catalogue('en').bgEngineMissing!.message;
    for (const code of ['xx', '', undefined, 42]) {
      const i18n = await browserCatalogueI18n(code, 'xx');
      expect(i18n.getMessage('bgEngineMissing')).toBe(english);
      expect(i18n.getMessage('localeCode')).toBe('en');
    }
  });
});
