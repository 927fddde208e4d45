import { describe, expect, it } from 'vitest';

import {
  isReasoningModel,
  reasoningForEstimate,
  requestProfile,
  toGeminiSchema,
} from '../../../../lib/llm/request-profile';

describe('request profiles', () => {
  it('knows reasoning models by name, with or without a vendor prefix', () => {
    for (const model of [
      'gpt-5.4',
      'gpt-5.4-mini',
      'gpt-5-nano',
      'o3',
      'o4-mini',
      'o1-preview',
      'gpt-6-luna',
      'gpt-6.2-sol',
      'gemini-3.5-flash-lite',
      'deepseek-flash',
      'deepseek-v4-pro',
      'openai/gpt-5.4-mini',
      'openai/gpt-oss-20b',
      'gpt-oss:20b',
    ])
      expect(isReasoningModel(model), model).toBe(true);
    for (const model of [
      'gpt-4.1',
      'gpt-4o-mini',
      'gpt-5-chat-latest',
      'gpt-6-chat-latest',
      'omni-moderation-latest',
      'llama3.1:8b',
      'claude-haiku-4-5',
      'gemini-2.0-flash',
    ])
      expect(isReasoningModel(model), model).toBe(false);
  });

  it("words each provider's requests its way", () => {
    expect(requestProfile('openai', 'gpt-5.4')).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      sendsTemperature: false,
      reasoning: 'reasoning_effort',
      firstMode: 'json_schema',
    });
    expect(requestProfile('openai', 'gpt-4.1')).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      sendsTemperature: true,
      reasoning: 'none',
    });
    expect(requestProfile('openrouter', 'openai/gpt-5.4')).toMatchObject({
      tokenLimit: 'max_tokens',
      sendsTemperature: false,
      reasoning: 'openrouter',
      requireParameters: true,
    });
    expect(requestProfile('groq', 'llama-3.3-70b-versatile')).toMatchObject({
      firstMode: 'json_object',
      reasoning: 'none',
    });
    expect(requestProfile('groq', 'openai/gpt-oss-120b')).toMatchObject({
      firstMode: 'json_schema',
      reasoning: 'reasoning_effort',
      sendsTemperature: true,
    });
    expect(requestProfile('anthropic', 'claude-sonnet-4-6')).toMatchObject({ firstMode: 'prompt' });
    expect(requestProfile('deepseek', 'deepseek-flash')).toMatchObject({
      firstMode: 'json_object',
      tokenLimit: 'max_tokens',
      reasoning: 'deepseek',
      sendsTemperature: false,
    });
    expect(requestProfile('gemini', 'gemini-3.6-flash')).toMatchObject({
      schemaDialect: 'gemini',
      reasoning: 'reasoning_effort',
      sendsTemperature: false,
    });
    expect(requestProfile('ollama', 'llama3.1:8b')).toMatchObject({
      tokenLimit: 'max_tokens',
      firstMode: 'json_schema',
    });
    expect(requestProfile('custom', 'o4-mini')).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      reasoning: 'reasoning_effort',
    });
    expect(requestProfile('custom', 'Qwen/Qwen3-8B')).toMatchObject({ tokenLimit: 'max_tokens', reasoning: 'none' });
  });

  it('lets what the provider taught override the name: a learned reasoning model, a refused parameter', () => {
    expect(requestProfile('custom', 'corp-reasoner', { reasons: true })).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      reasoning: 'reasoning_effort',
      sendsTemperature: false,
      reasons: true,
    });
    expect(requestProfile('custom', 'corp-model', { tokenLimit: 'max_completion_tokens' })).toMatchObject({
      tokenLimit: 'max_completion_tokens',
      reasons: false,
    });
    expect(requestProfile('ollama', 'qwen3:8b', { temperature: false }).sendsTemperature).toBe(false);
    expect(requestProfile('groq', 'openai/gpt-oss-20b', { effort: false }).reasoning).toBe('none');
  });

  it('streams structured requests everywhere but on Groq, whose JSON modes do not stream', () => {
    for (const model of ['llama-3.3-70b-versatile', 'openai/gpt-oss-120b'])
      expect(requestProfile('groq', model).streamsStructured, model).toBe(false);
    for (const preset of [
      'openai',
      'openrouter',
      'gemini',
      'anthropic',
      'deepseek',
      'ollama',
      'lmstudio',
      'custom',
    ] as const)
      expect(requestProfile(preset, 'some-model').streamsStructured, preset).toBe(true);
  });

  it("rewrites a strict schema into Gemini's subset: $ref inlined, additionalProperties and $defs gone, property names kept", () => {
    const strict = {
      type: 'object',
      properties: {
        claims: { type: 'array', items: { $ref: '#/$defs/Claim' } },
        additionalProperties: { type: 'string' },
      },
      required: ['claims', 'additionalProperties'],
      additionalProperties: false,
      $defs: {
        Claim: {
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
          additionalProperties: false,
        },
      },
    };
    expect(toGeminiSchema(strict)).toEqual({
      type: 'object',
      properties: {
        claims: {
          type: 'array',
          items: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        },
        additionalProperties: { type: 'string' },
      },
      required: ['claims', 'additionalProperties'],
    });
  });

  it('gives the estimate the effort of each role whose model reasons', () => {
    expect(reasoningForEstimate({ fastModel: 'gpt-5.4-mini', strongModel: 'gpt-5.4' })).toEqual({
      fast: 'low',
      strong: 'medium',
    });
    expect(
      reasoningForEstimate({
        fastModel: 'llama3.1:8b',
        strongModel: 'o3',
        reasoningEffort: { fast: 'high', strong: 'high' },
      }),
    ).toEqual({ strong: 'high' });
    expect(reasoningForEstimate({ fastModel: 'llama3.1:8b', strongModel: 'llama3.1:8b' })).toEqual({});
  });

  it('keeps Claude 5.x and Opus 4.7+ at their default temperature on any preset (they refuse it), not older Claude', () => {
    expect(requestProfile('anthropic', 'claude-haiku-5-5').sendsTemperature).toBe(false);
    expect(requestProfile('anthropic', 'claude-opus-4-7').sendsTemperature).toBe(false);
    expect(requestProfile('openrouter', 'anthropic/claude-haiku-5.5').sendsTemperature).toBe(false);
    expect(requestProfile('openrouter', 'anthropic/claude-opus-4.7').sendsTemperature).toBe(false);
    expect(requestProfile('openrouter', 'anthropic/claude-4.7-opus').sendsTemperature).toBe(false);
    expect(requestProfile('custom', 'claude-sonnet-5').sendsTemperature).toBe(false);
    expect(requestProfile('anthropic', 'claude-haiku-4-5').sendsTemperature).toBe(true);
    expect(requestProfile('anthropic', 'claude-sonnet-4-6').sendsTemperature).toBe(true);
    expect(requestProfile('openrouter', 'anthropic/claude-3.7-sonnet').sendsTemperature).toBe(true);
    expect(requestProfile('custom', 'anthropic/claude-haiku-4.5').sendsTemperature).toBe(true);
    expect(requestProfile('ollama', 'llama3.1:8b').sendsTemperature).toBe(true);
  });
});
