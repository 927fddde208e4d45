import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';

import { createModelTraitStore, replyShowsReasoning, traitsFromRefusal } from '../../../../lib/llm/model-traits';

/** An SDK error as the openai client builds it from a provider's 400 body. */
function refusal(status: number, error: Record<string, unknown>): InstanceType<typeof OpenAI.APIError> {
  return OpenAI.APIError.generate(status, { error }, undefined, new Headers());
}

describe('model traits', () => {
  it("reads OpenAI's refusals of a parameter, by param or by message (a proxy that drops param)", () => {
    expect(
      traitsFromRefusal(
        refusal(400, {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        }),
      ),
    ).toEqual({ tokenLimit: 'max_completion_tokens', reasons: true });
    expect(
      traitsFromRefusal(
        refusal(400, {
          message:
            "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
          code: 'invalid_request_body',
        }),
      ),
    ).toEqual({ temperature: false });
    expect(
      traitsFromRefusal(refusal(400, { message: 'Invalid reasoning_effort: minimal. Valid values are: high, low' })),
    ).toEqual({ effort: false });
  });

  it('ignores refusals that name no parameter we word, and answers that are not 400/422', () => {
    expect(traitsFromRefusal(refusal(400, { message: 'messages must contain the word json' }))).toBeUndefined();
    expect(traitsFromRefusal(refusal(429, { message: "'max_tokens' is not supported" }))).toBeUndefined();
    expect(traitsFromRefusal(new Error("'max_tokens' is not supported"))).toBeUndefined();
  });

  it('sees reasoning in reasoning tokens or reasoning text, not in a zero count', () => {
    expect(replyShowsReasoning(12, undefined)).toBe(true);
    expect(replyShowsReasoning(0, { content: 'x' })).toBe(false);
    expect(replyShowsReasoning(undefined, { reasoning_content: 'Let me think.' })).toBe(true);
    expect(replyShowsReasoning(undefined, { reasoning: '  ' })).toBe(false);
  });

  it('remembers per base URL and model, and says when something changed', () => {
    const store = createModelTraitStore();
    expect(store.learn('http://a/v1/', 'm', { reasons: true })).toBe(true);
    expect(store.learn('http://A/v1', 'm', { reasons: true })).toBe(false);
    expect(store.get('http://a/v1', 'm')).toEqual({ reasons: true });
    expect(store.get('http://b/v1', 'm')).toEqual({});
    expect(store.get('http://a/v1', 'other')).toEqual({});
  });
});
