/**
 * "Export settings" and "Import settings": the file carries the settings without a key or header, an
 * import is a draft that keeps the saved keys, and a bad file is refused whole with what is wrong.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { type Catalogue, LOCALES } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { applyDraft, redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { MAX_SETTINGS_FILE_CHARS, parseSettingsFile, settingsFileText } from '../../../../lib/settings/settings-file';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const saved: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'groq',
    profiles: {
      groq: {
        baseUrl: 'https://api.groq.com/openai/v1',
        apiKey: 'gsk-secret',
        headers: { 'X-Team': 'header-secret' },
        fastModel: 'g',
        strongModel: 'g',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
  search: { ...DEFAULT_SETTINGS.search, brave: { enabled: true, apiKey: 'brave-secret' } },
  history: { keep: true, days: 30 },
};

describe('a settings file', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('holds the settings without any key, header or mark of one', () => {
    const text = settingsFileText({ ...redactSettings(saved), managed: { keys: ['wikipedia'], warnings: [] } });
    expect(text).not.toMatch(/secret|apiKeySaved|savedKeyOrigin|managed/);
    expect(JSON.parse(text)).toMatchObject({
      kind: 'factlight-settings',
      version: 1,
      settings: { history: saved.history },
    });
  });

  it('imports into the same settings, keys kept, in another browser with its own keys', () => {
    const text = settingsFileText(redactSettings(saved));
    const here = parseSettingsFile(text, saved);
    expect(here.ok && applyDraft(saved, here.draft)).toEqual(saved);

    const elsewhere: Settings = { ...DEFAULT_SETTINGS, history: { keep: false, days: 0 } };
    const there = parseSettingsFile(text, elsewhere);
    if (!there.ok) throw new Error(there.error);
    const merged = applyDraft(elsewhere, there.draft);
    expect(merged.model.preset).toBe('groq');
    expect(merged.model.profiles.groq?.apiKey).toBe('');
    expect(merged.search.brave).toEqual({ enabled: true, apiKey: '' });
    expect(merged.history).toEqual({ keep: true, days: 30 });
    expect(there.sections.sort()).toEqual(['capture', 'checking', 'evidence', 'history', 'limits', 'model', 'search']);
  });

  it('leaves out what the file does not hold', () => {
    const text = JSON.stringify({
      kind: 'factlight-settings',
      version: 1,
      settings: { history: { keep: false, days: 0 } },
    });
    const result = parseSettingsFile(text, saved);
    if (!result.ok) throw new Error(result.error);
    expect(result.sections).toEqual(['history']);
    expect(applyDraft(saved, result.draft)).toEqual({ ...saved, history: { keep: false, days: 0 } });
  });

  it('names the Export settings button by its own label, in every language', async () => {
    const english = await catalogue('en');
    for (const locale of LOCALES) {
      const own = await catalogue(locale);
      setMessageSource(catalogueSource(locale, own, english));
      const button = own.optionsExport!.message;
      expect(parseSettingsFile('{', saved), locale).toMatchObject({ error: expect.stringContaining(button) });
      expect(parseSettingsFile('{"checks":[]}', saved), locale).toMatchObject({
        error: expect.stringContaining(button),
      });
    }
    const renamed = { ...english, optionsExport: { message: 'Save settings to a file' } };
    setMessageSource(catalogueSource('en', renamed));
    expect(parseSettingsFile('{', saved)).toEqual({
      ok: false,
      error: 'The file is not JSON: choose a file made by "Save settings to a file".',
    });
    expect(parseSettingsFile('{"checks":[]}', saved)).toEqual({
      ok: false,
      error: 'This is not a Factlight settings file: choose a file made by "Save settings to a file".',
    });
  });

  it('is refused whole when it is not JSON, not a settings file, invalid or too large', () => {
    expect(parseSettingsFile('{', saved)).toEqual({
      ok: false,
      error: 'The file is not JSON: choose a file made by "Export settings".',
    });
    expect(parseSettingsFile('{"checks":[]}', saved)).toMatchObject({
      ok: false,
      error: /not a Factlight settings file/,
    });
    const bad = JSON.stringify({
      kind: 'factlight-settings',
      version: 1,
      settings: { history: { keep: 'yes', days: -1 } },
    });
    const refused = parseSettingsFile(bad, saved);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^history\.keep: .*; history\.days: /);
    expect(parseSettingsFile(' '.repeat(MAX_SETTINGS_FILE_CHARS + 1), saved)).toMatchObject({
      ok: false,
      error: /too large/,
    });
  });
});
