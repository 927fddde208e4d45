/**
 * Gemini's OpenAI-compatible endpoint (https://ai.google.dev/gemini-api/docs/openai, request fields in
 * https://ai.google.dev/api/compatibility). The body is a protobuf message: an unknown field is a 400
 * "Invalid JSON payload received. Unknown name \"x\": Cannot find field." The json_schema of
 * response_format becomes Gemini's Schema object (an OpenAPI 3.0 subset,
 * https://ai.google.dev/api/caching#Schema), which has no field for additionalProperties, $ref/$defs,
 * const, oneOf/allOf/not, uniqueItems, contains, multipleOf, propertyNames, patternProperties,
 * unevaluated*, if/then/else: the same "Unknown name … Cannot find field" 400 (reported for these keywords
 * in github.com/decolua/9router/pull/3018 and github.com/bestruirui/octopus/pull/255;
 * "additionalProperties is not supported in the Gemini API", github.com/ag2ai/ag2/issues/2348). The docs do
 * not say whether newer models take more of JSON Schema, so the conservative subset is encoded.
 * Errors of the compatibility endpoint come as a one-element array of Google's error object
 * (`[{"error":{"code":400,"message":…,"status":"INVALID_ARGUMENT"}}]`), as client reports show; the docs do
 * not show the body. `reasoning_effort` takes high, low, medium and none: "Invalid reasoning_effort:
 * minimal. Valid values are: high, low, medium, none" (discuss.ai.google.dev/t/117875, early 2026).
 *
 * The free tier (`freeTier`): requests per minute per model, and per day. Over the limit the endpoint
 * answers 429 RESOURCE_EXHAUSTED with no Retry-After header; the wait is in the body, as a
 * `google.rpc.RetryInfo` `retryDelay` under `error.details` and as "Please retry in 58.93s." in the message,
 * beside a `google.rpc.QuotaFailure` naming the quota (…PerMinute…-FreeTier or …PerDay…-FreeTier). Bodies as
 * reported in github.com/vercel/ai/issues/18627 (object form, 2026-08), github.com/AtomicBot-ai/
 * atomic-agent/issues/106 ("can return its cooldown only in structured error JSON, with no Retry-After
 * header") and github.com/googleapis/python-genai/issues/2114; the per-day case waits hours ("Please retry
 * in 10h17m5.7s", dev.to, 2026-10). The loopback's minute is `windowMs` long, so tests stay fast.
 */
import { type ChatBody, formatType, isRecord, numberParam, type ProviderRefusal, type ProviderRules } from './types';

const FIELDS = new Set([
  'model',
  'messages',
  'stream',
  'stream_options',
  'tools',
  'tool_choice',
  'modalities',
  'n',
  'stop',
  'max_completion_tokens',
  'max_tokens',
  'temperature',
  'top_p',
  'response_format',
  'reasoning_effort',
  'audio',
  'presence_penalty',
  'frequency_penalty',
  'seed',
  'logprobs',
  'top_logprobs',
  'extra_body',
]);
const REFUSED_KEYWORDS = new Set([
  'additionalProperties',
  '$ref',
  '$defs',
  'definitions',
  'const',
  'oneOf',
  'allOf',
  'not',
  'uniqueItems',
  'contains',
  'multipleOf',
  'propertyNames',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
]);

function googleError(status: number, message: string, code = 'INVALID_ARGUMENT'): ProviderRefusal {
  return { status, body: [{ error: { code: status, message, status: code } }] };
}

