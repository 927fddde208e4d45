/**
 * The settings' shape refuses an address that is not http(s) with a reason said in the interface language of
 * the moment it is checked (saving and importing show it after the setting's path).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { DEFAULT_SETTINGS, httpUrl, settingsSchema } from '../../../../lib/settings/schema';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

afterEach(() => setMessageSource(browserSource()));

describe('an http(s) address', () => {
  it('is taken trimmed, and anything else is refused with the reason', () => {
    expect(httpUrl.parse(' https://api.crossref.org ')).toBe('https://api.crossref.org');
    expect(httpUrl.safeParse('ftp://x').error?.issues.map((issue) => issue.message)).toEqual([
      'must be an http:// or https:// URL',
    ]);
  });

  it('is refused in the interface language in use when it is checked', () => {
    const settings = { ...DEFAULT_SETTINGS, checking: { ...DEFAULT_SETTINGS.checking, crossrefUrl: 'crossref' } };
    setMessageSource(catalogueSource('fr', catalogue('fr')));
    expect(settingsSchema.safeParse(settings).error?.issues).toMatchObject([
      { path: ['checking', 'crossrefUrl'], message: 'doit être une URL http:// ou https://' },
    ]);
    setMessageSource(catalogueSource('ar', catalogue('ar')));
    expect(httpUrl.safeParse('crossref').error?.issues[0]?.message).toBe(
      'يجب أن يكون عنوان URL يبدأ بـ http:// أو https://',
    );
  });
});
