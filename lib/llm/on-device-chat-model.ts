/**
 * The `ChatModel` port over Chrome's Prompt API (Gemini Nano on this device), so every stage runs unchanged:
 * - one base session per role, language and system prompt (the system prompt is its initial prompt),
 *   cloned for each call and destroyed after, so calls never see each other's turns;
 * - calls serialised: the device model runs one prompt at a time;
 * - structured output through `responseConstraint` with the stage's JSON Schema; when Chrome refuses a
 *   schema (NotSupportedError) the schema is described in the prompt instead, and the caller's zod
 *   validation and one corrective retry (structured-call.ts) do the rest;
 * - every prompt is measured against the session's context window before it is sent, with room kept for
 *   the reply; one that would overflow has its longest data blocks trimmed by rule (prompt-fit.ts), and the reply's
 *   `notice` says what was cut, so a QuotaExceededError is never triggered;
 * - cancellation through the request's AbortSignal.
 */
import pLimit from 'p-limit';

import { ProviderError } from '../core/errors';
import { stableHash } from '../core/model/stable-hash';
import type { RunNotice } from '../core/notices';
import type { ChatMessage, ChatModel, ChatRequest, ChatResponse } from '../core/ports';
import { detectLanguage } from '../core/text/detect-language';
import { notReadyError, onDeviceError, unsupportedLanguageNotice } from './on-device-messages';
import {
  contextUsageOf,
  contextWindowOf,
  domErrorName,
  type LanguageModelApi,
  type LanguageModelMessage,
  type LanguageModelPromptOptions,
  type LanguageModelSession,
  measureUsage,
  ON_DEVICE_LANGUAGES,
} from './prompt-api';
import { fitPrompt } from './prompt-fit';

/** Claim batches and passages per judgement sized for a 9,216-token window (the pipeline's promptLimits). */
export const ON_DEVICE_PROMPT_LIMITS = { sentencesPerBatch: 6, charsPerBatch: 1_800, passagesPerClaim: 6 } as const;

/** Tokens kept free for the reply when the request gives no maxTokens. */
export const DEFAULT_REPLY_TOKENS = 1_536;
const MODEL_NAME = 'chrome-on-device';

export interface OnDeviceModelOptions {
  api: LanguageModelApi;
  /** Called when a prompt had to be trimmed to fit (also returned as the reply's notice). */
  onTrim?: (notice: RunNotice) => void;
}

/** A chat model on this device; `dispose()` destroys the base sessions. */
export type OnDeviceChatModel = ChatModel & { dispose(): void; readonly largestPromptTokens: number };

interface Fitted {
  input: string | LanguageModelMessage[];
  promptTokens: number;
  notice?: RunNotice;
}

function toInput(messages: readonly ChatMessage[]): string | LanguageModelMessage[] {
  const turns = messages.filter((message) => message.role !== 'system');
  return turns.length === 1 && turns[0]!.role === 'user'
    ? turns[0]!.content
    : turns.map((message) => ({ role: message.role, content: message.content }));
}

function primary(language: string): string {
  return language.toLowerCase().split('-')[0]!;
}

