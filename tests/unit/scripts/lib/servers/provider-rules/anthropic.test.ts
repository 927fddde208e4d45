import { describe, expect, it } from 'vitest';

import { anthropicRules } from '../../../../../../scripts/lib/servers/provider-rules/anthropic';

describe("Anthropic's strict mode for an identity-linked key", () => {
  const rules = anthropicRules({ identityLinkedKey: { workspaces: ['wrkspc_1'] } });

  it('refuses a request without anthropic-workspace-id, or naming no workspace of the key, the way Anthropic does', () => {
    expect(rules.refuseHeaders?.({})).toEqual({
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message:
            'anthropic-workspace-id is required when authenticating with an identity-linked API key; send the id of the workspace this request acts in.',
        },
      },
    });
    expect(rules.refuseHeaders?.({ 'anthropic-workspace-id': 'wrkspc_2' })).toMatchObject({
      status: 400,
      body: { error: { message: 'anthropic-workspace-id header must be a valid workspace ID.' } },
    });
  });

  it('accepts the workspace header, and a key bound to one workspace needs none', () => {
    expect(rules.refuseHeaders?.({ 'anthropic-workspace-id': 'wrkspc_1' })).toBeUndefined();
    expect(anthropicRules().refuseHeaders?.({})).toBeUndefined();
  });
});

describe("Anthropic's refusal of sampling parameters", () => {
  const rules = anthropicRules({ models: ['claude-haiku-4-5', 'claude-opus-4-7', 'claude-haiku-5-5'] });

  it('refuses a temperature for Opus 4.7 and the 5.x family, the way Anthropic does, and accepts it for older models', () => {
    for (const model of ['claude-opus-4-7', 'claude-haiku-5-5'])
      expect(rules.refuse({ model, temperature: 0.2, messages: [] })).toEqual({
        status: 400,
        body: {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'temperature is deprecated for this model.' },
        },
      });
    expect(rules.refuse({ model: 'claude-haiku-5-5', messages: [] })).toBeUndefined();
    expect(rules.refuse({ model: 'claude-haiku-4-5', temperature: 0.2, messages: [] })).toBeUndefined();
  });
});
