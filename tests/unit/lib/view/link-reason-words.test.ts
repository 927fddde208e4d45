/**
 * Why a cited link was rated and judged as it was: coded reasons are worded by the catalogue of the interface
 * language when shown (English as the run stores it in `detail` and `rationale`); a link without codes (an older
 * check, an imported one) or with a code this build does not know shows its stored English.
 */
import { readFile } from 'node:fs/promises';

import { afterEach, describe, expect, it } from 'vitest';

import { englishError, type ErrorNotice } from '../../../../lib/core/error-notices';
import {
  englishLinkRationale,
  englishLinkReason,
  englishLinkReasons,
  type LinkRationaleReason,
  type LinkReason,
} from '../../../../lib/core/quality/links/link-reasons';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { errorWords } from '../../../../lib/view/error-words';
import { linkDetailWords, linkRationaleWords, linkReasonWords } from '../../../../lib/view/link-reason-words';

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
    expect(linkDetailWords({ detail: STORED, reasons: [UNREGISTERED] })).toBe(
      'Der DOI 10.5555/invented.2023.42 ist nicht registriert, die Quelle, für die er steht, ist also möglicherweise erfunden.',
    );
    expect(linkDetailWords({ detail: STORED })).toBe(STORED);
    const uncoded = 'The page at example.org does not exist (404).';
    expect(linkDetailWords({ detail: uncoded })).toBe(uncoded);
    // A check stored by a build that kept one code, in `reason`.
    expect(linkDetailWords({ detail: STORED, reason: UNREGISTERED })).toMatch(/^Der DOI/);
  });
});

/** One of each reason the audit writes, with the values a real run gives it. */
const EVERY_REASON: LinkReason[] = [
  UNREGISTERED,
  { code: 'doi-registered', doi: '10.5555/tea.2020.1' },
  { code: 'doi-registered', doi: '10.5555/tea.2020.1', title: 'A randomised trial of tea' },
  { code: 'private-address', host: '192.168.1.10:8080' },
  { code: 'redirect-home', host: 'news.example' },
  { code: 'redirect-elsewhere', url: 'https://news.example/new' },
  { code: 'page-read' },
  { code: 'page-read', title: 'Minecraft exploit' },
  { code: 'needs-javascript', signal: 'notice' },
  { code: 'needs-javascript', signal: 'scripts' },
  { code: 'no-readable-text' },
  ...(['pdf', 'image', 'video', 'audio', 'download', 'office', 'binary'] as const).map((kind): LinkReason => ({
    code: 'not-text',
    kind,
  })),
  { code: 'not-text', kind: 'other', contentType: 'application/x-shockwave-flash' },
  { code: 'redirect-loop', host: 'news.example' },
  { code: 'too-many-redirects', host: 'news.example' },
  { code: 'unreachable-or-private', host: 'news.example' },
  { code: 'no-such-host', host: 'no-such-host.example' },
  { code: 'invalid-url' },
  { code: 'page-removed', host: 'news.example' },
  { code: 'page-missing', host: 'news.example', status: 404 },
  { code: 'timeout', host: 'news.example' },
  ...[401, 402, 403, 407, 429, 451, 418].map((status): LinkReason => ({
    code: 'refused',
    host: 'news.example',
    status,
  })),
  { code: 'refused', host: 'news.example' },
  { code: 'server-error', host: 'news.example', status: 503 },
  { code: 'unreachable', host: 'news.example' },
  { code: 'unreadable', host: 'news.example', cause: 'socket hang up' },
  { code: 'not-followed', cause: 'fetcher exploded' },
  { code: 'archive-unavailable' },
  { code: 'archive-none' },
  { code: 'archive-read' },
  { code: 'archive-empty' },
  { code: 'archive-unreadable' },
];

describe('linkReasonWords: every reason the audit writes', () => {
  afterEach(() => setMessageSource(browserSource()));

  it('in English says exactly what the run stores as the detail', async () => {
    setMessageSource(catalogueSource('en', await catalogue('en')));
    for (const reason of EVERY_REASON) expect(linkReasonWords(reason)).toBe(englishLinkReason(reason));
  });

  it('in every other language has words of its own for each (none falls back to English)', async () => {
    const english = await catalogue('en');
    for (const locale of ['es', 'pt_BR', 'fr', 'de', 'ja', 'zh_CN', 'hi', 'ar']) {
      setMessageSource(catalogueSource(locale, await catalogue(locale), english));
      for (const reason of EVERY_REASON) {
        const words = linkReasonWords(reason);
        expect(words, `${locale} ${JSON.stringify(reason)}`).toBeTruthy();
        expect(words, `${locale} ${JSON.stringify(reason)}`).not.toBe(englishLinkReason(reason));
      }
    }
  });
});

describe("the technical cause inside a link's reason (issue 25)", () => {
  afterEach(() => setMessageSource(browserSource()));
  const causeNotice: ErrorNotice = { code: 'unreachable', url: 'https://news.example/story' };
  const cause = englishError(causeNotice);

  it('words a coded cause in the interface language, without its full stop; an older one as stored', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const french = errorWords(causeNotice)!;
    expect(linkReasonWords({ code: 'unreadable', host: 'news.example', cause, causeNotice })).toBe(
      `La page sur news.example n’a pas pu être lue (${french.replace(/\.$/, '')}).`,
    );
    expect(linkReasonWords({ code: 'not-followed', cause, causeNotice })).toContain(french.replace(/\.$/, ''));
    expect(linkReasonWords({ code: 'unreadable', host: 'news.example', cause })).toContain(cause.replace(/\.$/, ''));
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    const japanese = linkReasonWords({ code: 'not-followed', cause, causeNotice })!;
    expect(japanese).toContain(errorWords(causeNotice)!.replace(/。$/, ''));
    expect(japanese).not.toContain(cause.replace(/\.$/, '') + ')');
    expect(japanese).not.toMatch(/。[)）]/);
  });

  it('shows the stored English cause when its code is unknown to this build', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const newer = { code: 'page-on-the-moon' } as unknown as ErrorNotice;
    expect(linkReasonWords({ code: 'unreadable', host: 'news.example', cause, causeNotice: newer })).toBe(
      `La page sur news.example n’a pas pu être lue (${cause.replace(/\.$/, '')}).`,
    );
  });
});