export function createOnDeviceChatModel(options: OnDeviceModelOptions): OnDeviceChatModel {
  const { api } = options;
  const queue = pLimit(1);
  const bases = new Map<string, Promise<LanguageModelSession>>();
  const refusedSchemas = new Set<string>();
  const checkedLanguages = new Map<string, boolean>();
  let largestPromptTokens = 0;

  async function languageFor(messages: readonly ChatMessage[]): Promise<string> {
    const text = messages
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
      .join('\n');
    const language = primary(detectLanguage(text));
    if ((ON_DEVICE_LANGUAGES as readonly string[]).includes(language)) return language;
    if (!checkedLanguages.has(language)) {
      // availability() rejects (RangeError) only for a language tag it cannot parse, and answers
      // 'unavailable' for one it does not support (https://github.com/web-platform-tests/wpt/blob/master/ai/language-model/language-model-availability.tentative.https.window.js):
      // either way the model cannot be asked in it, and the person is told which language it cannot read.
      const answer = await api
        .availability({
          expectedInputs: [{ type: 'text', languages: [language] }],
          expectedOutputs: [{ type: 'text', languages: [language] }],
        })
        .catch(() => 'unavailable' as const);
      checkedLanguages.set(language, answer !== 'unavailable');
    }
    if (!checkedLanguages.get(language))
      throw new ProviderError('bad-request', unsupportedLanguageNotice(language), { provider: 'on-device' });
    return language;
  }

  function baseSession(
    role: string,
    language: string,
    system: string,
    signal?: AbortSignal,
  ): Promise<LanguageModelSession> {
    const key = `${role}|${language}|${stableHash(system)}`;
    let base = bases.get(key);
    if (!base) {
      const languages = [...new Set(['en', language])];
      const expected = {
        expectedInputs: [{ type: 'text' as const, languages }],
        expectedOutputs: [{ type: 'text' as const, languages: [language] }],
      };
      base = (async () => {
        const availability = await api.availability(expected).catch((error: unknown) => {
          throw onDeviceError(error, 'create');
        });
        // Creating a session that must download needs a click (a user gesture): the Download button does that.
        if (availability !== 'available') throw notReadyError(availability);
        return api.create({
          ...expected,
          ...(system ? { initialPrompts: [{ role: 'system', content: system }] } : {}),
          ...(signal ? { signal } : {}),
        });
      })();
      bases.set(key, base);
      // A failed creation is not kept: the next call tries again (the model may have finished downloading).
      base.catch(() => bases.delete(key));
    }
    return base.catch((error: unknown) => {
      throw error instanceof ProviderError ? error : onDeviceError(error, 'create');
    });
  }

  /** Measures the prompt and trims its longest data blocks until it and the reply fit the window (prompt-fit.ts). */
  async function fit(
    session: LanguageModelSession,
    input: string | LanguageModelMessage[],
    promptOptions: LanguageModelPromptOptions,
    replyTokens: number,
  ): Promise<Fitted> {
    const window = contextWindowOf(session);
    const room = window - contextUsageOf(session) - Math.min(replyTokens, Math.floor(window / 3));
    const fitted = await fitPrompt(
      input,
      room,
      async (current) =>
        (await measureUsage(session, current, promptOptions)) ?? Math.ceil(JSON.stringify(current).length / 3),
    );
    if (!fitted)
      throw new ProviderError(
        'bad-request',
        { code: 'on-device-context-too-long', tokens: window },
        { provider: 'on-device' },
      );
    return {
      input: fitted.input,
      promptTokens: fitted.promptTokens,
      // A code, worded when shown (lib/view/notice-words.ts): the same notice for every step is one warning.
      ...(fitted.trimmed.length ? { notice: { code: 'on-device-context-shortened' as const, tokens: window } } : {}),
    };
  }

  async function run(request: ChatRequest): Promise<ChatResponse> {
    const { signal } = request;
    // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
    if (signal?.aborted) throw new ProviderError('cancelled', 'The check was cancelled.', { provider: 'on-device' });
    const system = request.messages
      .filter((message) => message.role === 'system')
      .map((message) => message.content)
      .join('\n\n');
    const language = await languageFor(request.messages);
    const base = await baseSession(request.role, language, system, signal);
    let session: LanguageModelSession;
    try {
      session = await base.clone(signal ? { signal } : {});
    } catch (error) {
      throw onDeviceError(error, 'prompt');
    }
    try {
      const schema = request.jsonSchema;
      const constrained = Boolean(schema && !refusedSchemas.has(schema.name));
      const attempt = async (useConstraint: boolean, quotaRetry = false): Promise<{ text: string; fitted: Fitted }> => {
        let input = toInput(request.messages);
        if (schema && !useConstraint) input = describeSchema(input, schema.schema);
        const promptOptions: LanguageModelPromptOptions =
          useConstraint && schema ? { responseConstraint: schema.schema } : {};
        const fitted = await fit(
          session,
          input,
          promptOptions,
          (request.maxTokens ?? DEFAULT_REPLY_TOKENS) * (quotaRetry ? 2 : 1),
        );
        try {
          const text = await session.prompt(fitted.input, { ...promptOptions, ...(signal ? { signal } : {}) });
          return { text, fitted };
        } catch (error) {
          const name = domErrorName(error);
          if (name === 'NotSupportedError' && useConstraint && schema) {
            refusedSchemas.add(schema.name);
            return attempt(false);
          }
          // The measured prompt should always fit; if the reply still overflowed, leave it twice the room once.
          if (name === 'QuotaExceededError' && !quotaRetry) return attempt(useConstraint, true);
          throw error;
        }
      };
      const { text, fitted } = await attempt(constrained);
      largestPromptTokens = Math.max(largestPromptTokens, fitted.promptTokens);
      if (fitted.notice) options.onTrim?.(fitted.notice);
      return {
        text,
        model: MODEL_NAME,
        usage: { promptTokens: fitted.promptTokens, completionTokens: Math.ceil(text.length / 4) },
        ...(fitted.notice ? { notice: fitted.notice } : {}),
      };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      throw onDeviceError(error, 'prompt');
    } finally {
      session.destroy();
    }
  }

  return {
    complete: (request) => queue(() => run(request)),
    dispose() {
      // A base that failed to be created has nothing to destroy; its caller was told at the time.
      for (const base of bases.values())
        void base.then(
          (session) => session.destroy(),
          () => undefined,
        );
      bases.clear();
    },
    get largestPromptTokens() {
      return largestPromptTokens;
    },
  };
}

/** The fallback when Chrome refuses a schema: the JSON Schema described in the last user turn. */
function describeSchema(
  input: string | LanguageModelMessage[],
  schema: Record<string, unknown>,
): string | LanguageModelMessage[] {
  // i18n-exempt: a prompt sent to the model, English by design
  const rule = `\n\nReply with only one JSON object (no prose, no code fence) that follows this JSON Schema:\n${JSON.stringify(schema)}`;
  if (typeof input === 'string') return input + rule;
  return [...input.slice(0, -1), { ...input[input.length - 1]!, content: input[input.length - 1]!.content + rule }];
}
