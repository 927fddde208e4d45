import OpenAI from 'openai';

import { ProviderError } from '../core/errors';
import { extractJson } from '../core/model/structured-call';
import type { ChatResponse, JsonSchemaSpec } from '../core/ports';
import { t, uiDirection, uiLocale } from '../i18n/i18n';
import { isolate, tIsolatedWords } from '../i18n/isolated-words';
import type { SimpleMessageKey } from '../i18n/keys';
import { createOpenAiChatModel } from '../llm/openai-chat-model';
import { createOpenAiClient } from '../llm/openai-client';
import { toProviderError } from '../llm/provider-error';
import type { StructuredMode } from '../llm/request-profile';
import type { ConnectionTestResult } from '../messaging/protocol';
import { isPrivateNetworkUrl } from '../net/private-address';
import { MODEL_PRESETS, type ModelPresetId, serverName } from '../settings/model-presets';
import type { ModelProfile } from '../settings/schema';
import { describeFailure } from './describe-error';

const TEST_TIMEOUT_MS = 15_000;

/** The reply the structured-output probe asks for: the smallest schema strict mode accepts. */
const PROBE: JsonSchemaSpec = {
  name: 'connection_check',
  schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
};

/**
 * The probe's visible reply is a few tokens; a model that thinks spends far more before it (hundreds at
 * low effort: https://platform.openai.com/docs/guides/reasoning#allocating-space-for-reasoning; DeepSeek and
 * Gemini 3 think by default). Models known to reason get the adapter's headroom; one not known by name
 * that ran out of room is asked again with this much, learned as a reasoning model.
 */
const PROBE_TOKENS = 16;
const PROBE_THINKING_ROOM = 2_064;

/** Whether the probe's reply is the structured reply asked for: a JSON object with a boolean `ok`. */
function answersProbe(text: string): boolean {
  try {
    const reply: unknown = extractJson(text);
    return typeof reply === 'object' && reply !== null && typeof (reply as { ok?: unknown }).ok === 'boolean';
  } catch {
    return false;
  }
}

/** How each structured mode is told to a person (catalogue keys). */
const MODE_WORDS: Record<StructuredMode, SimpleMessageKey> = {
  json_schema: 'connectionModeJsonSchema',
  json_object: 'connectionModeJsonObject',
  prompt: 'connectionModePrompt',
};

/**
 * Quoted model names as a list in the interface language ("a" and "b", "a" or "b"). Model names, provider names and
 * the API's parameter names come from elsewhere and read left to right: each is isolated inside a right-to-left
 * sentence (lib/i18n/isolated-words.ts), as the catalogue's `"$MODEL$"` is below.
 */
function quotedList(models: string[], type: 'conjunction' | 'disjunction'): string {
  return new Intl.ListFormat(uiLocale(), { type }).format(models.map((m) => `"${isolate(m, uiDirection())}"`));
}

/** A model's reply that is not the structured one asked for: its start, as it came, or "nothing" in words. */
function notStructuredWords(model: string, reply: string): string {
  return reply
    ? tIsolatedWords('connectionModelNotStructured', { model, reply })
    : tIsolatedWords('connectionModelNotStructured', { model, reply: t('connectionModelNothing') }, ['model']);
}

/** What the probe found about one model. */
interface ProbedModel {
  model: string;
  mode: StructuredMode;
  tokenLimit?: 'max_tokens' | 'max_completion_tokens';
  reasons?: boolean;
}

/** One sentence on the structured mode of each model, then its token parameter and whether it reasons. */
export function describeStructuredOutput(found: ProbedModel[]): string {
  const modes = new Set(found.map((f) => f.mode));
  let sentence: string;
  if (modes.size === 1) {
    const mode = t(MODE_WORDS[found[0]!.mode]);
    sentence =
      found.length > 1
        ? t('connectionStructuredBoth', { mode })
        : tIsolatedWords('connectionStructuredOne', { model: found[0]!.model, mode }, ['model']);
  } else {
    const each = found.map((f) =>
      tIsolatedWords('connectionModelTakes', { model: f.model, mode: t(MODE_WORDS[f.mode]) }, ['model']),
    );
    sentence = t('connectionStructuredEach', { list: each.join('; ') });
  }
  const known = found.filter((f) => f.tokenLimit !== undefined);
  if (known.length === 0) return sentence;
  const same = new Set(known.map((f) => `${f.reasons}|${f.tokenLimit}`)).size === 1;
  if (same && known.length > 1) {
    const limit = known[0]!.tokenLimit!;
    return `${sentence} ${tIsolatedWords(known[0]!.reasons ? 'connectionBothReason' : 'connectionNeitherReasons', { limit })}`;
  }
  const traits = known.map((f) =>
    f.reasons
      ? tIsolatedWords('connectionModelReasons', { model: f.model, limit: f.tokenLimit! })
      : tIsolatedWords('connectionModelDoesNotReason', { model: f.model, limit: f.tokenLimit! }),
  );
  return `${sentence} ${t('connectionModelTraits', { list: traits.join('; ') })}`;
}

/**
 * Checks a model endpoint the way the pipeline will use it: lists the models (to find typos in model
 * names), then asks each configured model for a tiny structured reply through the same adapter the checks
 * use, so the request carries that provider's parameters (max_completion_tokens, reasoning_effort, …) and
 * the answer says which structured mode each model needs (json_schema, json_object, or the schema in the
 * prompt) before the first check. The chat request matters too: Chrome sends our Origin header on POSTs
 * but not on the GET of /models, so Ollama's origin check only shows there.
 */
