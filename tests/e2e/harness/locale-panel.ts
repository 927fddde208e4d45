/**
 * The side panel's further screens in one interface language, steps of the shared locale journey
 * (locale-journey.ts, run in Chromium and Firefox): the claim card's evidence list, the Rate tab, the History
 * tab's row of the finished check and that check's Markdown export, saved through the panel's own button. The
 * words are the catalogue's for the language (read from public/_locales, never copied here); the text checked,
 * the claim and the sources' titles and passages stay as they were given.
 */
import { expect } from 'vitest';

import type { Catalogue } from '../../../lib/i18n/catalogue';
import { escapeMarkdown } from '../../../lib/view/markdown';
import { seriousViolations } from './axe';
import { catalogue, escapeRegExp, messagePattern, pluralMessage } from './catalogues';
import type { DriverPage } from './driver';
import { byTestId } from './journey-pages';

/** The interface language of a step: its locale and the direction its pages are laid out in. */
interface InLanguage {
  locale: 'ar' | 'ja';
  dir: 'rtl' | 'ltr';
}

/**
 * What the finished check showed (English as given, from the page and the sources; each source's stance in the
 * language's words, in the sources' order), to find in its export.
 */
export interface GivenText {
  claim: string;
  titles: string[];
  passages: string[];
  stances: string[];
}

const EN = catalogue('en');

/** Any Latin letter: what English words would leave in a line of Arabic or Japanese interface words. */
const LATIN = /[A-Za-z]/;

/** Digits in any script: Intl writes numbers with Arabic-Indic digits in Arabic. */
const DIGITS = '[0-9\u0660-\u0669\u06f0-\u06f9]+';

/** A date and time as the language writes it (Intl in the browser, as the panel does), each minute from `from` on. */
async function minutesWritten(page: DriverPage, locale: string, from: number): Promise<string[]> {
  const minute = 60_000;
  const minutes: number[] = [];
  for (let at = Math.floor(from / minute) * minute; at <= Date.now(); at += minute) minutes.push(at);
  return page.evaluate(
    ([tag, times]) =>
      times.map((time) => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }).format(time)),
    [locale, minutes] as const,
  );
}

/** The catalogue's messages whose keys start with `prefix` (every source type, every stance…). */
const messagesOf = (words: Catalogue, prefix: string) =>
  Object.entries(words)
    .filter(([key]) => key.startsWith(prefix))
    .map(([, entry]) => entry.message);

const card = byTestId('claim-card');
const evidence = `${card} ${byTestId('evidence-item')}`;
/** The newest check's row of the History tab: the journey's finished check. */
const row = '.history-row';

/**
 * The open claim card's evidence list: its heading, and each source's type, stance and "count this source" in the
 * language's words (the world's sources refute the claim: one says so); the passage's marks are the claim's own
 * English words, as given. Returns the claim and the sources' titles and passages as shown, for the export.
 */
export async function expectEvidenceInLanguage(page: DriverPage, { locale }: InLanguage): Promise<GivenText> {
  const words = catalogue(locale);
  const heading = await page.text(`${card} h3`);
  expect(heading).toMatch(messagePattern(words.claimEvidenceHeading!.message, { number: DIGITS }));
  const count = await page.count(evidence);
  expect(count).toBeGreaterThan(0);
  const types = await page.texts(`${evidence} ${byTestId('source-type')}`);
  expect(types).toHaveLength(count);
  for (const type of types) expect(messagesOf(words, 'sourceType_')).toContain(type);
  const stances = await page.texts(`${evidence} ${byTestId('evidence-stance')}`);
  expect(stances).toHaveLength(count);
  for (const stance of stances)
    expect([...messagesOf(words, 'stance_'), words.evidenceNotJudged!.message]).toContain(stance);
  expect(stances).toContain(words.stance_refutes!.message);
  // A source read from its page has no origin tag (only snippets, fact-checks and Wikidata do), so fewer tags
  // than sources is right; none at all would leave the loop below checking nothing.
  const origins = await page.texts(`${evidence} ${byTestId('evidence-origin')}`);
  expect(origins.length, 'origin tags on the evidence list').toBeGreaterThan(0);
  for (const origin of origins) expect([...messagesOf(words, 'origin_'), 'Wikidata']).toContain(origin);
  const counts = await page.texts(`${evidence} .toggle`);
  expect(counts).toHaveLength(count);
  for (const label of counts) expect(label).toBe(words.evidenceCount!.message);
  const claim = await page.text(`${card} .claim-text`);
  // The words a passage shares with the claim are marked, and stay the claim's English words.
  const marks = await page.texts(`${evidence} .passage mark`);
  expect(marks.length).toBeGreaterThan(0);
  for (const mark of marks) expect(claim.toLowerCase()).toContain(mark.toLowerCase());
  const titles = await page.texts(`${evidence} .evidence-title`);
  expect(titles).toHaveLength(count);
  const passages = await page.texts(`${evidence} .passage`);
  expect(passages).toHaveLength(count);
  return { claim, titles, passages, stances };
}

