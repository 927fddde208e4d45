/** The vLLM strict mode's error body is vLLM's nested ErrorResponse with an integer code (see the rule). */
import { describe, expect, it } from 'vitest';

import { vllmRules } from '../../../../../../scripts/lib/servers/provider-rules/vllm';

describe('vLLM rules', () => {
  it("wraps errors in OpenAI's envelope with the HTTP status as the code", () => {
    expect(vllmRules().refuse({ model: 'nope', messages: [] })).toEqual({
      status: 404,
      body: { error: { message: 'The model `nope` does not exist.', type: 'NotFoundError', param: null, code: 404 } },
    });
  });
});
