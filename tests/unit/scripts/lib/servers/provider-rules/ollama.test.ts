/** The Ollama strict mode answers as Ollama's openai/openai.go does (see the rule's header for the source). */
import { describe, expect, it } from 'vitest';

import { ollamaRules } from '../../../../../../scripts/lib/servers/provider-rules/ollama';

const messages = [{ role: 'user', content: 'hi' }];

describe('Ollama rules', () => {
  it('ignores a response_format type it does not know, and json_schema without a schema, instead of a 400', () => {
    const rules = ollamaRules();
    for (const response_format of [{ type: 'xml' }, { type: 'text' }, { type: 'json_schema' }]) {
      const body = { model: 'qwen3:8b', messages, response_format };
      expect(rules.refuse(body), response_format.type).toBeUndefined();
      expect(rules.honoursResponseFormat(body), response_format.type).toBe(false);
    }
    expect(rules.honoursResponseFormat({ model: 'qwen3:8b', messages, response_format: { type: 'json_object' } })).toBe(
      true,
    );
  });

  it('answers a model that is not pulled with a 404 of type not_found_error', () => {
    expect(ollamaRules().refuse({ model: 'nope', messages })).toEqual({
      status: 404,
      body: {
        error: {
          message: 'model "nope" not found, try pulling it first',
          type: 'not_found_error',
          param: null,
          code: null,
        },
      },
    });
  });

  it('lists loaded models on GET /api/ps with the context their runner was started with, and no others', () => {
    const rules = ollamaRules({ contextTokens: 16_384, loadedModels: ['llama3.1:8b'] });
    expect(rules.nativeRoute?.('GET', '/api/ps', undefined)).toMatchObject({
      status: 200,
      body: { models: [{ name: 'llama3.1:8b', model: 'llama3.1:8b', context_length: 16_384 }] },
    });
    expect(ollamaRules().nativeRoute?.('GET', '/api/ps', undefined)).toEqual({ status: 200, body: { models: [] } });
  });
});
