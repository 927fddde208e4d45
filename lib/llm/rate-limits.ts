/**
 * What a provider's "too many requests" or "no more credit" answer means, read from everything it says:
 * the status, OpenAI-style `type`/`code`, Google's `details` (QuotaFailure, RetryInfo), the message text and
 * the headers. Sources, each checked against the provider's documentation or verbatim reports:
 * - OpenAI billing errors are a 429 with `type: "insufficient_quota"`; the cause is in `code`
 *   (`insufficient_quota`, `credit_balance_exhausted`, `organization_usage_limit_exceeded`,
 *   `organization_spend_limit_exceeded`, `project_spend_limit_exceeded`), and "Retrying these errors won't
 *   restore access" (https://help.openai.com/en/articles/6614457-troubleshooting-api-usage-and-spend-limits).
 *   A rate limit is `code: "rate_limit_exceeded"`, retryable "after Retry-After"
 *   (https://learn.microsoft.com/en-us/microsoft-cloud/dev/dev-proxy/concepts/openai-rate-limit-reached);
 *   its message says "Please try again in 644ms" / "in 9.816s" (github.com/BuilderIO/micro-agent/issues/86).
 *   A request larger than the tokens-per-minute limit ("Request too large … Limit 30000, Requested 31538")
 *   is a 429 too, but no wait fixes it (github.com/TheR1D/shell_gpt/issues/653). Groq answers the same words
 *   ("… on tokens per minute (TPM): Limit 6000, Requested 14368, please reduce your message size …", `type:
 *   "tokens"`, `code: "rate_limit_exceeded"`) with a 413 (github.com/assafelovic/gpt-researcher/issues/985,
 *   github.com/continuedev/continue/issues/10218); it counts the reply's max tokens in "Requested"
 *   (github.com/zeeyado/koassistant.koplugin/issues/106).
 * - OpenRouter answers 402 "Your account or API key has insufficient credits"
 *   (https://openrouter.ai/docs/api/reference/errors-and-debugging); DeepSeek 402 "Insufficient Balance"
 *   (https://api-docs.deepseek.com/quick_start/error_codes); Anthropic a 400 whose message is "Your credit
 *   balance is too low to access the Anthropic API" (github.com/anthropics/claude-code/issues/88711).
 * - Gemini's OpenAI-compatible endpoint sends no Retry-After: the delay is a `google.rpc.RetryInfo`
 *   `retryDelay` (a protobuf Duration such as "39s") under `error.details`, and "Please retry in 58.93s." in
 *   the message; a `google.rpc.QuotaFailure` names the quota, per minute or per day, free tier or not, and
 *   "limit: 0" means the tier has no quota for the model at all (github.com/vercel/ai/issues/18627,
 *   github.com/AtomicBot-ai/atomic-agent/issues/106, github.com/googleapis/python-genai/issues/2114).
 * - Groq sends `retry-after` in seconds on a 429 and "Please try again in 5.289s" in the message
 *   (github.com/Aider-AI/aider/issues/3265); OpenAI's `x-ratelimit-reset-requests`/`-tokens` are durations
 *   such as "12ms" (community.openai.com sample).
 */

/** What an error body and its headers say, in the fields this module reads. */
export interface FailureFacts {
  status: number;
  message: string;
  type?: string | undefined;
  code?: string | number | undefined;
  /** Google's `error.status`, e.g. RESOURCE_EXHAUSTED. */
  googleStatus?: string | undefined;
  details?: unknown[] | undefined;
  headers?: { get(name: string): string | null } | undefined;
}

/** What the failure means for a check. */
export type QuotaReading =
  /** Out of credit or over a spending limit: billing must change. */
  | { kind: 'credit' }
  /** A daily (or longer) quota is used up, or the tier has none for this model: report, do not wait. */
  | { kind: 'daily'; waitMs?: number; freeTier: boolean; noQuota: boolean }
  /** The request alone is bigger than the per-minute token limit. */
  | { kind: 'too-large'; limit?: number; requested?: number }
  /** A short-term limit: waiting `waitMs` (when the provider said) fixes it. */
  | { kind: 'rate-limit'; waitMs?: number; freeTier: boolean };

const OPENAI_BILLING_CODES = new Set([
  'insufficient_quota',
  'credit_balance_exhausted',
  'organization_usage_limit_exceeded',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
]);

const DURATION = /^(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m(?!s))?(?:(\d+(?:\.\d+)?)s)?(?:(\d+(?:\.\d+)?)ms)?$/;

/**
 * A duration as providers write it, in milliseconds: "46s", "45.837906927s", "644ms", "1m30.5s",
 * "10h17m5.7s" (protobuf Durations and Go's time.Duration strings); undefined for anything else.
 */
