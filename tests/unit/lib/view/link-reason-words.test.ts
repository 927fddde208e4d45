/**
 * Why a cited link was rated as it was: a coded reason is worded by the catalogue of the interface language
 * when shown (English as the run stores it in `detail`); a link without a code (an older check, a reason not
 * yet coded) shows its stored English.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishLinkReason, type LinkReason } from '../../../../lib/core/quality/links/link-reasons';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { linkDetailWords, linkReasonWords } from '../../../../lib/view/link-reason-words';

const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;

const UNREGISTERED: LinkReason = { code: 'doi-unregistered', doi: '10.5555/invented.2023.42' };
const STORED = 'The DOI 10.5555/invented.2023.42 is not registered, so the reference it stands for may be invented.';

describe('linkReasonWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English says what the run stores as the detail', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    expect(linkReasonWords(UNREGISTERED)).toBe(STORED);
    expect(linkReasonWords(UNREGISTERED)).toBe(englishLinkReason(UNREGISTERED));
  });

  it('speaks the interface language, the DOI as given', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(linkReasonWords(UNREGISTERED)).toBe(
      'Le DOI 10.5555/invented.2023.42 n’est pas enregistré\u00a0: la référence qu’il désigne est peut-être inventée.',
    );
  });
});

describe('linkReasonWords: a private-network address', () => {
  afterEach(() => setMessageSource(browserSource()));
  const PRIVATE: LinkReason = { code: 'private-address', host: '192.168.1.10:8080' };

  it('in English says what the run stores; in Japanese, Japanese, the address as given', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    expect(linkReasonWords(PRIVATE)).toBe(
      'The link leads to a private-network address (192.168.1.10:8080), which is not fetched unless allowed in the settings.',
    );
    expect(linkReasonWords(PRIVATE)).toBe(englishLinkReason(PRIVATE));
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    expect(linkReasonWords(PRIVATE)).toBe(
      'このリンクはプライベートネットワークのアドレス（192.168.1.10:8080）を指しています。設定で許可しない限り取得しません。',
    );
  });
});

describe('linkDetailWords', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('words a coded reason in the interface language; a link stored without one shows its English', async () => {
    setMessageSource(catalogueSource('de', await catalogue('de'), await catalogue('en')));
    expect(linkDetailWords({ detail: STORED, reason: UNREGISTERED })).toBe(
      'Der DOI 10.5555/invented.2023.42 ist nicht registriert, die Quelle, für die er steht, ist also möglicherweise erfunden.',
    );
    expect(linkDetailWords({ detail: STORED })).toBe(STORED);
    const uncoded = 'The page at example.org does not exist (404).';
    expect(linkDetailWords({ detail: uncoded })).toBe(uncoded);
  });
});
