/**
 * Groq's OpenAI-compatible API (https://console.groq.com/docs/api-reference#chat-create).
 * - json_schema only on the models listed in https://console.groq.com/docs/structured-outputs (strict:
 *   true on openai/gpt-oss-20b and -120b); other models answer 400 "This model does not support response
 *   format `json_schema`" (body as in github.com/ItzCrazyKns/Vane/issues/980: message and type only).
 * - Strict schemas follow OpenAI's rules (same page: "all fields must be required and objects must set
 *   additionalProperties: false").
 * - json_object: "you must also instruct the model to produce JSON yourself via a system or user message"
 *   (https://console.groq.com/docs/text-chat#json-mode); without the word JSON the request is refused.
 * - reasoning_effort (low/medium/high) only on reasoning models (https://console.groq.com/docs/reasoning);
 *   reasoning tokens in usage.completion_tokens_details.
 * - Fields Groq does not know are refused ("property 'x' is unsupported"); max_tokens is deprecated in
 *   favour of max_completion_tokens but still honoured.
 * - Streaming: JSON mode "does not support streaming" (https://console.groq.com/docs/text-chat, "Beta
 *   Limitations"), and the structured-outputs page said "streaming is not currently supported with
 *   Structured Outputs" (https://console.groq.com/docs/structured-outputs). So any response_format with
 *   `stream: true` is refused with a 400. The exact wording is not documented; this one names
 *   response_format, as Groq's other response_format errors do.
 * - A tokens-per-minute limit (`tokensPerMinute`, the free tier's 6,000 on llama-3.1-8b-instant): a request
 *   whose prompt and max tokens together exceed it is refused with a 413 "Request too large … on tokens per minute
 *   (TPM): Limit 6000, Requested 14368 …", `type: "tokens"`, `code: "rate_limit_exceeded"` (bodies as reported in
 *   github.com/assafelovic/gpt-researcher/issues/985 and github.com/HunorLaczko/ha-groq-cloud-api/issues/27; the
 *   reply's max tokens count, github.com/zeeyado/koassistant.koplugin/issues/106).
 */
import { promptTokensOf } from './ollama-context';
import { jsonModeRefusal, OPENAI_FIELDS } from './openai';
import { strictSchemaViolation } from './strict-schema';
import {
  formatType,
  isRecord,
  numberParam,
  type ProviderRefusal,
  type ProviderRules,
  reasoningModel,
  SIMULATED_REASONING,
} from './types';

/** Groq's error body: message and type (no param or code on these). */
function groqError(message: string): ProviderRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error' } } };
}

const JSON_SCHEMA_MODELS = new Set(['openai/gpt-oss-20b', 'openai/gpt-oss-120b']);

/** Options of {@link groqRules}. */
export interface GroqRulesOptions {
  /** The key's tokens-per-minute limit: a larger request (prompt and max tokens) gets the 413. */
  tokensPerMinute?: number;
}

/** Groq's 413 for one request over the tokens-per-minute limit (see the file overview). */
function tooLargeForTpm(model: string, limit: number, requested: number): ProviderRefusal {
  return {
    status: 413,
    body: {
      error: {
        message: `Request too large for model \`${model}\` in organization \`org_loopback\` service tier \`on_demand\` on tokens per minute (TPM): Limit ${limit}, Requested ${requested}, please reduce your message size and try again. Need more tokens? Upgrade to Dev Tier today at https://console.groq.com/settings/billing`,
        type: 'tokens',
        code: 'rate_limit_exceeded',
      },
    },
  };
}

export function groqRules(
  models = ['openai/gpt-oss-20b', 'openai/gpt-oss-120b', 'llama-3.1-8b-instant', 'llama-3.3-70b-versatile'],
  options: GroqRulesOptions = {},
): ProviderRules {
  return {
    id: 'groq',
    models,
    refuse(body) {
      const model = String(body.model);
      if (!models.includes(model))
        return {
          status: 404,
          body: {
            error: {
              message: `The model \`${model}\` does not exist or you do not have access to it.`,
              type: 'invalid_request_error',
              code: 'model_not_found',
            },
          },
        };
      if (options.tokensPerMinute !== undefined) {
        const messages = Array.isArray(body.messages)
          ? (body.messages as Array<{ role: string; content?: unknown }>)
          : [];
        const requested = promptTokensOf(messages) + (numberParam(body, 'max_completion_tokens', 'max_tokens') ?? 0);
        if (requested > options.tokensPerMinute) return tooLargeForTpm(model, options.tokensPerMinute, requested);
      }
      const unknown = Object.keys(body).find((key) => !OPENAI_FIELDS.has(key));
      if (unknown) return groqError(`property '${unknown}' is unsupported`);
      if (body.reasoning_effort !== undefined) {
        if (!reasoningModel(model)) return groqError('`reasoning_effort` is not supported with this model');
        if (!['low', 'medium', 'high'].includes(String(body.reasoning_effort)))
          return groqError("'reasoning_effort' must be one of 'low', 'medium' or 'high'");
      }
      if (body.stream === true && formatType(body) !== undefined && formatType(body) !== 'text') {
        return groqError('`response_format` does not support streaming');
      }
      if (formatType(body) === 'json_schema') {
        if (!JSON_SCHEMA_MODELS.has(model))
          return groqError(
            'This model does not support response format `json_schema`. See supported models at https://console.groq.com/docs/structured-outputs#supported-models',
          );
        const spec =
          isRecord(body.response_format) && isRecord(body.response_format.json_schema)
            ? body.response_format.json_schema
            : {};
        const problem = spec.strict === true ? strictSchemaViolation(String(spec.name ?? ''), spec.schema) : undefined;
        if (problem) return groqError(problem);
      }
      const jsonMode = jsonModeRefusal(body);
      return jsonMode ? groqError((jsonMode.body as { error: { message: string } }).error.message) : undefined;
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: (body) =>
      reasoningModel(body.model) ? (SIMULATED_REASONING[String(body.reasoning_effort ?? 'medium')] ?? 0) : 0,
  };
}
