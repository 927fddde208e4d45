import { readFile } from 'node:fs/promises';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { describeStructuredOutput, testModelConnection } from '../../../../lib/connection/test-model';
import { type Catalogue, LOCALES } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { ModelProfile } from '../../../../lib/settings/schema';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';
import { deepSeekRules } from '../../../../scripts/lib/servers/provider-rules/index';

const KEY = 'sk-unit';
const catalogue = async (locale: string) =>
  JSON.parse(
    await readFile(new URL(`../../../../public/_locales/${locale}/messages.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
/** A name from elsewhere inside a right-to-left sentence: between a first-strong isolate and its pop. */
const isolated = (name: string) => `\u2068${name}\u2069`;
const SECONDS_3 = new Intl.NumberFormat('en', { style: 'unit', unit: 'second', unitDisplay: 'short' }).format(3);

describe('testModelConnection against a real OpenAI-compatible server', () => {
  let server: OpenAiServer;
  const profile = (change: Partial<ModelProfile> = {}): ModelProfile => ({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    fastModel: 'fake-fast',
    strongModel: 'fake-strong',
    embeddingModel: '',
    structuredOutput: 'auto',
    ...change,
  });

  beforeAll(async () => {
    server = await startOpenAiServer({ apiKey: KEY, models: ['fake-fast', 'fake-strong'] });
  });
  afterEach(() => {
    server.faults.clear();
    server.respondWith(null);
    setMessageSource(browserSource());
  });
  afterAll(() => server.close());

  it('lists the models and asks each model for a tiny structured reply, naming the mode it takes', async () => {
    const before = server.requests.length;
    const result = await testModelConnection('custom', profile());
    expect(result).toMatchObject({
      ok: true,
      models: ['fake-fast', 'fake-strong'],
      structuredOutput: [
        { model: 'fake-fast', mode: 'json_schema' },
        { model: 'fake-strong', mode: 'json_schema' },
      ],
    });
    expect(result).toMatchObject({
      message:
        'Connected to Custom (OpenAI-compatible): 2 models available, "fake-fast" and "fake-strong" found. Structured output: both models take strict JSON schema (json_schema). Neither model reasons (token limit: max_tokens).',
    });
    const sent = server.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(sent).toEqual(['GET /v1/models', 'POST /v1/chat/completions', 'POST /v1/chat/completions']);
    const probes = server.requests.slice(before + 1).map((request) => request.body);
    expect(probes).toEqual([
      expect.objectContaining({
        model: 'fake-fast',
        max_tokens: 16,
        response_format: expect.objectContaining({
          type: 'json_schema',
          json_schema: expect.objectContaining({ name: 'connection_check', strict: true }),
        }),
      }),
      expect.objectContaining({ model: 'fake-strong', max_tokens: 16 }),
    ]);
  });

  it('needs a key for hosted presets and a base URL for all', async () => {
    expect(await testModelConnection('openai', profile({ apiKey: '' }))).toMatchObject({
      ok: false,
      error: 'OpenAI needs an API key.',
    });
    expect(await testModelConnection('custom', profile({ baseUrl: '' }))).toMatchObject({
      ok: false,
      error: 'Enter the base URL of the model server.',
    });
  });

  it('reports a rejected key with what to do', async () => {
    const result = await testModelConnection('custom', profile({ apiKey: 'sk-wrong' }));
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringMatching(/rejected the API key \(401: .*Incorrect API key/),
      fix: expect.stringContaining('Check the API key'),
    });
    // The status is said once: the SDK's "401 Incorrect API key" is not repeated after "(401:".
    expect(result.ok ? '' : result.error).not.toMatch(/401: 401/);
  });

  it('reports rate limits, server errors, malformed replies and timeouts without throwing', async () => {
    server.faults.next({ kind: 'rate-limit', retryAfterSeconds: 3 });
    expect(await testModelConnection('custom', profile())).toMatchObject({
      ok: false,
      // Worded from its code in the interface language (English here), its wait in Intl's units.
      // A custom server has no name of its own: the model server, not its preset's label "Custom (OpenAI-compatible)".
      error: `The model server asks to wait ${SECONDS_3} (rate limit).`,
      fix: expect.stringContaining('rate-limiting'),
    });
    server.faults.next({ kind: 'server-error' });
    expect(await testModelConnection('custom', profile())).toMatchObject({
      ok: false,
      error: expect.stringContaining('500'),
    });
    server.faults.next({ kind: 'malformed' });
    expect((await testModelConnection('custom', profile())).ok).toBe(false);
    server.faults.next({ kind: 'hang' });
    expect(await testModelConnection('custom', profile(), { timeoutMs: 300 })).toMatchObject({
      ok: false,
      error: expect.stringContaining('did not answer in time'),
    });
  });

  it('names configured models the server does not have, with the list to pick from', async () => {
    const result = await testModelConnection('custom', profile({ strongModel: 'gpt-typo' }));
    expect(result).toMatchObject({
      ok: false,
      error: expect.stringContaining('does not list "gpt-typo"'),
      nextStep: true,
      models: ['fake-fast', 'fake-strong'],
    });
  });

  it('falls back to a chat request when the server has no model list', async () => {
    const noModelList: typeof fetch = (input, init) =>
      String(input instanceof Request ? input.url : input).endsWith('/models')
        ? Promise.resolve(new Response('Not found', { status: 404 }))
        : fetch(input, init);
    const result = await testModelConnection('custom', profile(), { fetch: noModelList });
    expect(result).toMatchObject({
      ok: true,
      message:
        'Connected to Custom (OpenAI-compatible): the model "fake-fast" answered. Structured output: both models take strict JSON schema (json_schema). Neither model reasons (token limit: max_tokens).',
    });
  });

  it("explains Ollama's origin check (403 from a local server) with the OLLAMA_ORIGINS fix", async () => {
    const ollama = await startOpenAiServer({ forbiddenOrigin: () => true });
    try {
      const withOrigin: typeof fetch = (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), origin: 'chrome-extension://abc' },
        });
      const result = await testModelConnection(
        'ollama',
        { ...profile(), baseUrl: ollama.baseUrl, apiKey: '' },
        { fetch: withOrigin },
      );
      expect(result).toMatchObject({
        ok: false,
        error: 'Ollama (local) refused requests from the extension (403).',
        fix: expect.stringContaining('OLLAMA_ORIGINS=chrome-extension://*,moz-extension://*'),
      });
    } finally {
      await ollama.close();
    }
  });

  it('says when nothing listens at the URL', async () => {
    const result = await testModelConnection('custom', profile({ baseUrl: 'http://127.0.0.1:1/v1' }));
    expect(result).toMatchObject({ ok: false, error: 'Could not reach http://127.0.0.1:1/v1.' });
  });

  it('a mode chosen by hand that the server refuses: the fix names the Automatic choice by its own label', async () => {
    const deepseek = await startOpenAiServer({ apiKey: KEY, provider: deepSeekRules() });
    try {
      const forced = { ...profile(), baseUrl: deepseek.baseUrl, fastModel: 'deepseek-flash', strongModel: '' };
      const refused = await testModelConnection('deepseek', { ...forced, structuredOutput: 'json_schema' });
      expect(refused).toMatchObject({ ok: false, fix: expect.stringContaining('choose "Automatic" so Factlight') });
      for (const locale of LOCALES) {
        const own = await catalogue(locale);
        setMessageSource(catalogueSource(locale, own, await catalogue('en')));
        const fix = await testModelConnection('deepseek', { ...forced, structuredOutput: 'json_schema' });
        expect(fix.ok ? '' : fix.fix, locale).toContain(own.optionsStructuredAuto!.message);
      }
      const renamed = { ...(await catalogue('en')), optionsStructuredAuto: { message: 'Find out per model' } };
      setMessageSource(catalogueSource('en', renamed));
      const fix = await testModelConnection('deepseek', { ...forced, structuredOutput: 'json_schema' });
      expect(fix.ok ? '' : fix.fix).toContain('choose "Find out per model" so');
    } finally {
      await deepseek.close();
    }
  });

  describe('in Arabic, each model name, provider name and token parameter keeps its own direction', () => {
    const arabic = async () => setMessageSource(catalogueSource('ar', await catalogue('ar'), await catalogue('en')));

    it('when connected: the models found, the mode each takes, whether each reasons', async () => {
      await arabic();
      const result = await testModelConnection('openai', profile());
      expect(result.ok).toBe(true);
      const message = result.ok ? result.message : '';
      expect(message).toMatch(/^تم الاتصال بـ /);
      expect(message).toContain(isolated('OpenAI'));
      expect(message).toContain(`"${isolated('fake-fast')}"`);
      expect(message).toContain(`"${isolated('fake-strong')}"`);
      // Two models that differ: each named in its own isolate, the token parameter too.
      const each = describeStructuredOutput([
        { model: 'fake-fast', mode: 'json_schema', tokenLimit: 'max_tokens', reasons: false },
        { model: 'gpt-5-mini', mode: 'json_object', tokenLimit: 'max_completion_tokens', reasons: true },
      ]);
      expect(each).toContain(`"${isolated('fake-fast')}"`);
      expect(each).toContain(`"${isolated('gpt-5-mini')}"`);
      expect(each).toContain(isolated('max_tokens'));
      expect(each).toContain(isolated('max_completion_tokens'));
      expect(describeStructuredOutput([{ model: 'llama3.1:8b', mode: 'prompt' }])).toContain(
        `"${isolated('llama3.1:8b')}"`,
      );
    });

    it('when a model is missing or does not answer in the structured form asked for', async () => {
      await arabic();
      const missing = await testModelConnection('custom', profile({ strongModel: 'gpt-typo' }));
      expect(missing.ok ? '' : missing.error).toContain(`"${isolated('gpt-typo')}"`);
      server.respondWith(() => 'Sure, here it is: ok.');
      const prose = await testModelConnection('custom', profile());
      expect(prose.ok ? '' : prose.error).toContain(`"${isolated('fake-fast')}"`);
      expect(prose.ok ? '' : prose.error).toContain(isolated('Sure, here it is: ok.'));
    });

    it('when no model is chosen yet, or the key is missing: the provider name in its own isolate', async () => {
      await arabic();
      const choose = await testModelConnection('openai', profile({ fastModel: '', strongModel: '' }));
      expect(choose.ok ? '' : choose.error).toMatch(/^تم الاتصال بـ /);
      expect(choose.ok ? '' : choose.error).toContain(isolated('OpenAI'));
      const keyless = await testModelConnection('openai', profile({ apiKey: '' }));
      expect(keyless.ok ? '' : keyless.error).toContain(isolated('OpenAI'));
    });
  });
});