/** The Rate tab, opened by its tab: its heading, introduction, fields and button in the language's words; axe. */
export async function expectRateInLanguage(page: DriverPage, { locale }: InLanguage): Promise<void> {
  const words = catalogue(locale);
  await page.click(byTestId('tab-rate'));
  await page.waitFor(byTestId('rate-explanation-text'));
  expect(await page.text('#rate-heading')).toBe(words.tabRate!.message);
  expect(await page.text('.rate-view > .hint')).toBe(words.rateIntro!.message);
  expect(await page.text('label[for="rate-explanation-text"]')).toBe(words.rateExplanationLabel!.message);
  expect(await page.text('label[for="rate-claim"]')).toBe(words.rateClaimLabel!.message);
  expect(await page.text(byTestId('rate-use-selection'))).toBe(words.rateUseSelection!.message);
  expect(await page.text(byTestId('rate-explanation'))).toBe(words.rateSubmit!.message);
  // The explanation and the claim are a page's or the person's words: each box takes its text's direction.
  expect(await page.attributes('.rate-view :is(textarea, input)', 'dir')).toEqual(['auto', 'auto']);
  expect(await seriousViolations(page)).toEqual([]);
}

/**
 * The finished check's row on the History tab (open): its headline and status in the language's words, its
 * date and time as the language writes them (Intl in the browser, for a minute between `checkedFrom` and now),
 * laid out in the language's direction (the headline at the inline start of its line), axe clean. Returns the
 * date and time shown.
 */
