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
