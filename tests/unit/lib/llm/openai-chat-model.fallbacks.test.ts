/**
 * What each provider's strict mode refuses (with its real body), and how the adapter's request wording and
 * fallback chain (json_schema → json_object → schema in the prompt) get past it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ProviderError } from '../../../../lib/core/errors';
import { structuredCall } from '../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../lib/core/model/usage-meter';
import type { ChatRequest, JsonSchemaSpec } from '../../../../lib/core/ports';
import { createOpenAiChatModel, type OpenAiChatModelOptions } from '../../../../lib/llm/openai-chat-model';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';
import {
  anthropicRules,
  deepSeekRules,
  geminiRules,
  groqRules,
  lmStudioRules,
  openAiRules,
  openRouterRules,
  type ProviderRules,
} from '../../../../scripts/lib/servers/provider-rules/index';

const spec: JsonSchemaSpec = {
  name: 'verdict',
  schema: {
    type: 'object',
    properties: { verdict: { type: 'string', enum: ['supported', 'refuted'] } },
    required: ['verdict'],
    additionalProperties: false,
  },
};
const request: ChatRequest = {
  role: 'strong',
  messages: [
    { role: 'system', content: 'You judge claims.' },
    { role: 'user', content: 'Is water wet?' },
  ],
  jsonSchema: spec,
};

let server: OpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(rules: ProviderRules): Promise<OpenAiServer> {
  server = await startOpenAiServer({ provider: rules });
  return server;
}

/** Raw POST, to see the provider's own refusal. */
async function post(body: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server!.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function model(options: Partial<OpenAiChatModelOptions> & Pick<OpenAiChatModelOptions, 'fastModel' | 'strongModel'>) {
  return createOpenAiChatModel({ baseUrl: server!.baseUrl, apiKey: 'sk', structuredOutput: 'auto', ...options });
}

const bodies = () =>
  server!.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => r.body as Record<string, unknown>);

describe('OpenAI reasoning models', () => {
  it("refuse max_tokens and temperature with OpenAI's exact error bodies", async () => {
    await serve(openAiRules());
    const messages = [{ role: 'user', content: 'Reply with OK.' }];
    expect(await post({ model: 'gpt-5.4-mini', messages, max_tokens: 1 })).toEqual({
      status: 400,
      body: {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      },
    });
    expect(await post({ model: 'gpt-5.4', messages, temperature: 0 })).toMatchObject({
      status: 400,
      body: { error: { param: 'temperature', code: 'unsupported_value' } },
    });
    expect(await post({ model: 'gpt-4.1-mini', messages, reasoning_effort: 'low' })).toMatchObject({
      status: 400,
      body: { error: { param: 'reasoning_effort', code: 'unsupported_parameter' } },
    });
    expect(await post({ model: 'gpt-5.4', messages, provider: { require_parameters: true } })).toMatchObject({
      status: 400,
      body: { error: { message: 'Unrecognized request argument supplied: provider' } },
    });
  });

  it('get max_completion_tokens with reasoning headroom, reasoning_effort per role, no temperature; reasoning tokens are counted', async () => {
    await serve(openAiRules());
    const chat = model({ preset: 'openai', fastModel: 'gpt-5.4-mini', strongModel: 'gpt-5.4' });
    const strong = await chat.complete({ ...request, temperature: 0, maxTokens: 500 });
    const fast = await chat.complete({ ...request, role: 'fast' });
    const [strongBody, fastBody] = bodies();
    expect(strongBody).toMatchObject({
      model: 'gpt-5.4',
      max_completion_tokens: 500 + 8_192,
      reasoning_effort: 'medium',
    });
    expect(fastBody).toMatchObject({
      model: 'gpt-5.4-mini',
      max_completion_tokens: 4_096 + 2_048,
      reasoning_effort: 'low',
    });
    expect(strongBody).not.toHaveProperty('temperature');
    expect(strongBody).not.toHaveProperty('max_tokens');
    expect(strong.usage.reasoningTokens).toBeGreaterThan(0);
    expect(strong.usage.completionTokens).toBeGreaterThan(strong.usage.reasoningTokens!);
    expect(fast.usage.reasoningTokens).toBeLessThan(strong.usage.reasoningTokens!);
  });

  it('the effort is a setting', async () => {
    await serve(openAiRules());
    await model({
      preset: 'openai',
      fastModel: 'gpt-5.4-mini',
      strongModel: 'gpt-5.4',
      reasoningEffort: { fast: 'medium', strong: 'high' },
    }).complete(request);
    expect(bodies()[0]).toMatchObject({ reasoning_effort: 'high' });
  });

  it('refuse a schema that is not strict, with the path to the problem', async () => {
    await serve(openAiRules());
    const loose = {
      type: 'object',
      properties: { verdict: { type: 'string' }, note: { type: 'string' } },
      required: ['verdict'],
      additionalProperties: false,
    };
    const reply = await post({
      model: 'gpt-4.1-mini',
      messages: [{ role: 'user', content: 'x' }],
      response_format: { type: 'json_schema', json_schema: { name: 'v', strict: true, schema: loose } },
    });
    expect(reply).toMatchObject({
      status: 400,
      body: { error: { param: 'response_format', message: expect.stringContaining("Missing 'note'") } },
    });
  });
});