export async function expectHistoryRowInLanguage(
  page: DriverPage,
  { locale, dir }: InLanguage,
  checkedFrom: number,
): Promise<string> {
  const words = catalogue(locale);
  await page.waitFor(`${row} ${byTestId('history-headline')}`);
  const headline = await page.text(`${row} ${byTestId('history-headline')}`);
  expect(headline).toContain(pluralMessage(locale, 'headlineCountRefuted', 1));
  expect(headline).not.toMatch(LATIN);
  expect(await page.text(`${row} .history-status`)).toBe(words.checkStatus_done!.message);
  const shown = await page.text(`${row} ${byTestId('history-time')}`);
  expect(await minutesWritten(page, locale, checkedFrom)).toContain(shown);
  expect(shown).not.toMatch(LATIN);
  // Laid out in the language's direction: the headline (the row's first item) starts its line, at the right edge
  // of its container in Arabic, at the left in Japanese. Edges of one box, so a wrapped line cannot fool it.
  const [badge, meta] = await page.evaluate(
    (selectors) =>
      selectors.map((what) => {
        const box = document.querySelector(what)!.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    [`${row} ${byTestId('history-headline')}`, `${row} .history-meta`],
  );
  const start = dir === 'rtl' ? 'right' : 'left';
  expect(Math.abs(badge![start] - meta![start]), `the headline's ${start} edge off its line's`).toBeLessThanOrEqual(2);
  expect(await seriousViolations(page)).toEqual([]);
  return shown;
}

/**
 * The check's Markdown export, saved by the row's own "Markdown" button on the History tab (open): its title,
 * labels, headings, verdict, status and the sources' stances are the language's words (none of the English
 * ones), its date is the one the row shows, while the text checked (a code block, verbatim), the claim and the
 * sources' titles and passages stay as `given` (escaped as Markdown; a passage isolated in right-to-left words).
 */
export async function expectMarkdownInLanguage(
  page: DriverPage,
  { locale, dir }: InLanguage,
  checked: string,
  given: GivenText,
  shownDate: string,
): Promise<void> {
  const words = catalogue(locale);
  const say = (key: string) => words[key]!.message;
  const button = `${row} ${byTestId('export-markdown')}[data-scope="check"]`;
  expect(await page.attribute(button, 'aria-label')).toBe(say('exportOneMarkdown'));
  const named = /^factlight-check-.+\.md$/;
  const file = await page.download(button, { named });
  expect(file.name).toMatch(named);
  const lines = file.text.split('\n');
  /** The report's `- **label** value` line whose label is `key`'s words, with the value the pattern source. */
  const item = (key: string, value: string) => new RegExp(`^- \\*\\*${escapeRegExp(say(key))}\\*\\* ${value}$`, 'm');

  expect(lines[0]).toBe(`# ${say('md_title')}`);
  const refuted = escapeRegExp(pluralMessage(locale, 'headlineCountRefuted', 1));
  expect(file.text).toMatch(item('md_headline', `.*${refuted}.*`));
  expect(file.text).toMatch(item('md_checked', escapeRegExp(shownDate)));
  expect(file.text).toMatch(item('md_status', escapeRegExp(say('checkStatus_done'))));
  expect(lines).toContain(`## ${say('md_text')}`);
  expect(lines).toContain(`## ${say('md_claimsHeading')}`);
  expect(lines).toContain(say('md_evidenceHeading'));
  expect(file.text).toMatch(item('md_verdict', `${escapeRegExp(say('verdict_refuted'))}.*`));
  // None of the English labels.
  for (const key of ['md_headline', 'md_checked', 'md_status', 'md_verdict'])
    expect(file.text).not.toContain(`**${EN[key]!.message}**`);
  for (const key of ['md_title', 'md_text', 'md_claimsHeading'])
    expect(lines).not.toContain(`${key === 'md_title' ? '#' : '##'} ${EN[key]!.message}`);

  // The text checked, verbatim in its code block; the claim as its heading.
  expect(file.text).toContain(`\`\`\`text\n${checked}\n\`\`\``);
  expect(lines).toContain(`### 1. ${escapeMarkdown(given.claim)}`);
  // Each source: its title as the link's words, its own stance (the card's) in the language's; its passage as given.
  given.titles.forEach((title, n) => {
    const start = `${n + 1}. [${escapeMarkdown(title)}](<`;
    const source = lines.find((candidate) => candidate.startsWith(start));
    expect(source, `no line for the source "${title}"`).toBeDefined();
    expect(source, `the stance of the source "${title}"`).toMatch(new RegExp(` · ${escapeRegExp(given.stances[n]!)}$`));
  });
  const isolated = (text: string) => (dir === 'rtl' ? `\u2068${text}\u2069` : text);
  for (const passage of given.passages)
    expect(lines).toContain(`   - ${say('md_passage').replace('$PASSAGE$', isolated(escapeMarkdown(passage)))}`);
}

/**
 * The same text checked again in the open panel, answered from the history: "From your history, checked …" in
 * the language's words, the time since the first check said as the language says it (Intl's relative time in the
 * browser: "now", or the minutes rounded as the panel rounds them), its exact date and time on hover, no English.
 * The time is when the reused answers were first obtained (lib/db/cache-reads.ts): the first panel check's, or an
 * earlier check's of the same claim (the welcome page's "try it", in Firefox a minute before), so both are bounded
 * by `answersSince` (before the browser started) and now.
 */
export async function expectFromHistoryInLanguage(
  page: DriverPage,
  { locale }: InLanguage,
  answersSince: number,
): Promise<void> {
  const words = catalogue(locale);
  const from = byTestId('check-from-history');
  await page.waitFor(from, { timeout: 45_000 });
  const shown = await page.text(from);
  // The panel says "now" under a minute, else the minutes rounded (lib/view/format.ts): at most those since
  // `answersSince`, as the page was read.
  const most = Math.round((Date.now() - answersSince) / 60_000);
  const ago = await page.evaluate(
    ([tag, minutes]) => {
      const relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
      return [
        relative.format(0, 'second'),
        ...Array.from({ length: minutes }, (_, n) => relative.format(-(n + 1), 'minute')),
      ];
    },
    [locale, most] as const,
  );
  const said = ago.map((when) => words.checkFromHistory!.message.replace('$WHEN$', when));
  expect(said).toContain(shown);
  expect(shown).not.toMatch(LATIN);
  const title = await page.attribute(from, 'title');
  expect(await minutesWritten(page, locale, answersSince), 'the hover title: a date and time of this test').toContain(
    title,
  );
}
