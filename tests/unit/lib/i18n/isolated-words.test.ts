/**
 * Values from elsewhere (a stored English cause, a host, a claim from the page) inside a translated plain-text
 * sentence: isolated (U+2068 … U+2069) when the words read right to left, untouched otherwise.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource, t } from '../../../../lib/i18n/i18n';
import { clipIsolated, isolate, isolatingT, tIsolatedWords } from '../../../../lib/i18n/isolated-words';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

afterEach(() => setMessageSource(browserSource()));

describe('tIsolatedWords', () => {
  it('isolates the named value inside an Arabic sentence, and only it', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const cause = 'Search failed: HTTP 500.';
    const said = tIsolatedWords('noSourcesSomeFailed', { count: 2, cause }, ['cause']);
    expect(said).toBe(t('noSourcesSomeFailed', { count: 2, cause: `\u2068${cause}\u2069` }));
    expect(said.match(/\u2068/g)).toHaveLength(1);
  });

  it('leaves a left-to-right interface’s words unchanged', () => {
    setMessageSource(catalogueSource('fr', shipped('fr')));
    const said = tIsolatedWords('claimWhy', { reason: 'timeout.' });
    expect(said).toBe(t('claimWhy', { reason: 'timeout.' }));
    expect(said).not.toMatch(/[\u2068\u2069]/);
  });

  it('follows the words it is given, not the interface: English words in an Arabic interface stay plain', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const english = createTranslator(catalogueSource('en', shipped('en')));
    expect(tIsolatedWords('claimWhy', { reason: 'timeout.' }, undefined, english)).toBe(
      english.t('claimWhy', { reason: 'timeout.' }),
    );
    const arabic = createTranslator(catalogueSource('ar', shipped('ar')));
    setMessageSource(catalogueSource('en', shipped('en')));
    expect(tIsolatedWords('claimWhy', { reason: 'timeout.' }, ['reason'], arabic)).toContain('\u2068timeout.\u2069');
  });
});

describe('isolatingT', () => {
  it('isolates every text parameter, never a number, and says a message without parameters as t() does', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const say = isolatingT();
    expect(say('errorSearchUnreachable', { provider: 'SearXNG', host: '127.0.0.1:8888' })).toBe(
      t('errorSearchUnreachable', { provider: isolate('SearXNG', 'rtl'), host: isolate('127.0.0.1:8888', 'rtl') }),
    );
    expect(say('headlineChecking', { count: 3 })).not.toMatch(/[\u2068\u2069]/);
    expect(say('errorRequestCancelled')).toBe(t('errorRequestCancelled'));
  });
});

describe('clipIsolated', () => {
  it('cuts a long text, closes the isolates the cut left open, and never splits a surrogate pair', () => {
    expect(clipIsolated('short', 10)).toBe('short');
    expect(clipIsolated('\u2068abc\u2069 \u2068defghij\u2069', 8)).toBe('\u2068abc\u2069 \u2068d…\u2069');
    expect(clipIsolated('\u2068a\u2068bcdef\u2069\u2069', 4)).toBe('\u2068a\u2068b…\u2069\u2069');
    expect(clipIsolated('\u2068abc\u2069 defghij', 7)).toBe('\u2068abc\u2069 d…');
    expect(clipIsolated('ab😀cd', 3)).toBe('ab…');
    expect(clipIsolated('abcdefgh', 5, 8)).toBe('abcdefgh');
  });
});
