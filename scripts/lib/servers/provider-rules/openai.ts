/**
 * OpenAI's Chat Completions API (https://platform.openai.com/docs/api-reference/chat/create).
 * - Unknown body fields: 400 "Unrecognized request argument supplied: x" (OpenRouter's `provider` or
 *   `reasoning` must never reach OpenAI).
 * - Reasoning models, gpt-5 family and o-series (https://platform.openai.com/docs/guides/reasoning):
 *   `max_tokens` → 400 unsupported_parameter "Use 'max_completion_tokens' instead"; `temperature`/`top_p`
 *   other than 1 → 400 unsupported_value "Only the default (1) value is supported"; `reasoning_effort`
 *   accepted with the family's values; reasoning tokens reported in
 *   usage.completion_tokens_details.reasoning_tokens and counted against max_completion_tokens.
 *   Bodies as reported verbatim in e.g. github.com/griptape-ai/ComfyUI-Griptape/issues/312 and
 *   github.com/gabrii/Cursor-Azure-GPT-5/issues/33.
 * - Non-reasoning models (gpt-4.1): reasoning_effort → 400 unsupported_parameter.
 * - json_object: the messages must contain the word "json" (400, param "messages",
 *   https://platform.openai.com/docs/guides/structured-outputs#json-mode).
 * - json_schema with strict: the strict-schema rules (strict-schema.ts).
 * - An account out of credit (`outOfCredit`): every request is a 429 with `type: "insufficient_quota"` and
 *   the cause in `code`, and no Retry-After, since "Retrying these errors won't restore access"
 *   (https://help.openai.com/en/articles/6614457-troubleshooting-api-usage-and-spend-limits; the message is
 *   the one quoted in github.com/plexpt/chatgpt-java/issues/249).
 * - A content filter (`contentFilter`): a request whose messages match ends with `finish_reason:
 *   "content_filter"` "if content was omitted due to a flag from our content filters" and no content
 *   (openai/openai-openapi, openapi.yaml, CreateChatCompletionResponse).
 * - An overloaded model (`overloaded`): a request it holds for is a 503 with `type: "server_error"`, `code: null`
 *   and "That model is currently overloaded with other requests. You can retry your request, …" (the body quoted
 *   verbatim in github.com/ikechan8370/chatgpt-plugin/issues/125, the message in openai/openai-python#414; status
 *   and body together in waylaidwanderer/node-chatgpt-api#34, "HTTP 503 - {…}"). Those reports quote only the
 *   body (#34 its status too), never the headers; this server sends no Retry-After, so a client backs off on its
 *   own. The same message was also seen as a 429 (openai-python's RateLimitError in AineeJames/ChatGPTerminator#3).
 *   Which requests it hits is the test's choice: a real overload falls on any of them.
 */
import { strictSchemaViolation } from './strict-schema';
import {
  type ChatBody,
  formatType,
  isRecord,
  messagesText,
  numberParam,
  openAiError,
  type ProviderRefusal,
  type ProviderRules,
  reasoningModel,
  SIMULATED_REASONING,
} from './types';

/** Request fields OpenAI's chat completions endpoint knows. */
export const OPENAI_FIELDS = new Set([
  'model',
  'messages',
  'response_format',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'reasoning_effort',
  'stream',
  'stream_options',
  'n',
  'stop',
  'seed',
  'user',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'logprobs',
  'top_logprobs',
  'presence_penalty',
  'frequency_penalty',
  'logit_bias',
  'metadata',
  'store',
  'service_tier',
  'modalities',
  'audio',
  'prediction',
  'web_search_options',
  'verbosity',
  'prompt_cache_key',
  'safety_identifier',
  'functions',
  'function_call',
]);

/**
 * reasoning_effort values per family (model pages on https://developers.openai.com/api/docs/models:
 * gpt-6.2-sol and -astra "low medium high xhigh max", gpt-6.1-terra "none low medium high xhigh max";
 * gpt-6-luna "none through max", https://docs.litellm.ai/blog/gpt_6_sol_luna).
 */
function effortsFor(model: string): string[] {
  if (/^gpt-6\.2/.test(model)) return ['low', 'medium', 'high', 'xhigh', 'max'];
  if (/^gpt-6/.test(model)) return ['none', 'low', 'medium', 'high', 'xhigh', 'max'];
  if (/^gpt-5\.[1-9]/.test(model)) return ['none', 'low', 'medium', 'high', 'xhigh'];
  if (/^gpt-5/.test(model)) return ['minimal', 'low', 'medium', 'high'];
  return ['low', 'medium', 'high'];
}

const INVALID = 'invalid_request_error';