export async function testModelConnection(
  preset: ModelPresetId,
  profile: ModelProfile,
  deps: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
  const label = MODEL_PRESETS[preset].label;
  if (!profile.baseUrl) return { ok: false, error: t('connectionModelNeedsUrl') };
  if (MODEL_PRESETS[preset].needsKey && !profile.apiKey) {
    return {
      ok: false,
      error: tIsolatedWords('settingsNeedsKey', { provider: label }),
      fix: MODEL_PRESETS[preset].hint,
    };
  }
  const timeoutMs = deps.timeoutMs ?? TEST_TIMEOUT_MS;
  const fetchOption = deps.fetch ? { fetch: deps.fetch } : {};
  const client = createOpenAiClient({
    baseUrl: profile.baseUrl,
    apiKey: profile.apiKey,
    timeoutMs,
    ...(profile.headers ? { headers: profile.headers } : {}),
    ...fetchOption,
  });
  // Errors call the server by its name, which a custom server has none of (serverName); the results by its label.
  const named = serverName(preset);
  const context = { provider: named, url: profile.baseUrl, isLocalServer: isPrivateNetworkUrl(profile.baseUrl) };
  try {
    const models = await listModels(client);
    const missing = models ? missingModels(profile, models) : [];
    if (models && missing.length > 0) return describeMissing(label, missing, models);
    if (!profile.fastModel) {
      return {
        ok: false,
        error: tIsolatedWords('connectionModelChooseModel', { provider: label, count: models?.length ?? 0 }),
        ...(models ? { models } : {}),
      };
    }
    const chat = createOpenAiChatModel({ ...profile, preset, providerLabel: named, timeoutMs, ...fetchOption });
    const structuredOutput: ProbedModel[] = [];
    for (const role of ['fast', 'strong'] as const) {
      const model = role === 'fast' ? profile.fastModel : profile.strongModel;
      if (!model || structuredOutput.some((found) => found.model === model)) continue;
      const probe = (maxTokens: number): Promise<ChatResponse> =>
        chat.complete({
          role,
          // i18n-exempt: the probe prompt sent to the provider's model, never shown to a person.
          messages: [
            { role: 'system', content: 'You check that a connection works.' },
            { role: 'user', content: 'Reply with {"ok": true}.' },
          ],
          jsonSchema: PROBE,
          maxTokens,
        });
      let reply = await probe(PROBE_TOKENS);
      if (!answersProbe(reply.text) && reply.finishReason === 'length') {
        // The limit was spent before a reply this small: thinking, by a model not known to reason.
        chat.learnReasons(model);
        reply = await probe(PROBE_THINKING_ROOM);
      }
      if (!answersProbe(reply.text)) {
        throw new ProviderError(
          'malformed',
          reply.finishReason === 'length'
            ? tIsolatedWords('connectionModelOutOfTokens', { model })
            : notStructuredWords(model, reply.text.slice(0, 80)),
          { provider: label },
        );
      }
      const wording = chat.profileFor(model);
      structuredOutput.push({
        model,
        mode: chat.structuredModeFor(model),
        tokenLimit: wording.tokenLimit,
        reasons: wording.reasons,
      });
    }
    const structured = describeStructuredOutput(structuredOutput);
    return {
      ok: true,
      message: models
        ? tIsolatedWords(
            'connectionModelConnectedListed',
            {
              provider: label,
              count: models.length,
              found: quotedList(wantedModels(profile), 'conjunction'),
              structured,
            },
            ['provider'],
          )
        : tIsolatedWords(
            'connectionModelConnectedAnswered',
            { provider: label, model: profile.fastModel, structured },
            ['provider', 'model'],
          ),
      structuredOutput,
      ...(models ? { models } : {}),
    };
  } catch (error) {
    const failure = describeFailure(toProviderError(error, context));
    // A forced mode the server refuses: Auto would have found one that works.
    if (
      profile.structuredOutput !== 'auto' &&
      /response_format|json_schema|json_object|response_schema/i.test(failure.error)
    ) {
      return {
        ...failure,
        fix: t('connectionModelForcedModeFix', { choice: t('optionsStructuredAuto') }),
      };
    }
    return failure;
  }
}

/** The server's model ids, or null when it has no model list endpoint. */
async function listModels(client: OpenAI): Promise<string[] | null> {
  try {
    const page = await client.models.list();
    return page.data.map((model) => model.id).sort();
  } catch (error) {
    if (error instanceof OpenAI.NotFoundError) return null;
    throw error;
  }
}

function wantedModels(profile: ModelProfile): string[] {
  return [...new Set([profile.fastModel, profile.strongModel].filter(Boolean))];
}

/** Configured models the server does not list (an empty list means the server does not say). */
function missingModels(profile: ModelProfile, models: string[]): string[] {
  return models.length > 0 ? wantedModels(profile).filter((model) => !models.includes(model)) : [];
}

function describeMissing(
  label: string,
  missing: string[],
  models: string[],
): Extract<ConnectionTestResult, { ok: false }> {
  const error = new ProviderError(
    'not-found',
    tIsolatedWords('connectionModelMissing', { provider: label, models: quotedList(missing, 'disjunction') }, [
      'provider',
    ]),
  );
  return {
    ...describeFailure(error),
    fix: t('connectionModelPickOne', { count: models.length }),
    nextStep: true,
    models,
  };
}
