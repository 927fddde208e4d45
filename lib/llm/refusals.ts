/**
 * A provider or model that refuses the content, told apart from a broken reply so it is reported at once
 * ("this model refused the content") instead of being retried as bad JSON. Sources:
 * - OpenAI: `finish_reason: "content_filter"` "if content was omitted due to a flag from our content filters"
 *   (openai/openai-openapi, openapi.yaml, CreateChatCompletionResponse.choices[].finish_reason), and
 *   `message.refusal` when a structured-output model declines.
 * - Azure-style gateways: a filtered prompt is a 400 with `code: "content_filter"`; a filtered reply ends
 *   with `finish_reason: "content_filter"` (Microsoft's content-filtering docs, as summarised by
 *   developersdigest.tech azure-openai/400-content-filter and /200-finish-reason-content-filter).
 * - OpenRouter normalises finish reasons to OpenAI's and keeps the model's own in `native_finish_reason`
 *   (https://openrouter.ai/announcements/standardized-finish-reasons); `error` "if the model finishes the
 *   request with an error" (its schema, as copied in api.koog.ai OpenRouterChoice); a flagged input is a
 *   403 "Your chosen model requires moderation and your input was flagged"
 *   (https://openrouter.ai/docs/api/reference/errors-and-debugging).
 * - Gemini's native finish reasons SAFETY, RECITATION, BLOCKLIST, PROHIBITED_CONTENT, SPII, IMAGE_SAFETY
 *   (https://ai.google.dev/api/generate-content#FinishReason). Whether its OpenAI-compatible endpoint maps
 *   them to "content_filter" or passes them through is not documented and reports disagree
 *   (github.com/HKUDS/Vibe-Trading/pull/308 saw them passed through), so both are read as refusals.
 */
import type { ErrorNotice, RefusalWhy } from '../core/error-notices';

/** Finish reasons (any case) that mean the content was filtered or refused. */
const REFUSED = new Set([
  'content_filter',
  'safety',
  'recitation',
  'blocklist',
  'prohibited_content',
  'spii',
  'image_safety',
  'refusal',
]);

/** Whether a finish reason (OpenAI-style, or a provider's native one) is a refusal of the content. */
export function isRefusalReason(reason: unknown): boolean {
  return typeof reason === 'string' && REFUSED.has(reason.toLowerCase());
}

/**
 * A refusal as a code, naming the provider and how it showed; worded (with what can be done) when shown
 * (lib/view/error-words.ts), its English the error's message.
 */
export function refusalNotice(provider: string | undefined, why: RefusalWhy, detail?: string): ErrorNotice {
  return { code: 'model-refused', provider, why, ...(detail !== undefined ? { detail } : {}) };
}

/** Whether an HTTP error is a refusal of the content: Azure's 400 content_filter, OpenRouter's moderation 403. */
export function isRefusalError(status: number, code: unknown, message: string): boolean {
  if (code === 'content_filter' || code === 'content_policy_violation') return true;
  return status === 403 && /moderation|flagged/i.test(message);
}
