/**
 * A contained step that fails, said in the reader's language with its cause (issue 25), in a browser started in
 * Arabic: the model server is OpenAI's strict loopback mode (scripts/lib/servers/provider-rules/openai.ts), and
 * the model is overloaded for the one call that scores the explanations (OpenAI's 503 with its own body, however
 * often it is retried). The check still finishes: each claim has its verdict (none "could not check", least of
 * all shown as refuted), no failure line is shown, and the side panel's warnings say the explanations could not
 * be scored, with the cause worded by the catalogue (which provider answered which status, and the provider's
 * own words as given), each value in an isolate inside the Arabic sentence. The words asserted are read from
 * the shipped catalogues (harness/catalogues.ts), never copied here.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../../scripts/lib/servers';
import { type ChatBody, isRecord, openAiRules } from '../../../scripts/lib/servers/provider-rules/index';
import { catalogue, escapeRegExp, messagePattern, pluralMessage } from '../harness/catalogues';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, configureDriverForModel, DriverSidePanel } from '../harness/journey-pages';

const EN = catalogue('en');
const FSI = '\u2068';
const PDI = '\u2069';

const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';
const EIFFEL = 'The Eiffel Tower was completed in 1889 and stands in Paris.';

/** OpenAI's current models, listed explicitly so a change of the preset's defaults does not move this test. */
const OPENAI = { preset: 'openai', apiKey: 'sk-e2e-key', fastModel: 'gpt-5.4-mini', strongModel: 'gpt-5.4' };

/** The call that scores the explanations (lib/core/quality/explanations/score-explanations.ts), by its schema name. */
function scoresExplanations(body: ChatBody): boolean {
  const format = body.response_format;
  return isRecord(format) && isRecord(format.json_schema) && format.json_schema.name === 'explanation_quality';
}

/** The extension API read in the page, typed for the page function (the test project has no browser types). */
interface I18nScope {
  browser?: { i18n: { getUILanguage(): string } };
  chrome: { i18n: { getUILanguage(): string } };
}

/** Why the browser may not be in `locale`: the same hint the locale tests give (firefox/locale-link-audit.test.ts). */
function languageHint(locale: string): string {
  return driverBrowserName() === 'firefox'
    ? `Firefox ignored intl.locale.requested: is firefox-esr-l10n-${locale} installed?`
    : 'Chromium ignored --lang and LANGUAGE: is chromium-l10n installed?';
}

/** A pattern for a value as a message shows it: in an isolate in a right-to-left language, as it is otherwise. */
const shown = (source: string, dir: 'ltr' | 'rtl') => (dir === 'rtl' ? `${FSI}${source}${PDI}` : source);

/** A message's pattern without its anchors, to go inside another. */
const inner = (pattern: RegExp) => pattern.source.slice(1, -1);

describe(`a failed step's warning in the interface language (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let driver: ExtensionDriver | undefined;

  beforeAll(async () => {
    world = await startFactWorld({
      provider: openAiRules({ models: [OPENAI.fastModel, OPENAI.strongModel], overloaded: scoresExplanations }),
    });
  });
  afterEach(async () => {
    await driver?.close();
    driver = undefined;
  });
  afterAll(() => world?.close());

  it.each([{ locale: 'ar', dir: 'rtl' as const }])(
    '$locale: the explanations not scored, for OpenAI 503, worded with its cause; the check finishes',
    async ({ locale, dir }) => {
      const words = catalogue(locale);
      driver = await launchDriver({ locale });
      // The welcome page the browser opened on install says which language the extension got first: without the
      // language pack the browser stays in English, and the first words compared below would differ with no why.
      const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
      const uiLanguage = await welcome.evaluate(() => {
        const scope = globalThis as unknown as I18nScope;
        return (scope.browser ?? scope.chrome).i18n.getUILanguage();
      }, undefined);
      expect(uiLanguage, languageHint(locale)).toBe(locale);
      const saved = await configureDriverForModel(driver, world, { ...OPENAI, baseUrl: world.model.baseUrl });
      expect(saved).toBe(words.optionsSaved!.message);

      const panel = await DriverSidePanel.open(driver);
      await panel.check(`${WALL} ${EIFFEL}`);
      await panel.waitForResult();
      // The overloaded model was asked to score, and said no.
      const scoring = world.model.requests.filter(
        (request) => isRecord(request.body) && scoresExplanations(request.body),
      );
      expect(scoring.length).toBeGreaterThan(0);

      // The check finished: no failure line, the myth refuted, the tower supported, none "could not check".
      expect(await panel.page.count(byTestId('check-failure'))).toBe(0);
      expect(await panel.page.count(`${byTestId('check-status')}[data-status="failed"]`)).toBe(0);
      const labels = (await panel.page.attributes(byTestId('span'), 'aria-label')).map((label) => label ?? '');
      expect(labels.length).toBeGreaterThanOrEqual(2);
      expect(labels.filter((label) => label.includes(words.verdictInline_refuted!.message))).toHaveLength(1);
      // The tower's claims (when it was completed, where it stands) supported.
      const supported = labels.filter((label) => label.includes(words.verdictInline_supported!.message));
      expect(supported).toHaveLength(labels.length - 1);
      for (const label of labels) expect(label).not.toContain(words.verdictInline_couldNotCheck!.message);
      expect(await panel.page.text(byTestId('headline'))).toContain(pluralMessage(locale, 'headlineCountRefuted', 1));

      // The warning: the step that failed, in the locale's words, and its cause worded too (OpenAI answered 503,
      // with OpenAI's own words as given), each value isolated in a right-to-left sentence.
      const cause = messagePattern(words.errorHttpStatus!.message, {
        provider: shown('OpenAI', dir),
        status: shown('503', dir),
        detail: shown(
          `${escapeRegExp('That model is currently overloaded with other requests.')}[^${FSI}${PDI}]*`,
          dir,
        ),
      });
      const warning = messagePattern(words.noticeExplanationsNotScored!.message, { cause: shown(inner(cause), dir) });
      await panel.page.click(`${byTestId('check-warnings')} summary`);
      const warnings = await panel.page.texts(`${byTestId('check-warnings')} li`);
      expect(warnings.filter((text) => warning.test(text))).toHaveLength(1);
      // Neither the step nor its cause in English: none of their English messages' fixed words.
      const english = [EN.noticeExplanationsNotScored!, EN.errorHttpStatus!]
        .flatMap((entry) => entry.message.split(/\$[A-Z_]+\$/))
        .map((part) => part.trim())
        .filter((part) => part.length > 1);
      expect(english).toEqual(['The explanations could not be scored:', 'answered']);
      for (const text of warnings) for (const part of english) expect(text).not.toContain(part);
    },
  );
});