/** The first refused keyword in a schema, with Gemini's path to it. */
function refusedKeyword(node: unknown, path: string): { keyword: string; path: string } | undefined {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) {
      const found = refusedKeyword(item, `${path}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(node)) return undefined;
  for (const [key, value] of Object.entries(node)) {
    if (REFUSED_KEYWORDS.has(key)) return { keyword: key, path };
    if (key === 'properties' && isRecord(value)) {
      for (const [index, sub] of Object.values(value).entries()) {
        const found = refusedKeyword(sub, `${path}.properties[${index}].value`);
        if (found) return found;
      }
    } else if (key === 'items' || key === 'anyOf') {
      const found = refusedKeyword(value, `${path}.${key === 'items' ? 'items' : 'any_of'}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** The free tier's limits, per model. */
export interface GeminiFreeTier {
  /** Requests per window ("per minute"). */
  perWindow: number;
  /** The window's length in ms (60,000 on the real service; tests use about a second). */
  windowMs: number;
  /** Requests per day; over it the wait is hours and the quota is per day. */
  perDay?: number;
}

/** Options of {@link geminiRules}. */
export interface GeminiRulesOptions {
  models?: string[];
  freeTier?: GeminiFreeTier;
  now?: () => number;
}

/** A Go-style duration, as Gemini writes the wait in its message ("9h54m12.5s", "0.734512s"). */
function goDuration(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = (ms % 60_000) / 1000;
  return `${hours ? `${hours}h` : ''}${hours || minutes ? `${minutes}m` : ''}${seconds.toFixed(6).replace(/\.?0+$/, '')}s`;
}

function quotaExceeded(model: string, perDay: boolean, limit: number, waitMs: number): ProviderRefusal {
  const metric = 'generativelanguage.googleapis.com/generate_content_free_tier_requests';
  const quotaId = `GenerateRequestsPer${perDay ? 'Day' : 'Minute'}PerProjectPerModel-FreeTier`;
  return {
    status: 429,
    body: {
      error: {
        code: 429,
        message: `You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits. To monitor your current usage, head to: https://ai.dev/usage?tab=rate-limit. \n* Quota exceeded for metric: ${metric}, limit: ${limit}, model: ${model}\nPlease retry in ${goDuration(waitMs)}.`,
        status: 'RESOURCE_EXHAUSTED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
            violations: [
              {
                quotaMetric: metric,
                quotaId,
                quotaDimensions: { location: 'global', model },
                quotaValue: String(limit),
              },
            ],
          },
          {
            '@type': 'type.googleapis.com/google.rpc.Help',
            links: [
              {
                description: 'Learn more about Gemini API quotas',
                url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
              },
            ],
          },
          { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${Math.ceil(waitMs / 1000)}s` },
        ],
      },
    },
  };
}

export function geminiRules(options: GeminiRulesOptions = {}): ProviderRules {
  const models = options.models ?? ['gemini-3.5-flash-lite', 'gemini-3.6-flash', 'gemini-3.8-flash'];
  const now = options.now ?? Date.now;
  const used = new Map<string, { windowStart: number; inWindow: number; today: number }>();
  /** The free tier's answer to one more request of `model`, counting it when it is let through. */
  const overQuota = (model: string): ProviderRefusal | undefined => {
    const tier = options.freeTier;
    if (!tier) return undefined;
    const at = now();
    const count = used.get(model) ?? { windowStart: at, inWindow: 0, today: 0 };
    if (at - count.windowStart >= tier.windowMs) {
      count.windowStart = at;
      count.inWindow = 0;
    }
    used.set(model, count);
    if (tier.perDay !== undefined && count.today >= tier.perDay)
      return quotaExceeded(model, true, tier.perDay, 9 * 3_600_000 + 54 * 60_000 + 12_500);
    if (count.inWindow >= tier.perWindow)
      return quotaExceeded(model, false, tier.perWindow, count.windowStart + tier.windowMs - at);
    count.inWindow += 1;
    count.today += 1;
    return undefined;
  };
  return {
    id: 'gemini',
    models,
    refuse(body: ChatBody) {
      const model = String(body.model);
      if (!models.includes(model))
        return googleError(
          404,
          `models/${model} is not found for API version v1beta, or is not supported for generateContent.`,
          'NOT_FOUND',
        );
      const unknown = Object.keys(body).find((key) => !FIELDS.has(key));
      if (unknown)
        return googleError(400, `Invalid JSON payload received. Unknown name "${unknown}": Cannot find field.`);
      if (formatType(body) === 'json_schema') {
        const spec =
          isRecord(body.response_format) && isRecord(body.response_format.json_schema)
            ? body.response_format.json_schema
            : {};
        const found = refusedKeyword(spec.schema, 'generation_config.response_schema');
        if (found)
          return googleError(
            400,
            `Invalid JSON payload received. Unknown name "${found.keyword}" at '${found.path}': Cannot find field.`,
          );
      }
      if (
        body.reasoning_effort !== undefined &&
        !['none', 'low', 'medium', 'high'].includes(String(body.reasoning_effort))
      ) {
        return googleError(
          400,
          `Invalid reasoning_effort: ${String(body.reasoning_effort)}. Valid values are: high, low, medium, none`,
        );
      }
      return overQuota(model);
    },
    honoursResponseFormat: () => true,
    tokenLimit: (body) => numberParam(body, 'max_completion_tokens', 'max_tokens'),
    reasoningTokens: () => 0,
  };
}