describe('finish_reason "length"', () => {
  it('is retried once with twice the limit, not answered with a "fix your JSON" turn', async () => {
    await serve(openAiRules());
    // gpt-4.1-mini does not reason, so a 3-token limit cuts the reply off.
    const chat = model({ preset: 'openai', fastModel: 'gpt-4.1-mini', strongModel: 'gpt-4.1-mini' });
    server!.respondWith(() => ({ verdict: 'refuted' }));
    const result = await structuredCall(
      { model: chat, clock: { now: () => 0 }, meter: new UsageMeter(), cacheTtlMs: 0 },
      {
        stage: 'verify',
        role: 'strong',
        name: 'verdict',
        schema: z.object({ verdict: z.enum(['supported', 'refuted']) }),
        messages: request.messages,
        maxTokens: 3,
      },
    );
    expect(result.value).toEqual({ verdict: 'refuted' });
    expect(bodies().map((b) => b.max_completion_tokens)).toEqual([3, 6]);
    expect(bodies()[1]!.messages).toEqual(bodies()[0]!.messages); // no corrective turn
  });

  it('twice is reported as a cut-off, not as bad JSON', async () => {
    await serve(openAiRules());
    const chat = model({ preset: 'openai', fastModel: 'gpt-4.1-mini', strongModel: 'gpt-4.1-mini' });
    server!.respondWith(() => ({ verdict: 'refuted'.repeat(20) }));
    const call = structuredCall(
      { model: chat, clock: { now: () => 0 }, meter: new UsageMeter(), cacheTtlMs: 0 },
      {
        stage: 'verify',
        role: 'strong',
        name: 'verdict',
        schema: z.object({ verdict: z.string() }),
        messages: request.messages,
        maxTokens: 2,
      },
    );
    await expect(call).rejects.toThrow(/cut off at the token limit \(4 tokens\)/);
    expect(bodies()).toHaveLength(2);
  });
});

describe('a reply that fails or has no text', () => {
  const plain: ChatRequest = { role: 'strong', messages: request.messages };

  it("says a model that failed mid-reply as a code with the provider's own words, worded when shown", async () => {
    await serve({
      ...openRouterRules(),
      finish: () => ({ finishReason: 'error', content: '', choice: { error: { message: 'Upstream error' } } }),
    });
    const chat = model({
      preset: 'openrouter',
      fastModel: 'mistralai/mistral-7b-instruct',
      strongModel: 'mistralai/mistral-7b-instruct',
    });
    const error = await chat.complete(plain).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).notice).toMatchObject({ code: 'failed-mid-reply', detail: 'Upstream error' });
    expect((error as ProviderError).message).toMatch(/reports that the model failed mid-reply: Upstream error\.$/);
  });

  it('says a reply without text as a code, worded when shown', async () => {
    await serve({ ...openAiRules(), finish: () => ({ finishReason: 'stop', content: null }) });
    const chat = model({ preset: 'openai', fastModel: 'gpt-4.1-mini', strongModel: 'gpt-4.1-mini' });
    const error = await chat.complete(plain).catch((caught: unknown) => caught);
    expect((error as ProviderError).notice).toMatchObject({ code: 'reply-without-text' });
    expect((error as ProviderError).message).toMatch(/sent a reply without text\.$/);
  });
});

