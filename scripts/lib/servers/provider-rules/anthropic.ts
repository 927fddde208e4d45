/**
 * Anthropic's OpenAI SDK compatibility endpoint (https://docs.claude.com/en/api/openai-sdk):
 * "response_format: Ignored", reasoning_effort ignored, logprobs/metadata/seed/… ignored; temperature
 * between 0 and 1 (larger values capped at 1); `n` must be exactly 1; max_tokens and
 * max_completion_tokens fully supported. Errors use Anthropic's own envelope
 * `{"type":"error","error":{"type":…,"message":…}}` (https://docs.claude.com/en/api/errors).
 * An account without credit (`outOfCredit`) answers every request with a 400 invalid_request_error "Your
 * credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or
 * purchase credits." (verbatim in github.com/anthropics/claude-code/issues/88711, 2026-08).
 * An identity-linked key (`identityLinkedKey`: a personal or service-account key that reaches several
 * workspaces) needs `anthropic-workspace-id` on every request
 * (https://platform.claude.com/docs/en/cli-sdks-libraries/libraries/openai-sdk); without it every request
 * is a 400 invalid_request_error "anthropic-workspace-id is required when authenticating with an
 * identity-linked API key; send the id of the workspace this request acts in.", and with an id that is not
 * a workspace's a 400 "anthropic-workspace-id header must be a valid workspace ID." (both verbatim in
 * github.com/langgenius/dify-official-plugins/issues/3784 and github.com/praetorian-inc/titus/pull/341,
 * which quote https://platform.claude.com/docs/en/manage-claude/authentication).
 * Claude Opus 4.7 and later and the 5.x family refuse sampling parameters: a request with a temperature is a
 * 400 invalid_request_error "temperature is deprecated for this model."
 * (https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7; the
 * message verbatim in github.com/sipeed/picoclaw/issues/2939 and Comfy-Org/ComfyUI#13923).
 */
import { numberParam, type ProviderRefusal, type ProviderRules } from './types';

/** Anthropic's ids of the models that refuse sampling parameters (written apart from the client's rule on purpose). */
const REFUSES_SAMPLING = /^claude-(?:opus-4-[7-9]|[a-z]+-5)/;

function anthropicError(status: number, type: string, message: string): ProviderRefusal {
  return { status, body: { type: 'error', error: { type, message } } };
}

/** Options of {@link anthropicRules}. */
export interface AnthropicRulesOptions {
  models?: string[];
  outOfCredit?: boolean;
  /** The key reaches several workspaces: requests must name one of these in `anthropic-workspace-id`. */
  identityLinkedKey?: { workspaces: string[] };
}

export function anthropicRules(options: AnthropicRulesOptions = {}): ProviderRules {
  const models = options.models ?? ['claude-haiku-4-5', 'claude-sonnet-4-6'];
  return {
    id: 'anthropic',
    models,
    refuseHeaders(headers) {
      const linked = options.identityLinkedKey;
      if (!linked) return undefined;
      const workspace = headers['anthropic-workspace-id'];
      if (workspace === undefined)
        return anthropicError(
          400,
          'invalid_request_error',
          'anthropic-workspace-id is required when authenticating with an identity-linked API key; send the id of the workspace this request acts in.',
        );
      if (typeof workspace !== 'string' || !linked.workspaces.includes(workspace))
        return anthropicError(
          400,
          'invalid_request_error',
          'anthropic-workspace-id header must be a valid workspace ID.',
        );
      return undefined;
    },
    refuse(body) {
      if (options.outOfCredit)
        return anthropicError(
          400,
          'invalid_request_error',
          'Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing to upgrade or purchase credits.',
        );
      const model = String(body.model);
      if (!models.includes(model)) return anthropicError(404, 'not_found_error', `model: ${model}`);
      if (body.n !== undefined && body.n !== 1)
        return anthropicError(400, 'invalid_request_error', 'n: only n=1 is supported');
      if (body.temperature !== undefined && REFUSES_SAMPLING.test(model))
        return anthropicError(400, 'invalid_request_error', 'temperature is deprecated for this model.');
      if (typeof body.temperature === 'number' && body.temperature < 0)
        return anthropicError(400, 'invalid_request_error', 'temperature: must be between 0 and 1');
      return undefined;
    },
    honoursResponseFormat: () => false,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
