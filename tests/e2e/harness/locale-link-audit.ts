/**
 * The link-audit journey in the reader's language that the Chromium and Firefox tests share
 * (tests/e2e/locale-link-audit.test.ts, tests/e2e/firefox/locale-link-audit.test.ts), in a browser already
 * started in that language: the reasons the audit kept as codes (a dead cited link, a redirect to another
 * address, an unregistered DOI) and the warning that the audit was capped (the text cites more links than one
 * run audits) are worded by the locale's catalogue when shown, and in Arabic each Latin value inside a sentence
 * (an address, a host, a DOI) sits in an isolate, so it reads left to right there (lib/i18n/isolated-words.ts:
 * U+2068 … U+2069 in plain text), and the card says each fact once. The side panel is laid out in the
 * language's direction, the English text checked in it left to right. The words asserted are read from the
 * shipped catalogues (harness/catalogues.ts), never copied here.
 *
 * The cited pages, the Wayback availability API ("no snapshot") and Crossref ("Resource not found." for an
 * invented DOI) are loopback servers, set through the options page in the locale's own words.
 */
import { expect } from 'vitest';

import { MAX_AUDITED_LINKS } from '../../../lib/core/quality/quality-stages';
import type { Catalogue } from '../../../lib/i18n/catalogue';
import { startWebServer, type WebServer } from '../../../scripts/lib/servers';
import { type CrossrefServer, startCrossrefServer } from '../../../scripts/lib/servers/crossref-server';
import type { FactWorld } from '../../../scripts/lib/servers/start-fact-world';
import { startWaybackServer, type WaybackServer } from '../../../scripts/lib/servers/wayback-server';
import { catalogue, escapeRegExp, messagePattern } from './catalogues';
import type { DriverPage, ExtensionDriver } from './driver';
import { byTestId, configureDriverForWorld, DriverSidePanel } from './journey-pages';
import { rootLanguage, startLocaleWorld, WALL } from './locale-world';

const EN = catalogue('en');
const FSI = '\u2068';
const PDI = '\u2069';
const INVENTED_DOI = '10.5555/invented-2024';

/** A page the redirect ends on, long enough for Readability to call it an article. */
const REPORT_PAGE = `<!doctype html><html lang="en"><head><title>Moon report</title></head><body><article><h1>Moon report</h1>
<p>Astronauts who walked on the Moon have said that no human-made structure on Earth can be seen from there with the naked eye.</p>
<p>From low Earth orbit some large structures can be made out in good light, but the Great Wall is narrow and close in colour to the land around it.</p>
<p>The myth that it is visible from the Moon is older than spaceflight and was repeated in schoolbooks for decades.</p></article></body></html>`;

/** The servers of the journey: the fact world, the cited site, the Wayback API and Crossref. */
export interface LinkAuditWorld {
  world: FactWorld;
  links: WebServer;
  archive: WaybackServer;
  crossref: CrossrefServer;
  close(): Promise<void>;
}

/** Starts {@link LinkAuditWorld}: `/old-report` redirects to a readable report; any other path of the site is a 404. */
export async function startLinkAuditWorld(): Promise<LinkAuditWorld> {
  const world = await startLocaleWorld();
  const links = await startWebServer({ host: '127.0.0.20' });
  links.route('/old-report', { redirect: '/archive/moon-report', status: 301 });
  links.route('/archive/moon-report', { body: REPORT_PAGE });
  // Every other path of this server (/everest-facts, /ref/…) is a 404: dead links.
  const archive = await startWaybackServer();
  const crossref = await startCrossrefServer();
  return {
    world,
    links,
    archive,
    crossref,
    close: async () => {
      await Promise.all([world.close(), links.close(), archive.close(), crossref.close()]);
    },
  };
}

/** A value as a message shows it: in an isolate in a right-to-left language, as it is otherwise. */
const shown = (value: string, dir: 'ltr' | 'rtl') => escapeRegExp(dir === 'rtl' ? `${FSI}${value}${PDI}` : value);

/** `message` with its placeholders filled, found anywhere in a longer text. */
function inside(message: string, fill: Record<string, string>): RegExp {
  return new RegExp(messagePattern(message, fill).source.slice(1, -1));
}

/** The plural message of `words` for `count`, picked by the locale's CLDR rules. */
function pluralEntry(words: Catalogue, locale: string, base: string, count: number): string {
  const entry = words[`${base}_${new Intl.PluralRules(locale).select(count)}`] ?? words[`${base}_other`];
  if (!entry) throw new Error(`${locale} has no ${base} message`);
  return entry.message;
}

/** Each cited link: its address, status, reasons line (textContent, isolates included), the card's words beside it. */
function linkRows(page: DriverPage) {
  return page.evaluate(
    (selector) =>
      [...document.querySelectorAll(selector)].map((item) => ({
        href: item.querySelector('a')?.getAttribute('href') ?? '',
        status: item.getAttribute('data-status'),
        detail: item.querySelector('p.hint')?.textContent ?? '',
        besideLink: (() => {
          const copy = item.cloneNode(true) as Element;
          for (const link of copy.querySelectorAll('a')) link.remove();
          return copy.textContent ?? '';
        })(),
      })),
    byTestId('link-item'),
  );
}

/** The computed direction of the first element matching each selector. */
const directions = (page: DriverPage, selectors: string[]) =>
  page.evaluate((sels) => sels.map((sel) => getComputedStyle(document.querySelector(sel)!).direction), selectors);

