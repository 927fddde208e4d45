/**
 * Evidence Factlight composes from a Wikidata statement, read in the interface language (issue 25), in Chromium
 * and in Firefox: a person picks Japanese in the options page, sets up the loopback model with the default
 * sources of a fresh install (Wikipedia, and Wikidata with it, at their real origins on loopback: Wikidata knows
 * the Eiffel Tower, Q243, as scripts/lib/servers/wikidata-world.ts serves it), types a sentence about the tower
 * into the side panel and presses Check. On the claim's card, the Wikidata statement is worded by the Japanese
 * catalogue (its title and its sentence, the date written by Intl for Japanese, the labels as Wikidata gave them),
 * tagged as Wikidata and linked to the item; the English passage the model read, its title and its English date
 * are nowhere on the card. The words are read from the shipped catalogues (harness/catalogues.ts).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { composedEnglish } from '../../../lib/core/composed-english';
import {
  type FactWorld,
  startFactWorld,
  startWikimediaOrigin,
  type WikimediaOrigin,
} from '../../../scripts/lib/servers';
import { catalogue } from '../harness/catalogues';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, DriverOptionsPage, DriverSidePanel } from '../harness/journey-pages';

const LOCALE = 'ja';
const JA = catalogue(LOCALE);
const EN = catalogue('en');

const EIFFEL = 'The Eiffel Tower was completed in 1889 and stands in Paris.';
/**
 * What Wikidata says about the claim "The Eiffel Tower was completed in 1889": Q243's date of official opening
 * (P1619), the statement whose value names 1889 (its inception, P571, is January 1887: lib/search/wikidata-match.ts).
 */
const STATEMENT = { subject: 'Eiffel Tower', property: 'date of official opening', english: '31 March 1889' };
/** The English Factlight writes for that statement, what the model reads (lib/core/composed-english.ts). */
const ENGLISH = composedEnglish({
  code: 'wikidata-statement',
  params: {
    subject: STATEMENT.subject,
    property: STATEMENT.property,
    value: { kind: 'time', time: '+1889-03-31T00:00:00Z', precision: 11 },
  },
});

/** A catalogue message with its `$NAME$` placeholders filled, as the extension fills them. */
function filled(message: string, fill: Record<string, string>): string {
  return message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => fill[name.toLowerCase()] ?? `$${name}$`);
}

/** One evidence item of the open claim card, as a person reads it. */
interface ShownEvidence {
  title: string;
  passage: string;
  origin: string | undefined;
  href: string | null;
}

describe(`Wikidata evidence in the interface language (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let wikimedia: WikimediaOrigin;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld();
    wikimedia = await startWikimediaOrigin();
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(async () => {
    await Promise.all([world?.close(), wikimedia?.close()]);
  });

  it('ja: the statement on the claim card is worded in Japanese, and its English passage is not shown', async () => {
    driver = await launchDriver({ httpsOrigin: wikimedia });

    // The person chooses Japanese (it applies at once), then the model; Wikipedia and Wikidata stay as installed.
    const options = await DriverOptionsPage.open(driver);
    await options.page.select(byTestId('interface-language'), LOCALE);
    await expect
      .poll(() => options.page.text('label[for="interface-language"]'))
      .toBe(JA.interfaceLanguageLabel!.message);
    await options.fillModel({
      preset: 'custom',
      baseUrl: world.model.baseUrl,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    expect(await options.save()).toBe(JA.optionsSaved!.message);
    await options.page.close();

    const panel = await DriverSidePanel.open(driver);
    await panel.check(EIFFEL);
    await panel.waitForResult();
    // The statement came from Wikidata at its real address, found by the claim's subject.
    const asked = wikimedia.requests.filter((request) => request.host === 'www.wikidata.org');
    expect(asked.some((r) => r.query.action === 'wbsearchentities' && r.query.search === STATEMENT.subject)).toBe(true);
    expect(asked.some((r) => r.query.action === 'wbgetentities' && r.query.ids === 'Q243')).toBe(true);

    await panel.page.click(byTestId('span'), { hasText: 'completed in 1889' });
    const card = byTestId('claim-card');
    await panel.page.waitFor(`${card} ${byTestId('evidence-item')}`);
    expect(await panel.page.text(`${card} .claim-text`)).toBe('The Eiffel Tower was completed in 1889');

    const shown = () =>
      panel.page.evaluate(
        (selector) =>
          [...document.querySelectorAll(`${selector} [data-testid="evidence-item"]`)].map((item): ShownEvidence => ({
            title: item.querySelector('.evidence-title')?.textContent ?? '',
            passage: item.querySelector('.passage')?.textContent ?? '',
            origin: item.querySelector('[data-testid="evidence-origin"]')?.textContent ?? undefined,
            href: item.querySelector('.evidence-title')?.getAttribute('href') ?? null,
          })),
        card,
      );
    const fromWikidata = async () => (await shown()).filter((item) => item.origin === 'Wikidata');
    await expect.poll(async () => (await fromWikidata()).length).toBe(1);
    const [statement] = await fromWikidata();

    // The date as Japanese writes it (Intl in the browser, as the card does), never the English one.
    const date = await panel.page.evaluate(
      (locale) =>
        new Intl.DateTimeFormat(locale, {
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          calendar: 'gregory',
          timeZone: 'UTC',
        }).format(Date.UTC(1889, 2, 31)),
      LOCALE,
    );
    expect(date).not.toBe(STATEMENT.english);
    const words = { subject: STATEMENT.subject, property: STATEMENT.property };
    expect(statement).toEqual({
      title: filled(JA.evidenceWikidataTitle!.message, words),
      passage: filled(JA.evidenceWikidataStatement!.message, { ...words, value: date }),
      origin: 'Wikidata',
      href: expect.stringMatching(/^https:\/\/www\.wikidata\.org\/wiki\/Q243(#|$)/),
    });

    // Nowhere on the card: the English passage the model read, its English title (also as the English catalogue
    // words them), its English date.
    expect(ENGLISH.passage).toContain(STATEMENT.english);
    const englishTitles = [ENGLISH.title!, filled(EN.evidenceWikidataTitle!.message, words)];
    const cardText = await panel.page.text(card);
    expect(cardText).toContain(statement!.passage);
    expect(cardText).not.toContain(ENGLISH.passage);
    for (const title of englishTitles) expect(cardText).not.toContain(title);
    expect(cardText).not.toContain(STATEMENT.english);
  }, 90_000);
});
