/**
 * OpenRouter (https://openrouter.ai/docs/api-reference/overview). Each model lists the parameters its
 * providers support (`supported_parameters` on https://openrouter.ai/api/v1/models).
 * - Without `provider.require_parameters`, unsupported parameters are dropped and the request still routed
 *   (https://openrouter.ai/docs/features/provider-routing: "Only use providers that support all parameters
 *   in your request" is opt-in): a response_format the provider lacks silently disappears.
 * - With it, a request no provider can honour answers 404 "No endpoints found that can handle the requested
 *   parameters." in `{ error: { message, code } }` (shape as in github.com/lastmile-ai/mcp-agent/issues/237).
 * - Reasoning: the `reasoning: { effort }` object (https://openrouter.ai/docs/use-cases/reasoning-tokens);
 *   reasoning tokens are output tokens, reported in usage.completion_tokens_details.reasoning_tokens.
 * - No credits left (`outOfCredits`): "402: Your account or API key has insufficient credits. Add more
 *   credits and retry the request", in `{ error: { code, message, metadata? } }`
 *   (https://openrouter.ai/docs/api/reference/errors-and-debugging).
 * - A content filter upstream (`contentFilter`): finish reasons are normalised to OpenAI's and the model's
 *   own kept in `native_finish_reason` (https://openrouter.ai/announcements/standardized-finish-reasons), so
 *   a Gemini route that stops for safety ends with `content_filter` and native `SAFETY`.
 */
import {
  type ChatBody,
  isRecord,
  messagesText,
  numberParam,
  type ProviderRules,
  reasoningModel,
  SIMULATED_REASONING,
} from './types';

/** The parameters a model's providers support, as OpenRouter's model list reports them. */
export const OPENROUTER_MODELS: Record<string, string[]> = {
  // OpenAI's reasoning models on OpenRouter: no temperature/top_p.
  'openai/gpt-5.4-mini': [
    'max_tokens',
    'reasoning',
    'include_reasoning',
    'response_format',
    'structured_outputs',
    'seed',
    'tools',
    'tool_choice',
  ],
  'openai/gpt-5.4': [
    'max_tokens',
    'reasoning',
    'include_reasoning',
    'response_format',
    'structured_outputs',
    'seed',
    'tools',
    'tool_choice',
  ],
  // A model whose providers have no structured outputs at all.
  'mistralai/mistral-7b-instruct': ['max_tokens', 'temperature', 'top_p', 'stop', 'seed'],
};

/** Body fields that are routing or transport, not model parameters. */
const ALWAYS = new Set(['model', 'messages', 'stream', 'stream_options', 'provider', 'models', 'usage', 'transforms']);

function unsupported(body: ChatBody): string[] {
  const supported = new Set(OPENROUTER_MODELS[String(body.model)] ?? []);
  const wanted = Object.keys(body).filter((key) => !ALWAYS.has(key));
  return wanted.filter((key) => {
    if (key === 'reasoning_effort') return !supported.has('reasoning');
    if (key === 'max_completion_tokens') return !supported.has('max_tokens');
    return !supported.has(key);
  });
}

/** Options of {@link openRouterRules}. */
export interface OpenRouterRulesOptions {
  models?: string[];
  outOfCredits?: boolean;
  contentFilter?: RegExp;
}

export function openRouterRules(options: OpenRouterRulesOptions = {}): ProviderRules {
  const models = options.models ?? Object.keys(OPENROUTER_MODELS);
  const requireParameters = (body: ChatBody) => isRecord(body.provider) && body.provider.require_parameters === true;
  return {
    id: 'openrouter',
    models,
    refuse(body) {
      if (options.outOfCredits)
        return {
          status: 402,
          body: {
            error: {
              code: 402,
              message: 'Insufficient credits. Add more using https://openrouter.ai/settings/credits',
            },
          },
        };
      const model = String(body.model);
      if (!models.includes(model))
        return { status: 400, body: { error: { message: `${model} is not a valid model ID`, code: 400 } } };
      if (requireParameters(body) && unsupported(body).length > 0) {
        return {
          status: 404,
          body: {
            error: {
              message:
                'No endpoints found that can handle the requested parameters. To learn more about provider routing, visit: https://openrouter.ai/docs/provider-routing',
              code: 404,
            },
          },
        };
      }
      return undefined;
    },
    honoursResponseFormat: (body) => !unsupported(body).includes('response_format'),
    tokenLimit: (body) => numberParam(body, 'max_tokens', 'max_completion_tokens'),
    reasoningTokens: (body) => {
      if (!reasoningModel(body.model)) return 0;
      const effort = isRecord(body.reasoning) ? body.reasoning.effort : body.reasoning_effort;
      return SIMULATED_REASONING[String(effort ?? 'medium')] ?? 0;
    },
    finish: (body) =>
      options.contentFilter?.test(messagesText(body))
        ? { finishReason: 'content_filter', content: '', choice: { native_finish_reason: 'SAFETY' } }
        : undefined,
  };
}
