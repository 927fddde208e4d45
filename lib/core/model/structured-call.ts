/**
 * One model call whose reply must match a zod schema: cache lookup, budget check, the call (structured
 * outputs via `jsonSchema`), tolerant JSON parsing, zod validation with one corrective retry, usage
 * accounting and caching of valid replies. Every pipeline stage that asks the model goes through here.
 */
import type { z } from 'zod';

import { isCancellation, ProviderError } from '../errors';
import { noticeKey, type RunNotice } from '../notices';
import {
  type Cache,
  type ChatMessage,
  type ChatModel,
  type Clock,
  DEFAULT_REPLY_TOKENS,
  type ModelRole,
  type TokenUsage,
} from '../ports';
import type { StageName } from '../types';
import { stableHash } from './stable-hash';
import { temperatureFor } from './stage-temperatures';
import { toStrictJsonSchema } from './strict-schema';
import { BudgetExceededError, type UsageMeter } from './usage-meter';

/**
 * Whether a failed streamed call is not asked again without streaming: the budget is spent, the run was
 * cancelled, or the same request cannot fare better (the content was refused, the account is exhausted).
 */
export function endsTheRun(error: unknown, signal: AbortSignal | undefined): boolean {
  if (error instanceof ProviderError && (error.kind === 'refused' || error.kind === 'quota')) return true;
  return error instanceof BudgetExceededError || isCancellation(error) || Boolean(signal?.aborted);
}

/** What a structured call needs from the running check. */
export interface ModelCallContext {
  model: ChatModel;
  /** Model-response cache; without one every call goes to the model. A run's never throws (run-context.ts). */
  cache?: Cache;
  clock: Clock;
  meter: UsageMeter;
  signal?: AbortSignal;
  /** How long valid replies stay cached. */
  cacheTtlMs: number;
  /** Configured model names, so switching models does not return the old model's cached answers. */
  modelNames?: { fast: string; strong: string };
  /** Told what an adapter left out of a prompt (its reply's `notice`). */
  onWarning?: (message: string, notice?: RunNotice) => void;
}

/** One structured request. */
export interface StructuredCallSpec<T> {
  stage: StageName;
  role: ModelRole;
  /** Schema name sent to the server (letters, digits, `_`, `-`). */
  name: string;
  schema: z.ZodType<T>;
  messages: ChatMessage[];
  maxTokens?: number;
  temperature?: number;
}

/** A validated reply. `usage` sums every model call made (zero on a cache hit). */
export interface StructuredResult<T> {
  value: T;
  usage: TokenUsage;
  cached: boolean;
}

/** Bumped when the cached value format or the prompts' meaning changes, to orphan old entries. */
const CACHE_VERSION = 1;
const MAX_ERROR_CHARS = 1500;

type Parsed<T> = { ok: true; raw: unknown; value: T } | { ok: false; problem: string };

/**
 * The JSON value in a reply. Strict structured outputs give bare JSON, but json_object mode and weaker
 * servers wrap it in a ```json fence or add a sentence before or after, so those are tolerated.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(trimmed);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  const start = trimmed.indexOf('{');
  const end = trimmed.lastIndexOf('}');
  if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next, narrower candidate
    }
  }
  // i18n-exempt: caught by parseReply, which gives its own problem; never shown
  throw new SyntaxError('The reply contains no valid JSON object.');
}

function describeIssues(error: z.ZodError): string {
  const lines = error.issues.map(
    (issue) => `- ${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
  );
  const text = lines.join('\n');
  return text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}…` : text;
}

function parseReply<T>(schema: z.ZodType<T>, text: string): Parsed<T> {
  let raw: unknown;
  try {
    raw = extractJson(text);
  } catch {
    // i18n-exempt: the validator's words: told to the model, kept as given in the coded `reply-malformed`
    return { ok: false, problem: 'The reply was not valid JSON.' };
  }
  const result = schema.safeParse(raw);
  // i18n-exempt: the validator's words: told to the model, kept as given in the coded `reply-malformed`
  return result.success
    ? { ok: true, raw, value: result.data }
    : { ok: false, problem: `The JSON did not match the schema:\n${describeIssues(result.error)}` };
}

/** The request's temperature field: the call's own, else its stage's (stage-temperatures.ts). */
/** Passes a reply's notice on: a coded one listed by its key (worded when shown), an adapter's words as they are. */
function warnOf(ctx: ModelCallContext, notice: string | RunNotice | undefined): void {
  if (notice === undefined) return;
  if (typeof notice === 'string') ctx.onWarning?.(notice);
  else ctx.onWarning?.(noticeKey(notice), notice);
}

function temperatureField(spec: StructuredCallSpec<unknown>): { temperature?: number } {
  const temperature = temperatureFor(spec.stage, spec.temperature);
  return temperature === undefined ? {} : { temperature };
}

/** The cache key: model (name when known), messages, options, schema name and schema. */
export function structuredCacheKey(
  ctx: ModelCallContext,
  spec: StructuredCallSpec<unknown>,
  schemaJson: unknown,
): string {
  return stableHash({
    v: CACHE_VERSION,
    role: spec.role,
    model: ctx.modelNames?.[spec.role] ?? null,
    messages: spec.messages,
    maxTokens: spec.maxTokens,
    temperature: temperatureFor(spec.stage, spec.temperature),
    name: spec.name,
    schema: schemaJson,
  });
}

