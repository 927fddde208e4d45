/** Ollama's context read from /api/show, and the estimate prompts are fitted with. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  contextFromPs,
  contextFromShow,
  estimatePromptTokens,
  OLLAMA_DEFAULT_CONTEXT,
  ollamaContextWindow,
  ollamaRoot,
  readOllamaContext,
} from '../../../../lib/llm/ollama-context';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/openai-server';
import { ollamaRules } from '../../../../scripts/lib/servers/provider-rules';
import { promptTokensOf } from '../../../../scripts/lib/servers/provider-rules/ollama-context';

describe('contextFromShow', () => {
  it('takes the Modelfile num_ctx, capped at the trained context', () => {
    const info = { 'general.architecture': 'llama', 'llama.context_length': 8_192 };
    expect(contextFromShow({ parameters: 'num_ctx 16384\nstop "x"', model_info: info })).toBe(8_192);
    expect(contextFromShow({ parameters: 'stop "x"\nnum_ctx 6000', model_info: info })).toBe(6_000);
  });

  it('assumes the 4,096 of machines under 24 GiB of VRAM when no num_ctx is set', () => {
    expect(contextFromShow({ parameters: 'stop "x"', model_info: { 'qwen3.context_length': 40_960 } })).toBe(4_096);
    expect(contextFromShow({ model_info: { 'gemma.context_length': 2_048 } })).toBe(2_048);
    expect(contextFromShow('not json')).toBe(OLLAMA_DEFAULT_CONTEXT);
  });
});

describe('contextFromPs', () => {
  it("takes a loaded model's context_length, matching `llama3.1` to `llama3.1:latest`", () => {
    const ps = { models: [{ name: 'llama3.1:latest', model: 'llama3.1:latest', context_length: 32_768 }] };
    expect(contextFromPs(ps, 'llama3.1')).toBe(32_768);
    expect(contextFromPs(ps, 'llama3.1:latest')).toBe(32_768);
    expect(contextFromPs(ps, 'llama3.1:8b')).toBeUndefined();
    expect(contextFromPs({ models: [] }, 'llama3.1')).toBeUndefined();
    // Older servers list loaded models without the field.
    expect(contextFromPs({ models: [{ name: 'llama3.1:latest' }] }, 'llama3.1')).toBeUndefined();
    expect(contextFromPs('not json', 'llama3.1')).toBeUndefined();
  });
});

describe('readOllamaContext of a loaded model', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    // OLLAMA_CONTEXT_LENGTH=16384: /api/show cannot tell, /api/ps lists the loaded model with it.
    const rules = ollamaRules({ contextTokens: 16_384, loadedModels: ['llama3.1:8b'] });
    server = await startOpenAiServer({ provider: rules });
  });
  afterAll(() => server.close());

  it("reads the context a loaded model runs with from /api/ps, and /api/show's guess for one not loaded", async () => {
    expect(await readOllamaContext(server.baseUrl, 'llama3.1:8b')).toBe(16_384);
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/ps' });
    expect(await readOllamaContext(server.baseUrl, 'qwen3:8b')).toBe(4_096);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/show', body: { model: 'qwen3:8b' } });
  });
});

describe('readOllamaContext', () => {
  let server: OpenAiServer;
  beforeAll(async () => {
    server = await startOpenAiServer({ provider: ollamaRules({ contextTokens: 4_096, trainedContext: 131_072 }) });
  });
  afterAll(() => server.close());

  it("asks the server's /api/show, next to its /v1 endpoint", async () => {
    expect(ollamaRoot(server.baseUrl)).toBe(`http://127.0.0.1:${server.port}`);
    expect(await readOllamaContext(server.baseUrl, 'llama3.1:8b')).toBe(4_096);
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/show', body: { model: 'llama3.1:8b' } });
  });

  it('says prompts were shortened as a code with its tokens, worded when shown (not words of the language at run time)', () => {
    const window = ollamaContextWindow(server.baseUrl, undefined);
    expect(window.notice(4_096)).toEqual({ code: 'ollama-context-shortened', tokens: 4_096 });
  });

  it('says a step does not fit as a code with the window, worded when shown (no words of the run-time language)', () => {
    const window = ollamaContextWindow(server.baseUrl, undefined);
    expect(window.tooLong(4_096)).toEqual({ code: 'context-too-long', tokens: 4_096 });
  });

  it('falls back to 4,096 when the server cannot tell (unknown model, no such route, unreachable)', async () => {
    expect(await readOllamaContext(server.baseUrl, 'not-pulled')).toBe(4_096);
    expect(await readOllamaContext('http://127.0.0.1:9/v1', 'llama3.1:8b')).toBe(4_096);
  });

  it("sends the profile's key and custom headers, so a gateway in front of Ollama answers", async () => {
    const window = ollamaContextWindow(server.baseUrl, undefined, {
      apiKey: 'sk-gateway',
      headers: { 'X-Gateway-Token': 'secret' },
    });
    expect(await window.tokensFor('llama3.1:8b')).toBe(4_096);
    expect(server.requests.at(-1)).toMatchObject({
      path: '/api/show',
      headers: { authorization: 'Bearer sk-gateway', 'x-gateway-token': 'secret' },
    });
  });

  it('gives up on a server that never answers, and assumes 4,096', async () => {
    // Accepts the connection and never replies, as a stalled server or proxy does.
    const stalled = createServer(() => {});
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as AddressInfo;
    try {
      const window = ollamaContextWindow(`http://127.0.0.1:${port}/v1`, undefined, { timeoutMs: 200 });
      expect(await window.tokensFor('llama3.1:8b')).toBe(4_096);
    } finally {
      stalled.closeAllConnections();
      await new Promise((resolve) => stalled.close(resolve));
    }
  }, 10_000);
});

describe('estimatePromptTokens', () => {
  it('counts above the loopback (and real English tokenizers), and one token per CJK character', () => {
    const messages = [
      { role: 'system', content: 'Judge each passage. '.repeat(50) },
      { role: 'user', content: 'The Eiffel Tower was completed in 1889. '.repeat(80) },
    ];
    expect(estimatePromptTokens(messages)).toBeGreaterThan(promptTokensOf(messages));
    expect(estimatePromptTokens([{ content: '埃菲尔铁塔建于一八八九年' }])).toBeGreaterThanOrEqual(12);
  });

  it('counts one token per letter of scripts other than Latin too: Hindi, Korean, Arabic, Cyrillic', () => {
    const texts = [
      'एफ़िल टॉवर 1889 में बनकर तैयार हुआ था। ',
      '에펠탑은 1889년에 완공되었다. ',
      'اكتمل بناء برج إيفل عام 1889. ',
      'Эйфелева башня была построена в 1889 году. ',
    ];
    for (const text of texts) {
      const content = text.repeat(20);
      const letters = content.match(/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}\s]/gu)!.length;
      expect(estimatePromptTokens([{ content }]), text).toBeGreaterThanOrEqual(letters);
    }
  });
});