/**
 * Sets `driver` (a browser started in `locale`) up for `servers` through the options page, checks a text citing
 * one link more than a run audits in the side panel, and asserts the audit and its warning in the locale's words.
 */
export async function expectLinkAuditInLocale(
  driver: ExtensionDriver,
  servers: LinkAuditWorld,
  { locale, dir }: { locale: string; dir: 'ltr' | 'rtl' },
): Promise<void> {
  const { world, links, archive, crossref } = servers;
  const words = catalogue(locale);
  const saved = await configureDriverForWorld(driver, world, async (options) => {
    await options.page.click('summary', { hasText: words.optionsAdvancedServices!.message });
    await options.page.fill(byTestId('web-archive-url'), archive.baseUrl);
    await options.page.fill(byTestId('crossref-url'), crossref.baseUrl);
  });
  expect(saved).toBe(words.optionsSaved!.message);

  // One link more than a run audits: the last "further reading" link is left out, and a warning says so.
  const further = Array.from({ length: MAX_AUDITED_LINKS - 2 }, (_, i) => `${links.origin}/ref/${i + 1}`);
  const text = [
    WALL,
    `An old report is at ${links.origin}/old-report for anyone curious.`,
    `The height of Everest is given at ${links.origin}/everest-facts in detail.`,
    `The survey doi:${INVENTED_DOI} is often cited.`,
    `Further reading: ${further.join(', ')}.`,
  ].join(' ');
  const found = further.length + 3;
  expect(found).toBe(MAX_AUDITED_LINKS + 1);

  const panel = await DriverSidePanel.open(driver);
  await panel.check(text);
  await panel.waitForResult();
  // The panel in the language's direction; the English text checked in it, and its input field, left to right.
  expect(await rootLanguage(panel.page)).toEqual([locale, dir, dir]);
  expect(await directions(panel.page, ['.checked-text', byTestId('check-input')])).toEqual(['ltr', 'ltr']);
  await expect.poll(() => panel.page.count(byTestId('link-item'))).toBe(MAX_AUDITED_LINKS);
  const rows = await linkRows(panel.page);
  const row = (href: string) => rows.find((candidate) => candidate.href === href)!;

  // Two reasons in one line: the catalogue's U+200B in Japanese and Chinese only keeps its two placeholders apart;
  // the words drop it (lib/view/link-reason-words.ts), so the sentences meet with nothing between them.
  const sentences = words.linkReasonSentences!.message.replace(/\u200b/g, '');

  // A redirect to another address: the address isolated inside the sentence, then the page that was read.
  const redirected = row(`${links.origin}/old-report`);
  expect(redirected.status).toBe('redirected');
  const redirectWords = messagePattern(words.linkReasonRedirectElsewhere!.message, {
    url: shown(`${links.origin}/archive/moon-report`, dir),
  }).source.slice(1, -1);
  const readWords = messagePattern(words.linkReasonPageReadTitle!.message, {
    title: shown('Moon report', dir),
  }).source.slice(1, -1);
  expect(redirected.detail).toMatch(messagePattern(sentences, { first: redirectWords, next: readWords }));
  // The card names the new address once: in its reasons, not again in a line of its own.
  expect(redirected.besideLink.split(`${links.origin}/archive/moon-report`).length - 1).toBe(1);

  // A dead link: its host (and status) isolated, then the archive that has no copy.
  const dead = row(`${links.origin}/everest-facts`);
  expect(dead.status).toBe('dead');
  const missingWords = messagePattern(words.linkReasonPageMissing!.message, {
    host: shown(links.origin.replace(/^http:\/\//, ''), dir),
    status: shown('404', dir),
  }).source.slice(1, -1);
  expect(dead.detail).toMatch(
    messagePattern(sentences, { first: missingWords, next: escapeRegExp(words.linkReasonArchiveNone!.message) }),
  );

  // An invented DOI: Crossref has no record of it, so the reference may be invented.
  const doi = row(`https://doi.org/${INVENTED_DOI}`);
  expect(doi.status).toBe('dead');
  expect(doi.detail).toMatch(
    messagePattern(words.linkReasonDoiUnregistered!.message, { doi: shown(INVENTED_DOI, dir) }),
  );
  // The DOI once beside its link: in the reason, not again in a line of its own.
  expect(doi.besideLink.split(INVENTED_DOI).length - 1).toBe(1);

  // None of these lines is in English.
  const english = [EN.linkReasonRedirectElsewhere, EN.linkReasonPageMissing, EN.linkReasonDoiUnregistered].map(
    (entry) => inside(entry!.message, {}),
  );
  for (const { detail } of [redirected, dead, doi]) {
    for (const pattern of english) expect(detail).not.toMatch(pattern);
  }

  // The warning that the audit was capped, in the locale's plural and numbers.
  const number = (value: number) => escapeRegExp(new Intl.NumberFormat(locale).format(value));
  await panel.page.click(`${byTestId('check-warnings')} summary`);
  const warnings = await panel.page.texts(`${byTestId('check-warnings')} li`);
  const capped = messagePattern(pluralEntry(words, locale, 'noticeTextLinksCapped', found), {
    count: number(found),
    checked: number(MAX_AUDITED_LINKS),
  });
  expect(warnings.filter((warning) => capped.test(warning))).toHaveLength(1);
  const englishCapped = messagePattern(pluralEntry(EN, 'en', 'noticeTextLinksCapped', found));
  expect(warnings.some((warning) => englishCapped.test(warning))).toBe(false);
}
