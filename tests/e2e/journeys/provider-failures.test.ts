/**
 * The failures a real account hits on its first bad day (issue 23, items 1 to 3, and a rejected key), each
 * as a person meets it: the extension set up through its options page for the provider's preset, a check
 * started in the side panel, and the failure read where people look first: issue 22's `check-failure` line,
 * or, when no claim could be judged, the failed check's status line with the same sentence.
 * The model servers are the strict loopback modes (scripts/lib/servers/provider-rules cites each provider's
 * docs): OpenAI's billing 429 `insufficient_quota`, Gemini's free-tier 429 RESOURCE_EXHAUSTED with "Please
 * retry in Ns" in the body, OpenAI's `finish_reason: "content_filter"`, and OpenAI's 401 for a wrong key.
 * One browser for the whole file; each check has its own text, so none is answered from the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, type OpenAiServer, startFactWorld } from '../../../scripts/lib/servers';
import { type ChatBody, geminiRules, openAiRules } from '../../../scripts/lib/servers/provider-rules/index';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { type CheckReading, checkWithProvider, startProviderModel } from '../harness/provider-check';

const EIFFEL = 'The Eiffel Tower was completed in 1889 and stands in Paris.';
const EVEREST = 'Mount Everest is the highest mountain on Earth, at 8,849 metres.';
const WALL = 'The Great Wall of China is visible from the Moon with the naked eye.';
const CURIE = 'Marie Curie won two Nobel Prizes, in physics and in chemistry.';

/** OpenAI's current models, listed explicitly so a change of the preset's defaults does not move this test. */
const OPENAI = { preset: 'openai', apiKey: 'sk-e2e-key', fastModel: 'gpt-5.4-mini', strongModel: 'gpt-5.4' };
const OPENAI_MODELS = [OPENAI.fastModel, OPENAI.strongModel];

/** Every claim could not be checked, and none reads as judged (least of all as false). */
function expectNothingJudged(reading: CheckReading): void {
  expect(reading.failedWhole).toBe(true);
  expect(reading.failure).toMatch(/^The check failed: None of the \d+ claims could be judged: /);
  expect(reading.claimLabels.length).toBeGreaterThan(0);
  for (const label of reading.claimLabels) {
    expect(label).toContain('could not check');
    expect(label).not.toMatch(/false|refuted/i);
  }
  expect(reading.bands.every((band) => band === 'unknown')).toBe(true);
}

const chatCalls = (model: OpenAiServer) => model.requests.filter((r) => r.path === '/v1/chat/completions');

describe(`provider failures through the side panel (${driverBrowserName()})`, () => {
  let world: FactWorld;
  let driver: ExtensionDriver;
  const models: OpenAiServer[] = [];
  const start = async (...args: Parameters<typeof startProviderModel>) => {
    const model = await startProviderModel(...args);
    models.push(model);
    return model;
  };

  beforeAll(async () => {
    world = await startFactWorld();
    driver = await launchDriver();
  });
  afterAll(async () => {
    await driver?.close();
    await Promise.all([world?.close(), ...models.map((model) => model.close())]);
  });

  it('out of credit: names OpenAI, billing and the fix, asks no more, and judges nothing', async () => {
    const model = await start(openAiRules({ models: OPENAI_MODELS, outOfCredit: 'insufficient_quota' }));
    const reading = await checkWithProvider(driver, world, { ...OPENAI, model }, `${EIFFEL} ${WALL}`);
    expect(reading.failure).toContain('Your OpenAI account is out of credit (billing)');
    expect(reading.failure).toContain('add credit or raise the spending limit');
    expect(reading.failure).not.toMatch(/rate/i);
    expectNothingJudged(reading);
    // Waiting cannot restore an exhausted account: the first refusal ends every later call unsent.
    expect(chatCalls(model).length).toBeGreaterThan(0);
    expect(chatCalls(model).length).toBeLessThanOrEqual(2);
  });

  it('a rejected key: names OpenAI, the key and the fix, and judges nothing', async () => {
    const model = await start(openAiRules({ models: OPENAI_MODELS }), 'sk-the-right-key');
    const reading = await checkWithProvider(driver, world, { ...OPENAI, model }, `${EVEREST} ${WALL}`);
    expect(reading.failure).toContain('OpenAI rejected the API key (401');
    expect(reading.failure).toContain('check the API key in the settings');
    expectNothingJudged(reading);
  });

  it('a content filter: that claim "could not check" (not refuted) with OpenAI and the cause, the other judged', async () => {
    const model = await start(openAiRules({ models: OPENAI_MODELS, contentFilter: /<<<CLAIM>>>\n[^\n]*Great Wall/ }));
    const reading = await checkWithProvider(driver, world, { ...OPENAI, model }, `${CURIE} ${WALL}`);
    expect(reading.failure).toContain('OpenAI: this model refused the content (content filter)');
    expect(reading.failure).toContain('another model may accept it');
    expect(reading.failedWhole).toBe(false);
    const wall = reading.claimLabels.filter((label) => label.includes('Great Wall'));
    expect(wall.length).toBeGreaterThan(0);
    for (const label of wall) {
      expect(label).toContain('could not check');
      expect(label).not.toMatch(/false|refuted/i);
    }
    const curie = reading.claimLabels.filter((label) => label.includes('Curie'));
    expect(curie.length).toBeGreaterThan(0);
    for (const label of curie) expect(label).not.toContain('could not check');
  });

  it("Gemini's free tier: the wait its 429 body states is waited out, and every claim is judged", async () => {
    const rules = geminiRules({ freeTier: { perWindow: 2, windowMs: 2_000 } });
    const refusals: number[] = [];
    const counted = {
      ...rules,
      refuse: (body: ChatBody) => {
        const refusal = rules.refuse(body);
        if (refusal) refusals.push(refusal.status);
        return refusal;
      },
    };
    const model = await start(counted);
    const [fastModel, strongModel] = [rules.models[0]!, rules.models[1] ?? rules.models[0]!];
    const gemini = { preset: 'gemini', apiKey: 'gemini-e2e-key', fastModel, strongModel, model };
    const reading = await checkWithProvider(driver, world, gemini, `${EIFFEL} ${EVEREST} ${WALL}`);
    // The free tier did refuse, saying how long to wait in the body ("Please retry in 1.2s"), with no Retry-After.
    expect(refusals).toContain(429);
    expect(reading.failure).toBeUndefined();
    expect(reading.claimLabels.length).toBeGreaterThan(2);
    for (const label of reading.claimLabels) expect(label).not.toContain('could not check');
  });
});