/** The json_object and json_schema checks OpenAI, Groq and DeepSeek share (each with its own wording). */
export function jsonModeRefusal(
  body: ChatBody,
  wording = "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
): ProviderRefusal | undefined {
  if (formatType(body) === 'json_object' && !/json/i.test(messagesText(body)))
    return openAiError(400, wording, INVALID, 'messages');
  return undefined;
}

/** Strict json_schema validation, answered the OpenAI way. */
export function strictSchemaRefusal(body: ChatBody): ProviderRefusal | undefined {
  const format = body.response_format;
  if (!isRecord(format) || format.type !== 'json_schema') return undefined;
  const spec = isRecord(format.json_schema) ? format.json_schema : {};
  if (spec.strict !== true) return undefined;
  const problem = strictSchemaViolation(String(spec.name ?? ''), spec.schema);
  return problem ? openAiError(400, problem, INVALID, 'response_format') : undefined;
}

/** Options of {@link openAiRules}. */
export interface OpenAiRulesOptions {
  models?: string[];
  /** The account is out of credit: every request answers the billing 429 with this `code`. */
  outOfCredit?: 'insufficient_quota' | 'credit_balance_exhausted' | 'project_spend_limit_exceeded';
  /** Requests whose messages match are stopped by the content filter. */
  contentFilter?: RegExp;
  /** Requests for which this holds find the model overloaded: OpenAI's 503, however often they are sent. */
  overloaded?: (body: ChatBody) => boolean;
  /**
   * Models that reason whatever their name: a proxy (LiteLLM, a company gateway) that serves a reasoning model
   * under its own alias answers exactly as OpenAI does for it.
   */
  reasoningModels?: string[];
}

export function openAiRules(options: OpenAiRulesOptions = {}): ProviderRules {
  // o4-mini was shut down on 2026-10-23 (https://developers.openai.com/api/docs/deprecations); gpt-4.1-mini, the
  // one model here that does not reason, is served until 2027-01-14.
  const models = options.models ?? ['gpt-6-luna', 'gpt-6.2-sol', 'gpt-5.4-mini', 'gpt-5.4', 'gpt-4.1-mini'];
  const reasons = (model: unknown) => reasoningModel(model) || (options.reasoningModels ?? []).includes(String(model));
  return {
    id: 'openai',
    models,
    refuse(body) {
      if (options.outOfCredit)
        return openAiError(
          429,
          'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          'insufficient_quota',
          null,
          options.outOfCredit,
        );
      if (options.overloaded?.(body))
        return openAiError(
          503,
          'That model is currently overloaded with other requests. You can retry your request, or contact us through our help center at help.openai.com if the error persists. (Please include the request ID 500d9fff2057e4af93a280f67002c342 in your message.)',
          'server_error',
        );
      const model = String(body.model);
      if (!models.includes(model))
        return openAiError(
          404,
          `The model \`${model}\` does not exist or you do not have access to it.`,
          INVALID,
          null,
          'model_not_found',
        );
      const unknown = Object.keys(body).find((key) => !OPENAI_FIELDS.has(key));
      if (unknown) return openAiError(400, `Unrecognized request argument supplied: ${unknown}`, INVALID);
      if (reasons(model)) {
        if (body.max_tokens !== undefined) {
          return openAiError(
            400,
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
            INVALID,
            'max_tokens',
            'unsupported_parameter',
          );
        }
        for (const sampling of ['temperature', 'top_p']) {
          if (body[sampling] !== undefined && body[sampling] !== 1) {
            return openAiError(
              400,
              `Unsupported value: '${sampling}' does not support ${String(body[sampling])} with this model. Only the default (1) value is supported.`,
              INVALID,
              sampling,
              'unsupported_value',
            );
          }
        }
        const efforts = effortsFor(model);
        if (body.reasoning_effort !== undefined && !efforts.includes(String(body.reasoning_effort))) {
          return openAiError(
            400,
            `Unsupported value: 'reasoning_effort' does not support '${String(body.reasoning_effort)}' with this model. Supported values are: ${efforts.map((e) => `'${e}'`).join(', ')}.`,
            INVALID,
            'reasoning_effort',
            'unsupported_value',
          );
        }
      } else if (body.reasoning_effort !== undefined) {
        return openAiError(
          400,
          "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
          INVALID,
          'reasoning_effort',
          'unsupported_parameter',
        );
      }
      return jsonModeRefusal(body) ?? strictSchemaRefusal(body);
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: (body) =>
      reasons(body.model) ? (SIMULATED_REASONING[String(body.reasoning_effort ?? 'medium')] ?? 0) : 0,
    finish: (body) =>
      options.contentFilter?.test(messagesText(body)) ? { finishReason: 'content_filter', content: null } : undefined,
  };
}
