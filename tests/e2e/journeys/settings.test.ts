import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  type OpenAiServer,
  type SearxngServer,
  startOpenAiServer,
  startSearxngServer,
} from '../../../scripts/lib/servers';
import { deepSeekRules } from '../../../scripts/lib/servers/provider-rules';
import { driverBrowserName, type ExtensionDriver, launchDriver } from '../harness/driver';
import { byTestId, DriverOptionsPage } from '../harness/journey-pages';

const GOOD_KEY = 'sk-e2e-good-key';

/** Setting Factlight up through its options page: the same journey in Chromium and in Firefox. */
describe(`settings journey (${driverBrowserName()})`, () => {
  let model: OpenAiServer;
  let searxng: SearxngServer;
  const drivers: ExtensionDriver[] = [];
  const launch = async () => {
    const driver = await launchDriver();
    drivers.push(driver);
    return driver;
  };

  beforeAll(async () => {
    model = await startOpenAiServer({ apiKey: GOOD_KEY, models: ['fake-fast', 'fake-strong'] });
    searxng = await startSearxngServer();
    searxng.setResults((query) => [
      { url: 'https://example.org/curie', title: 'Marie Curie', content: `About ${query}` },
    ]);
  });
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.close()));
  });
  afterAll(async () => {
    await Promise.all([model.close(), searxng.close()]);
  });

  it('configures the model and SearXNG, tests both, and keeps them (key included) across a relaunch', async () => {
    const first = await launch();
    const options = await DriverOptionsPage.open(first);
    await options.fillModel({
      preset: 'custom',
      baseUrl: model.baseUrl,
      apiKey: GOOD_KEY,
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    await options.enableSearxng(searxng.baseUrl);
    expect(await options.save()).toBe('Settings saved.');
    expect(await options.value('llm-api-key')).toBe(''); // a saved key is never shown again

    const llm = await options.testConnection('test-llm');
    expect(llm).toMatchObject({ ok: true });
    expect(llm.text).toContain('"fake-fast" and "fake-strong" found');
    expect(llm.text).toContain('Structured output: both models take strict JSON schema (json_schema).');
    expect(model.requests.find((request) => request.path === '/v1/models')?.headers.authorization).toBe(
      `Bearer ${GOOD_KEY}`,
    );

    const search = await options.testConnection('test-search-searxng');
    expect(search).toMatchObject({ ok: true });
    expect(search.text).toContain('1 result for a test query');
    expect(searxng.requests.at(-1)?.query.get('format')).toBe('json');

    // Same profile: same extension address, same storage.
    const second = await first.relaunch();
    drivers.splice(drivers.indexOf(first), 1, second);
    expect(second.baseUrl).toBe(first.baseUrl);
    const reopened = await DriverOptionsPage.open(second);
    expect(await reopened.value('llm-preset')).toBe('custom');
    expect(await reopened.value('llm-base-url')).toBe(model.baseUrl);
    expect(await reopened.value('llm-model-fast')).toBe('fake-fast');
    expect(await reopened.value('searxng-url')).toBe(searxng.baseUrl);
    expect(await reopened.page.isChecked(byTestId('search-searxng'))).toBe(true);
    expect(await reopened.page.attribute(byTestId('llm-api-key'), 'placeholder')).toBe('Saved (type to replace)');
    // The server demands the key, so success proves the key survived the relaunch too.
    expect(await reopened.testConnection('test-llm')).toMatchObject({ ok: true });
  });

  it('explains a wrong key, a missing model and an unreachable server clearly', async () => {
    const options = await DriverOptionsPage.open(await launch());
    await options.fillModel({
      preset: 'custom',
      baseUrl: model.baseUrl,
      apiKey: 'sk-wrong',
      fastModel: 'fake-fast',
      strongModel: 'fake-strong',
    });
    const wrongKey = await options.testConnection('test-llm');
    expect(wrongKey.ok).toBe(false);
    expect(wrongKey.text).toContain('401');
    expect(wrongKey.text).toContain('Check the API key');

    await options.fillModel({ apiKey: GOOD_KEY, fastModel: 'no-such-model' });
    const missing = await options.testConnection('test-llm');
    expect(missing.ok).toBe(false);
    expect(missing.text).toContain('does not list "no-such-model"');

    await options.fillModel({ baseUrl: 'http://127.0.0.1:1/v1' });
    const unreachable = await options.testConnection('test-llm');
    expect(unreachable.ok).toBe(false);
    expect(unreachable.text).toContain('Could not reach http://127.0.0.1:1/v1');
  });

  it('never leaves a test result beside fields it no longer speaks for, and says what is wrong as it is typed', async () => {
    const options = await DriverOptionsPage.open(await launch());
    await options.fillModel({
      preset: 'custom',
      baseUrl: model.baseUrl,
      apiKey: GOOD_KEY,
      fastModel: 'fake-fast',
      strongModel: 'fake-strongg',
    });
    expect(await options.page.text(byTestId('settings-status'))).toMatch(/Unsaved changes/);
    const llmResult = byTestId('test-llm-result');
    // Connected, with a model to pick: a next step, not an error.
    const missing = await options.testConnection('test-llm');
    expect(missing.text).toContain('does not list "fake-strongg"');
    expect(missing.text).toContain('Pick one of the 2 models it offers.');
    expect(await options.page.attribute(llmResult, 'data-state')).toBe('next-step');
    // Fixing the model clears the result that spoke of the typo.
    await options.fillModel({ strongModel: 'fake-strong' });
    await options.page.waitFor(`${llmResult}[data-state="none"]`);
    expect(await options.page.text(llmResult)).toBe('');
    expect(await options.save()).toBe('Settings saved.');
    expect(await options.page.text('body')).not.toContain('fake-strongg');

    await options.enableSearxng(searxng.baseUrl);
    const searchResult = byTestId('test-search-searxng-result');
    expect(await options.testConnection('test-search-searxng')).toMatchObject({ ok: true });
    await options.page.fill(byTestId('searxng-url'), 'searx.invalid');
    await options.page.waitFor(`${searchResult}[data-state="none"]`);
    expect(await options.page.text(searchResult)).not.toContain('works');
    expect(await options.page.text(byTestId('searxng-url-error'))).toMatch(/start it with https:\/\//);
    expect(await options.page.attribute(byTestId('searxng-url'), 'aria-invalid')).toBe('true');
  });

  it('reaches a local Ollama that refuses extension origins, without OLLAMA_ORIGINS', async () => {
    const ollama = await startOpenAiServer({
      forbiddenOrigin: (origin) => /^(chrome|moz)-extension:\/\//.test(origin),
    });
    try {
      const options = await DriverOptionsPage.open(await launch());
      await options.fillModel({
        preset: 'ollama',
        baseUrl: ollama.baseUrl,
        fastModel: 'fake-fast',
        strongModel: 'fake-fast',
      });
      expect(await options.testConnection('test-llm')).toMatchObject({ ok: true });
      const chat = ollama.requests.find((request) => request.path === '/v1/chat/completions');
      expect(chat?.headers.origin).toBeUndefined();
      // The probe: a tiny structured reply, worded for Ollama (max_tokens, which its endpoint honours).
      expect(chat?.body).toMatchObject({
        model: 'fake-fast',
        max_tokens: 16,
        response_format: { type: 'json_schema' },
      });
    } finally {
      await ollama.close();
    }
  });

  it('says before the first check that a provider without json_schema needs the schema in the prompt', async () => {
    // DeepSeek's rules: json_schema refused, json_object only (scripts/lib/servers/provider-rules/deepseek.ts).
    const deepseek = await startOpenAiServer({ provider: deepSeekRules() });
    try {
      const options = await DriverOptionsPage.open(await launch());
      await options.fillModel({
        preset: 'deepseek',
        baseUrl: deepseek.baseUrl,
        apiKey: 'sk-deepseek',
        fastModel: 'deepseek-flash',
        strongModel: 'deepseek-v4-pro',
      });
      const result = await options.testConnection('test-llm');
      expect(result).toMatchObject({ ok: true });
      expect(result.text).toContain(
        'Structured output: both models take JSON mode only (json_object), so the reply format goes in the prompt.',
      );
      const probes = deepseek.requests
        .filter((request) => request.path === '/v1/chat/completions')
        .map((request) => request.body);
      expect(probes).toEqual([
        expect.objectContaining({ model: 'deepseek-flash', response_format: { type: 'json_object' } }),
        expect.objectContaining({ model: 'deepseek-v4-pro', response_format: { type: 'json_object' } }),
      ]);
    } finally {
      await deepseek.close();
    }
  });
});
