/**
 * An embedding model on a bad day, in real Chromium started in French: the extension is set up through its
 * options page for OpenAI's strict loopback mode (scripts/lib/servers/provider-rules/openai.ts) with an embedding
 * model, and every POST /v1/embeddings is OpenAI's rate-limit 429 (`rate_limit_exceeded`, with `Retry-After: 0`,
 * as a server states a wait that is already over; it keeps the retries' waits short without changing the
 * extension). Each embeddings request is asked again for every wait it may sit out (bounded), then the pages'
 * passages are chosen by words: the check started in the side panel still finishes with a verdict for each claim,
 * and its warnings say once, in French, that passages were chosen by word match because OpenAI rate-limited the
 * embedding model. The words asserted are read from the shipped catalogue (harness/catalogues.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld } from '../../scripts/lib/servers';
import { openAiRules } from '../../scripts/lib/servers/provider-rules/index';
import { catalogue, messagePattern } from './harness/catalogues';
import { launchChromiumDriver } from './harness/chromium-driver';
import type { ExtensionDriver } from './harness/driver';
import { byTestId, configureDriverForModel, DriverSidePanel } from './harness/journey-pages';

const LOCALE = 'fr';
const WORDS = catalogue(LOCALE);
const EN = catalogue('en');

const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';
const EIFFEL = 'The Eiffel Tower was completed in 1889 and stands in Paris.';

/** OpenAI's current models, listed explicitly so a change of the preset's defaults does not move this test. */
const OPENAI = { preset: 'openai', apiKey: 'sk-e2e-key', fastModel: 'gpt-5.4-mini', strongModel: 'gpt-5.4' };
const EMBEDDING_MODEL = 'text-embedding-3-small';
/** Attempts of the call that gives up: the first, and one for each of the two stated waits it may sit out. */
const ATTEMPTS_PER_CALL = 3;

/** The extension API read in the page, typed for the page function (the test project has no browser types). */
interface I18nScope {
  chrome: { i18n: { getUILanguage(): string } };
}

describe('an embedding model rate-limited at every request (chromium)', () => {
  let world: FactWorld;
  let driver: ExtensionDriver;

  beforeAll(async () => {
    world = await startFactWorld({ provider: openAiRules({ models: [OPENAI.fastModel, OPENAI.strongModel] }) });
    world.model.faults.always({ kind: 'rate-limit', retryAfterSeconds: 0 }, { pathPrefix: '/v1/embeddings' });
    driver = await launchChromiumDriver(undefined, { locale: LOCALE });
  });
  afterAll(async () => {
    await driver?.close();
    await world?.close();
  });

  it('finishes the check with verdicts, after bounded retries, and says once in French why passages went by words', async () => {
    const welcome = await driver.waitForTab(`${driver.baseUrl}welcome.html`);
    const uiLanguage = await welcome.evaluate(
      () => (globalThis as unknown as I18nScope).chrome.i18n.getUILanguage(),
      undefined,
    );
    expect(uiLanguage, 'Chromium ignored --lang and LANGUAGE: is chromium-l10n installed?').toBe(LOCALE);
    const saved = await configureDriverForModel(driver, world, { ...OPENAI, baseUrl: world.model.baseUrl }, (options) =>
      options.page.fill(byTestId('llm-model-embedding'), EMBEDDING_MODEL),
    );
    expect(saved).toBe(WORDS.optionsSaved!.message);

    const panel = await DriverSidePanel.open(driver);
    await panel.check(`${WALL} ${EIFFEL}`);
    await panel.waitForResult();

    // The embedding model was asked, and each request asked again for every stated wait, then given up on.
    const embeddings = world.model.requests.filter((request) => request.path === '/v1/embeddings');
    expect(embeddings.length).toBeGreaterThan(0);
    expect(embeddings.every((request) => (request.body as { model?: unknown }).model === EMBEDDING_MODEL)).toBe(true);
    const timesSent = new Map<string, number>();
    for (const request of embeddings) timesSent.set(request.rawBody, (timesSent.get(request.rawBody) ?? 0) + 1);
    // The call that gave up was asked again for each stated wait it may sit out; the others ended with it.
    expect(Math.max(...timesSent.values())).toBe(ATTEMPTS_PER_CALL);
    for (const times of timesSent.values()) expect(times).toBeLessThanOrEqual(ATTEMPTS_PER_CALL);

    // The check finished: no failure line, each claim with its verdict, none "could not check".
    expect(await panel.page.count(byTestId('check-failure'))).toBe(0);
    expect(await panel.page.count(`${byTestId('check-status')}[data-status="failed"]`)).toBe(0);
    const labels = (await panel.page.attributes(byTestId('span'), 'aria-label')).map((label) => label ?? '');
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.filter((label) => label.includes(WORDS.verdictInline_refuted!.message))).toHaveLength(1);
    for (const label of labels) expect(label).not.toContain(WORDS.verdictInline_couldNotCheck!.message);

    // The warning, once, in French: passages chosen by words, because OpenAI rate-limited (its wait, however short).
    const cause = messagePattern(WORDS.errorRateLimitedWait!.message, { provider: 'OpenAI' });
    const warning = messagePattern(WORDS.noticePassagesByWords!.message, { cause: cause.source.slice(1, -1) });
    await panel.page.click(`${byTestId('check-warnings')} summary`);
    const warnings = await panel.page.texts(`${byTestId('check-warnings')} li`);
    expect(warnings.filter((text) => warning.test(text))).toHaveLength(1);
    const english = EN.noticePassagesByWords!.message.split('$CAUSE$')[0]!.trim();
    for (const text of warnings) expect(text).not.toContain(english);
  });
});