/**
 * Asks the model for a reply matching `spec.schema`. Throws `BudgetExceededError` (before any call once
 * the budget is used), `ProviderError` from the model, or `ProviderError('malformed')` when the reply is
 * invalid twice.
 */
export async function structuredCall<T>(
  ctx: ModelCallContext,
  spec: StructuredCallSpec<T>,
): Promise<StructuredResult<T>> {
  const schemaJson = toStrictJsonSchema(spec.schema);
  const key = structuredCacheKey(ctx, spec, schemaJson);
  const hit = await ctx.cache?.get<unknown>('model', key);
  if (hit !== undefined) {
    // Raw JSON is cached and re-validated, so an entry that no longer fits is just a miss.
    const parsed = spec.schema.safeParse(hit);
    if (parsed.success) return { value: parsed.data, usage: { promptTokens: 0, completionTokens: 0 }, cached: true };
  }

  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let messages = spec.messages;
  let problem = '';
  let maxTokens = spec.maxTokens;
  let raisedLimit = false;
  for (let attempt = 0; attempt < 2; attempt++) {
    ctx.meter.assertWithinBudget();
    const response = await ctx.model.complete({
      role: spec.role,
      messages,
      jsonSchema: { name: spec.name, schema: schemaJson },
      ...(maxTokens !== undefined ? { maxTokens } : {}),
      ...temperatureField(spec),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    ctx.meter.record(spec.stage, response.usage);
    warnOf(ctx, response.notice);
    usage.promptTokens += response.usage.promptTokens;
    usage.completionTokens += response.usage.completionTokens;
    if (response.usage.reasoningTokens !== undefined)
      usage.reasoningTokens = (usage.reasoningTokens ?? 0) + response.usage.reasoningTokens;

    if (response.finishReason === 'length') {
      // Cut off at the token limit: the same limit would cut it off again, and a "fix your JSON" turn
      // would only add tokens. One retry with twice the room; a second cut-off is reported as such.
      if (raisedLimit) {
        throw new ProviderError('malformed', {
          code: 'reply-cut-off',
          step: spec.name,
          maxTokens: maxTokens ?? DEFAULT_REPLY_TOKENS,
        });
      }
      maxTokens = 2 * (maxTokens ?? DEFAULT_REPLY_TOKENS);
      raisedLimit = true;
      attempt -= 1; // a longer reply is not a correction: the corrective retry stays available
      continue;
    }

    const parsed = parseReply(spec.schema, response.text);
    if (parsed.ok) {
      await ctx.cache?.set('model', key, parsed.raw, ctx.cacheTtlMs);
      return { value: parsed.value, usage, cached: false };
    }
    problem = parsed.problem;
    // One corrective turn: the model sees its own reply and exactly what was wrong with it.
    messages = [
      ...spec.messages,
      { role: 'assistant', content: response.text },
      // i18n-exempt: a prompt sent to the model, English by design
      { role: 'user', content: `${problem}\nReply again with only the corrected JSON.` },
    ];
  }
  throw new ProviderError('malformed', {
    code: 'reply-malformed',
    step: spec.name,
    problem: problem.split('\n')[0] ?? '',
  });
}

/** What {@link streamStructuredCall} got: a valid value, or the reason the whole reply is not one. */
export type StreamedResult<T> = ({ ok: true; value: T } | { ok: false; problem: string }) & {
  usage: TokenUsage;
  cached: boolean;
};

/**
 * One streamed structured request, for callers that use the reply while it is written (claim extraction):
 * cache lookup (a hit is returned whole, without `onText`), budget check, the call through
 * `ctx.model.stream`, usage accounting, then the whole reply parsed and validated as {@link structuredCall}
 * does and cached when valid. An invalid reply is returned, not retried: the caller already acted on parts
 * of it and knows what it still needs. Throws when the model has no `stream`, and `ProviderError` when the
 * stream breaks (after the text that arrived went to `onText`).
 */
export async function streamStructuredCall<T>(
  ctx: ModelCallContext,
  spec: StructuredCallSpec<T>,
  onText: (delta: string) => void,
): Promise<StreamedResult<T>> {
  const stream = ctx.model.stream?.bind(ctx.model);
  // i18n-exempt: a developer's error: streaming from a model that cannot stream
  if (!stream) throw new Error('streamStructuredCall: this model cannot stream.');
  const schemaJson = toStrictJsonSchema(spec.schema);
  const key = structuredCacheKey(ctx, spec, schemaJson);
  const hit = await ctx.cache?.get<unknown>('model', key);
  if (hit !== undefined) {
    const parsed = spec.schema.safeParse(hit);
    if (parsed.success)
      return { ok: true, value: parsed.data, usage: { promptTokens: 0, completionTokens: 0 }, cached: true };
  }
  ctx.meter.assertWithinBudget();
  const response = await stream(
    {
      role: spec.role,
      messages: spec.messages,
      jsonSchema: { name: spec.name, schema: schemaJson },
      ...(spec.maxTokens !== undefined ? { maxTokens: spec.maxTokens } : {}),
      ...temperatureField(spec),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    },
    onText,
  );
  ctx.meter.record(spec.stage, response.usage);
  warnOf(ctx, response.notice);
  const parsed = parseReply(spec.schema, response.text);
  if (!parsed.ok) return { ok: false, problem: parsed.problem, usage: response.usage, cached: false };
  await ctx.cache?.set('model', key, parsed.raw, ctx.cacheTtlMs);
  return { ok: true, value: parsed.value, usage: response.usage, cached: false };
}