describe('the fallback chain', () => {
  it('Groq: a model without json_schema falls back to json_object (with "JSON" in the messages); the preset starts there', async () => {
    await serve(groqRules());
    const chat = model({ fastModel: 'llama-3.3-70b-versatile', strongModel: 'llama-3.3-70b-versatile' });
    const reply = await chat.complete(request);
    expect(JSON.parse(reply.text)).toEqual({ verdict: 'supported' });
    expect(chat.structuredModeFor('llama-3.3-70b-versatile')).toBe('json_object');
    expect(bodies().map((b) => (b.response_format as { type: string }).type)).toEqual(['json_schema', 'json_object']);
    const preset = model({ preset: 'groq', fastModel: 'llama-3.3-70b-versatile', strongModel: 'openai/gpt-oss-120b' });
    await preset.complete({ ...request, role: 'fast' });
    await preset.complete(request);
    expect(
      bodies()
        .slice(2)
        .map((b) => (b.response_format as { type: string }).type),
    ).toEqual(['json_object', 'json_schema']);
    expect(bodies()[2]).not.toHaveProperty('reasoning_effort');
    expect(bodies()[3]).toMatchObject({ reasoning_effort: 'medium', max_completion_tokens: 4_096 + 8_192 });
    expect(
      await post({
        model: 'llama-3.3-70b-versatile',
        messages: [{ role: 'user', content: 'hi' }],
        response_format: { type: 'json_object' },
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringContaining("must contain the word 'json'") } },
    });
  });

  it('DeepSeek: json_schema is refused, json_object works, and the preset starts there', async () => {
    await serve(deepSeekRules());
    const custom = model({ fastModel: 'deepseek-flash', strongModel: 'deepseek-flash' });
    await custom.complete(request);
    expect(bodies().map((b) => (b.response_format as { type: string }).type)).toEqual(['json_schema', 'json_object']);
    const preset = model({ preset: 'deepseek', fastModel: 'deepseek-flash', strongModel: 'deepseek-flash' });
    await preset.complete(request);
    expect(bodies().at(-1)).toMatchObject({ response_format: { type: 'json_object' } });
    expect(bodies()).toHaveLength(3);
  });

  it('OpenRouter: require_parameters turns a dropped response_format into a 404, and the chain ends in the prompt', async () => {
    await serve(openRouterRules());
    const chat = model({
      preset: 'openrouter',
      fastModel: 'mistralai/mistral-7b-instruct',
      strongModel: 'mistralai/mistral-7b-instruct',
    });
    const reply = await chat.complete(request);
    expect(JSON.parse(reply.text)).toEqual({ verdict: 'supported' });
    expect(chat.structuredModeFor('mistralai/mistral-7b-instruct')).toBe('prompt');
    const sent = bodies();
    expect(sent.map((b) => (b.response_format as { type?: string } | undefined)?.type ?? 'none')).toEqual([
      'json_schema',
      'json_object',
      'none',
    ]);
    expect(sent[0]).toMatchObject({ provider: { require_parameters: true } });
    expect(String((sent[2]!.messages as Array<{ content: string }>)[0]!.content)).toContain(
      'JSON Schema, named "verdict"',
    );
  });

  it('Anthropic: response_format is ignored, so a check that relied on it gets prose; auto notices and moves the schema into the prompt', async () => {
    await serve(anthropicRules());
    const forced = model({
      fastModel: 'claude-haiku-4-5',
      strongModel: 'claude-haiku-4-5',
      structuredOutput: 'json_schema',
    });
    expect((await forced.complete(request)).text).toBe('OK'); // the bug of issue 14: the model never saw the schema
    const auto = model({ fastModel: 'claude-haiku-4-5', strongModel: 'claude-haiku-4-5' });
    const reply = await auto.complete(request);
    expect(JSON.parse(reply.text)).toEqual({ verdict: 'supported' });
    expect(auto.structuredModeFor('claude-haiku-4-5')).toBe('prompt');
    expect(reply.usage.promptTokens).toBeGreaterThan(bodies().length); // both calls' usage counted
  });

  it('LM Studio: json_object is refused with a bare-string error; the preset goes from json_schema straight to the prompt', async () => {
    await serve(lmStudioRules());
    expect(
      await post({
        model: 'qwen3-8b',
        messages: [{ role: 'user', content: 'json' }],
        response_format: { type: 'json_object' },
      }),
    ).toEqual({ status: 400, body: { error: "'response_format.type' must be 'json_schema' or 'text'" } });
    const forced = model({
      preset: 'lmstudio',
      fastModel: 'qwen3-8b',
      strongModel: 'qwen3-8b',
      structuredOutput: 'json_object',
    });
    await expect(forced.complete(request)).rejects.toThrow(/400.*response_format\.type/);
  });

  it("Gemini: the strict schema's additionalProperties is refused in Google's error shape; the preset sends Gemini's subset", async () => {
    await serve(geminiRules());
    const custom = model({ fastModel: 'gemini-3.5-flash-lite', strongModel: 'gemini-3.5-flash-lite' });
    await custom.complete(request);
    const refused = await post(bodies()[0]!);
    expect(refused).toMatchObject({
      status: 400,
      body: [
        {
          error: {
            code: 400,
            status: 'INVALID_ARGUMENT',
            message: expect.stringContaining('Unknown name "additionalProperties"'),
          },
        },
      ],
    });
    expect(custom.structuredModeFor('gemini-3.5-flash-lite')).toBe('json_object');
    const preset = model({
      preset: 'gemini',
      fastModel: 'gemini-3.5-flash-lite',
      strongModel: 'gemini-3.5-flash-lite',
    });
    await preset.complete(request);
    const sent = bodies().at(-1)!;
    expect(sent).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { schema: { type: 'object', required: ['verdict'] } } },
    });
    expect(JSON.stringify(sent.response_format)).not.toContain('additionalProperties');
  });
});