export function parseDuration(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match || !match.slice(1).some((part) => part !== undefined)) return undefined;
  const [hours, minutes, seconds, millis] = match.slice(1).map((part) => Number(part ?? 0));
  return Math.round(((hours! * 60 + minutes!) * 60 + seconds!) * 1000 + millis!);
}

/** "Please retry in 46.1s." / "Please try again in 644ms." / "try again in 1m2.5s" in a message. */
function delayInMessage(message: string): number | undefined {
  const match = /(?:retry|try again) in ((?:\d+(?:\.\d+)?(?:h|ms|m|s))+)/i.exec(message);
  return match ? parseDuration(match[1]!) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function detailsOfType(facts: FailureFacts, type: string): Record<string, unknown>[] {
  return (facts.details ?? []).filter(
    (detail): detail is Record<string, unknown> => isRecord(detail) && String(detail['@type'] ?? '').endsWith(type),
  );
}

/** Google's QuotaFailure quota ids, e.g. GenerateRequestsPerMinutePerProjectPerModel-FreeTier. */
function quotaIds(facts: FailureFacts): string[] {
  return detailsOfType(facts, 'google.rpc.QuotaFailure').flatMap((failure) =>
    (Array.isArray(failure.violations) ? failure.violations : [])
      .map((violation) => (isRecord(violation) ? String(violation.quotaId ?? violation.quotaMetric ?? '') : ''))
      .filter(Boolean),
  );
}

/**
 * How long the provider asks to wait, from the first source that says: headers, RetryInfo, message, reset headers.
 * `retry-after-ms` first, as the openai SDK reads it (client.mjs: "may not be standard"; Azure OpenAI sends it), then
 * `retry-after` in seconds or as an HTTP date.
 */
export function retryDelayMs(facts: FailureFacts, now: number): number | undefined {
  const millis = Number.parseFloat(facts.headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(millis)) return Math.max(0, millis);
  const header = facts.headers?.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, date - now);
  }
  for (const info of detailsOfType(facts, 'google.rpc.RetryInfo')) {
    const delay = typeof info.retryDelay === 'string' ? parseDuration(info.retryDelay) : undefined;
    if (delay !== undefined) return delay;
  }
  const inMessage = delayInMessage(facts.message);
  if (inMessage !== undefined) return inMessage;
  // OpenAI's reset headers, for whichever limit is exhausted.
  const resets = (['requests', 'tokens'] as const)
    .filter((limit) => facts.headers?.get(`x-ratelimit-remaining-${limit}`) === '0')
    .map((limit) => parseDuration(facts.headers?.get(`x-ratelimit-reset-${limit}`) ?? ''))
    .filter((delay): delay is number => delay !== undefined);
  return resets.length > 0 ? Math.max(...resets) : undefined;
}

/**
 * Whether the answer says the account is out of credit or over a spending limit. Not from the words "check
 * your plan and billing details": Gemini's per-minute 429 says them too; OpenAI's billing 429 has its type.
 */
function outOfCredit(facts: FailureFacts): boolean {
  if (facts.status === 402) return true;
  if (facts.type === 'insufficient_quota') return true;
  if (typeof facts.code === 'string' && OPENAI_BILLING_CODES.has(facts.code)) return true;
  return /credit balance is too low|insufficient (?:credits|balance)/i.test(facts.message);
}

/** A request over the tokens-per-minute limit, with the limit and its size when the message says them. */
function tooLarge(message: string): QuotaReading {
  const limits = /Limit (\d+), Requested (\d+)/.exec(message);
  return limits ? { kind: 'too-large', limit: Number(limits[1]), requested: Number(limits[2]) } : { kind: 'too-large' };
}

/**
 * Reads a 402, a 429, or a billing 400 (Anthropic); undefined when the answer is none of these (another
 * error, to be classed by its status).
 */
export function readQuota(facts: FailureFacts, now: number): QuotaReading | undefined {
  if (outOfCredit(facts)) return { kind: 'credit' };
  // Groq says a request over the tokens-per-minute limit with a 413 (OpenAI with a 429, below).
  if (facts.status === 413 && /request too large/i.test(facts.message)) return tooLarge(facts.message);
  if (facts.status !== 429) return undefined;
  const ids = quotaIds(facts);
  const freeTier = ids.some((id) => /free.?tier/i.test(id)) || /free.?tier/i.test(facts.message);
  const noQuota = /\blimit: 0\b/.test(facts.message);
  const perDay = ids.some((id) => /PerDay/i.test(id)) || /per day|\(RPD\)|\(TPD\)/i.test(facts.message);
  const waitMs = retryDelayMs(facts, now);
  if (noQuota || perDay) return { kind: 'daily', ...(waitMs !== undefined ? { waitMs } : {}), freeTier, noQuota };
  if (/request too large/i.test(facts.message)) return tooLarge(facts.message);
  return { kind: 'rate-limit', ...(waitMs !== undefined ? { waitMs } : {}), freeTier };
}
