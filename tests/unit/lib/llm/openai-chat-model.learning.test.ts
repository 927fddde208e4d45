/**
 * What the adapter learns from the provider instead of guessing from names (issue 23, items 4, 5 and 8):
 * a 400 that names a parameter rewords that model's requests, reasoning tokens in a reply mark the model as
 * reasoning, DeepSeek's thinking is steered per role, and a blank JSON reply is asked again instead of
 * switching the model out of JSON mode. Against the loopback server's strict provider modes.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { testModelConnection } from '../../../../lib/connection/test-model';
import { ProviderError } from '../../../../lib/core/errors';
import type { ChatRequest, JsonSchemaSpec } from '../../../../lib/core/ports';
import { createModelTraitStore } from '../../../../lib/llm/model-traits';
import { createOpenAiChatModel, type OpenAiChatModelOptions } from '../../../../lib/llm/openai-chat-model';
import { REASONING_HEADROOM } from '../../../../lib/llm/request-profile';
import type { ModelProfile } from '../../../../lib/settings/schema';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';
import { deepSeekRules, openAiRules, type ProviderRules } from '../../../../scripts/lib/servers/provider-rules/index';

const spec: JsonSchemaSpec = {
  name: 'verdict',
  schema: {
    type: 'object',
    properties: { verdict: { type: 'string', enum: ['supported', 'refuted'] } },
    required: ['verdict'],
    additionalProperties: false,
  },
};
const ask = (role: 'fast' | 'strong', extra: Partial<ChatRequest> = {}): ChatRequest => ({
  role,
  messages: [
    { role: 'system', content: 'You judge claims. Reply in JSON.' },
    { role: 'user', content: 'Is water wet?' },
  ],
  jsonSchema: spec,
  ...extra,
});

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(rules: ProviderRules): Promise<OpenAiServer> {
  server = await startOpenAiServer({ provider: rules });
  return server;
}

function model(options: Partial<OpenAiChatModelOptions> & Pick<OpenAiChatModelOptions, 'fastModel' | 'strongModel'>) {
  return createOpenAiChatModel({
    baseUrl: server!.baseUrl,
    apiKey: 'sk',
    structuredOutput: 'auto',
    modelTraits: createModelTraitStore(),
    ...options,
  });
}

const profile = (name: string): ModelProfile => ({
  baseUrl: server!.baseUrl,
  apiKey: 'sk',
  fastModel: name,
  strongModel: name,
  embeddingModel: '',
  structuredOutput: 'auto',
});

const bodies = () =>
  server!.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as Record<string, unknown>);

describe('a Custom proxy in front of a reasoning model unknown by name', () => {
  const proxy = () => openAiRules({ models: ['corp-reasoner'], reasoningModels: ['corp-reasoner'] });

  it('learns max_completion_tokens from the 400 that names max_tokens, and asks once more, reworded', async () => {
    await serve(proxy());
    const chat = model({ fastModel: 'corp-reasoner', strongModel: 'corp-reasoner' });
    const reply = await chat.complete(ask('strong', { maxTokens: 200, temperature: 0.2 }));
    expect(JSON.parse(reply.text)).toEqual({ verdict: 'supported' });
    expect(reply.finishReason).toBe('stop');
    const [refused, reworded] = bodies();
    expect(refused).toMatchObject({ max_tokens: 200, temperature: 0.2 });
    // Reworded as a reasoning model: the limit's name, room to think, its effort, no temperature.
    expect(reworded).toMatchObject({
      max_completion_tokens: 200 + REASONING_HEADROOM.medium,
      reasoning_effort: 'medium',
    });
    expect(reworded).not.toHaveProperty('max_tokens');
    expect(reworded).not.toHaveProperty('temperature');
    expect(bodies()).toHaveLength(2);
    // Remembered: the next call is worded right the first time.
    await chat.complete(ask('fast', { maxTokens: 100 }));
    expect(bodies()).toHaveLength(3);
    expect(bodies()[2]).toMatchObject({ max_completion_tokens: 100 + REASONING_HEADROOM.low, reasoning_effort: 'low' });
    expect(chat.profileFor('corp-reasoner')).toMatchObject({ reasons: true, tokenLimit: 'max_completion_tokens' });
  });

  it('marks the model as reasoning once a reply reports reasoning tokens', async () => {
    await serve(proxy());
    const chat = model({ fastModel: 'corp-reasoner', strongModel: 'corp-reasoner' });
    expect(chat.profileFor('corp-reasoner').reasons).toBe(false);
    const first = await chat.complete(ask('strong'));
    expect(first.usage.reasoningTokens).toBeGreaterThan(0);
    expect(chat.profileFor('corp-reasoner').reasons).toBe(true);
    await chat.complete(ask('strong'));
    expect(bodies()[1]).toMatchObject({ reasoning_effort: 'medium' });
  });

  it('Test connection sees a structured reply and says the model reasons', async () => {
    await serve(proxy());
    const result = await testModelConnection('custom', profile('corp-reasoner'));
    expect(result).toMatchObject({
      ok: true,
      structuredOutput: [{ model: 'corp-reasoner', reasons: true, tokenLimit: 'max_completion_tokens' }],
    });
    expect(result.ok && result.message).toContain('"corp-reasoner" reasons before it answers');
  });
});

describe('Test connection on a model that spends a small limit thinking', () => {
  it('asks again with room to think instead of passing on an empty reply', async () => {
    // DeepSeek thinks by default and counts it against max_tokens; behind Custom its name tells nothing.
    await serve(deepSeekRules({ models: ['ds-proxy'] }));
    const result = await testModelConnection('custom', profile('ds-proxy'));
    expect(result).toMatchObject({ ok: true, structuredOutput: [{ model: 'ds-proxy', reasons: true }] });
    const sent = bodies();
    expect(sent[0]).toMatchObject({ max_tokens: 16 });
    expect(sent.length).toBeGreaterThan(1);
  });
});

describe('DeepSeek thinking mode', () => {
  it('turns thinking off for the fast role and gives the strong role room for high effort', async () => {
    await serve(deepSeekRules());
    const chat = model({ preset: 'deepseek', fastModel: 'deepseek-flash', strongModel: 'deepseek-v4-pro' });
    const fast = await chat.complete(ask('fast', { maxTokens: 200 }));
    const strong = await chat.complete(ask('strong', { maxTokens: 200 }));
    expect(fast.finishReason).toBe('stop');
    expect(fast.usage.reasoningTokens ?? 0).toBe(0);
    // medium is thought at high ("medium → high"): the limit leaves room for it, so the reply is not cut off.
    expect(strong.finishReason).toBe('stop');
    expect(JSON.parse(strong.text)).toEqual({ verdict: 'supported' });
    expect(strong.usage.reasoningTokens).toBeGreaterThan(200);
    const [fastBody, strongBody] = bodies();
    expect(fastBody).toMatchObject({ thinking: { type: 'disabled' }, max_tokens: 200 });
    expect(fastBody).not.toHaveProperty('reasoning_effort');
    expect(strongBody).toMatchObject({
      thinking: { type: 'enabled' },
      reasoning_effort: 'medium',
      max_tokens: 200 + REASONING_HEADROOM.high,
    });
  });

  it('asks again after a blank JSON reply and stays in JSON mode', async () => {
    await serve(deepSeekRules({ blankJson: 1 }));
    const chat = model({ preset: 'deepseek', fastModel: 'deepseek-flash', strongModel: 'deepseek-flash' });
    const failure = await chat.complete(ask('fast')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({ kind: 'malformed', retryable: true });
    // Said as a code, worded in the interface language should every try be blank.
    expect((failure as ProviderError).notice).toMatchObject({ code: 'reply-without-text' });
    expect(chat.structuredModeFor('deepseek-flash')).toBe('json_object');
    const reply = await chat.complete(ask('fast'));
    expect(JSON.parse(reply.text)).toEqual({ verdict: 'supported' });
    expect(bodies().map((b) => (b.response_format as { type?: string } | undefined)?.type)).toEqual([
      'json_object',
      'json_object',
    ]);
  });

  it('an account out of balance is a quota failure, not retried', async () => {
    await serve(deepSeekRules({ outOfBalance: true }));
    const chat = model({ preset: 'deepseek', fastModel: 'deepseek-flash', strongModel: 'deepseek-flash' });
    const failure = await chat.complete(ask('fast')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'quota', retryable: false });
    expect((failure as Error).message).toMatch(/out of credit/);
  });
});