describe('linkDetailWords: the sentences of a link', () => {
  afterEach(() => setMessageSource(browserSource()));
  const DEAD: LinkReason[] = [
    { code: 'page-missing', host: 'news.example', status: 404 },
    { code: 'archive-read', date: '2020-01-15' },
  ];
  const STORED_DEAD = englishLinkReasons(DEAD);

  it('in French: each sentence translated, the host and status as given, the snapshot day in French', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    expect(linkDetailWords({ detail: STORED_DEAD, reasons: DEAD })).toBe(
      'La page sur news.example n’existe pas (404). La copie de l’archive du web du 15 janv. 2020 a été lue à la place.',
    );
  });

  it('in Japanese: sentences joined with nothing between them (no zero-width space), the page title as given', async () => {
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    const reasons: LinkReason[] = [
      { code: 'redirect-elsewhere', url: 'https://news.example/new' },
      { code: 'page-read', title: 'Minecraft exploit' },
    ];
    expect(linkDetailWords({ detail: englishLinkReasons(reasons), reasons })).toBe(
      'このリンクは別のアドレス（https://news.example/new）に転送されます。ページ「Minecraft exploit」を読み取りました。',
    );
  });

  it('in Arabic: the host and status each in a first-strong isolate, so they keep their own direction', async () => {
    setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));
    expect(linkReasonWords({ code: 'server-error', host: 'news.example', status: 503 })).toBe(
      'ردّ الموقع \u2068news.example\u2069 بخطأ في الخادم (\u2068503\u2069)، لذا تعذّرت قراءة الصفحة.',
    );
  });

  it('shows the stored English whole when one code is unknown to this build (a newer check)', async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const newer = [DEAD[0]!, { code: 'archive-moved-to-the-moon' } as unknown as LinkReason];
    const stored = 'The page at news.example does not exist (404). The web archive went to the moon.';
    expect(linkDetailWords({ detail: stored, reasons: newer })).toBe(stored);
    expect(linkReasonWords(newer[1]!)).toBeUndefined();
    // A check stored by a build that kept one code, in `reason`: a code unknown there too shows the English.
    expect(linkDetailWords({ detail: stored, reason: newer[1]! })).toBe(stored);
  });
});

describe('linkRationaleWords: why a link was judged so, when code said it', () => {
  afterEach(() => setMessageSource(browserSource()));
  const EVERY: LinkRationaleReason[] = [
    { code: 'doi-unreadable' },
    { code: 'nothing-read' },
    { code: 'budget' },
    { code: 'cancelled' },
    { code: 'judge-failed', cause: 'The model server answered 503.' },
    { code: 'not-answered' },
    { code: 'no-rationale' },
  ];

  it("a failed judgement's cause: its code worded in the interface language, else its stored English", async () => {
    setMessageSource(catalogueSource('fr', await catalogue('fr'), await catalogue('en')));
    const causeNotice: ErrorNotice = { code: 'timed-out', provider: 'OpenAI' };
    const cause = englishError(causeNotice);
    const words = linkRationaleWords({
      rationale: englishLinkRationale({ code: 'judge-failed', cause, causeNotice }),
      rationaleReason: { code: 'judge-failed', cause, causeNotice },
    });
    expect(words).toContain(errorWords(causeNotice));
    expect(words).not.toContain(cause);
    const older = linkRationaleWords({
      rationale: englishLinkRationale({ code: 'judge-failed', cause }),
      rationaleReason: { code: 'judge-failed', cause },
    });
    expect(older).toContain(cause);
  });

  it('in English says what the run stores; in every other language, words of its own', async () => {
    const english = await catalogue('en');
    setMessageSource(catalogueSource('en', english));
    for (const reason of EVERY) {
      expect(linkRationaleWords({ rationale: englishLinkRationale(reason), rationaleReason: reason })).toBe(
        englishLinkRationale(reason),
      );
    }
    for (const locale of ['es', 'pt_BR', 'fr', 'de', 'ja', 'zh_CN', 'hi', 'ar']) {
      setMessageSource(catalogueSource(locale, await catalogue(locale), english));
      for (const reason of EVERY) {
        const words = linkRationaleWords({ rationale: englishLinkRationale(reason), rationaleReason: reason });
        expect(words, `${locale} ${reason.code}`).not.toBe(englishLinkRationale(reason));
      }
    }
  });

  it("in Japanese: code's rationale in Japanese; the model's own words, and an unknown code's English, as stored", async () => {
    setMessageSource(catalogueSource('ja', await catalogue('ja'), await catalogue('en')));
    expect(
      linkRationaleWords({ rationale: 'Not judged: the check was cancelled.', rationaleReason: { code: 'cancelled' } }),
    ).toBe('未評価: チェックがキャンセルされました。');
    expect(linkRationaleWords({ rationale: 'The passage names the same prize.' })).toBe(
      'The passage names the same prize.',
    );
    const newer = { code: 'judged-by-a-cat' } as unknown as LinkRationaleReason;
    expect(linkRationaleWords({ rationale: 'Not judged: the cat sat on it.', rationaleReason: newer })).toBe(
      'Not judged: the cat sat on it.',
    );
  });
});
