/**
 * A check's warnings in the interface language: a coded warning is worded by the catalogue (in English the
 * run's own words), one without a code, as older checks stored it, is shown as it is.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishNotice, type RunNotice } from '../../../../lib/core/notices';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { noticeWords, warningWords } from '../../../../lib/view/notice-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

const PASSAGES: RunNotice = { code: 'passages-not-judged', left: 3, total: 8, claim: 'The wall is visible' };
const PAGES: RunNotice = {
  code: 'pages-not-judged',
  failed: 2,
  total: 4,
  claim: 'The wall is visible',
  cause: 'HTTP 500',
};

describe('noticeWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English says what the run stored', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    expect(noticeWords(PASSAGES)).toBe(englishNotice(PASSAGES));
    expect(noticeWords(PAGES)).toBe(englishNotice(PAGES));
  });

  it('in German, the claim and the cause as given; an older warning without a code as stored', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    const old = 'Brave Search refused the key (HTTP 401).';
    const check = {
      warnings: [englishNotice(PAGES), old],
      notices: { [englishNotice(PAGES)]: PAGES },
    };
    expect(warningWords(check)).toEqual([
      '2 von 4 Seiten zu „The wall is visible“ konnten nicht beurteilt werden (HTTP 500); das Urteil stützt sich auf die übrigen Seiten.',
      old,
    ]);
    expect(warningWords({ warnings: [englishNotice(PASSAGES)] })).toEqual([englishNotice(PASSAGES)]);
    // A search source's failure, kept as a code: worded in German, the source's name as given.
    const failed: RunNotice = {
      code: 'source-failed',
      error: { code: 'search-http', provider: 'SearXNG', status: 500, reason: 'server' },
    };
    expect(englishNotice(failed)).toBe('SearXNG had a server error (500).');
    expect(noticeWords(failed)).toBe('SearXNG hatte einen Serverfehler (500).');
  });
});
