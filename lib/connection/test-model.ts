import OpenAI from 'openai';

import { ProviderError } from '../core/errors';
import type { JsonSchemaSpec } from '../core/ports';
import { createOpenAiChatModel } from '../llm/openai-chat-model';
import { createOpenAiClient } from '../llm/openai-client';
import { toProviderError } from '../llm/provider-error';
import type { StructuredMode } from '../llm/request-profile';
import type { ConnectionTestResult } from '../messaging/protocol';
import { isPrivateNetworkUrl } from '../net/private-address';
import { MODEL_PRESETS, type ModelPresetId } from '../settings/model-presets';
import type { ModelProfile } from '../settings/schema';
import { describeFailure } from './describe-error';

const TEST_TIMEOUT_MS = 15_000;

/** The reply the structured-output probe asks for: the smallest schema strict mode accepts. */
const PROBE: JsonSchemaSpec = {
  name: 'connection_check',
  schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'], additionalProperties: false },
};

/** How each structured mode is told to a person. */
const MODE_WORDS: Record<StructuredMode, string> = {
  json_schema: 'strict JSON schema (json_schema)',
  json_object: 'JSON mode only (json_object), so the reply format goes in the prompt',
  prompt:
    'no structured output, so the reply format is described in the prompt and replies that do not fit are retried',
};

/** One sentence on the structured mode of each model. */
export function describeStructuredOutput(found: Array<{ model: string; mode: StructuredMode }>): string {
  const modes = new Set(found.map((f) => f.mode));
  if (modes.size === 1) {
    const [mode] = modes;
    const who = found.length > 1 ? 'both models take' : `"${found[0]!.model}" takes`;
    return mode === 'json_schema'
      ? `Structured output: ${who} ${MODE_WORDS.json_schema}.`
      : `Structured output: ${who} ${MODE_WORDS[mode!]}.`;
  }
  return `Structured output: ${found.map((f) => `"${f.model}" takes ${MODE_WORDS[f.mode]}`).join('; ')}.`;
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
  if (!profile.baseUrl) return { ok: false, error: 'Enter the base URL of the model server.' };
  if (MODEL_PRESETS[preset].needsKey && !profile.apiKey) {
    return { ok: false, error: `${label} needs an API key.`, fix: MODEL_PRESETS[preset].hint };
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
  const context = { provider: label, url: profile.baseUrl, isLocalServer: isPrivateNetworkUrl(profile.baseUrl) };
  try {
    const models = await listModels(client);
    const missing = models ? missingModels(profile, models) : [];
    if (models && missing.length > 0) return describeMissing(label, missing, models);
    if (!profile.fastModel) {
      return {
        ok: false,
        error: `Connected to ${label}: ${models?.length ?? 0} models available. Choose a model.`,
        ...(models ? { models } : {}),
      };
    }
    const chat = createOpenAiChatModel({ ...profile, preset, providerLabel: label, timeoutMs, ...fetchOption });
    const structuredOutput: Array<{ model: string; mode: StructuredMode }> = [];
    for (const role of ['fast', 'strong'] as const) {
      const model = role === 'fast' ? profile.fastModel : profile.strongModel;
      if (!model || structuredOutput.some((found) => found.model === model)) continue;
      await chat.complete({
        role,
        messages: [
          { role: 'system', content: 'You check that a connection works.' },
          { role: 'user', content: 'Reply with {"ok": true}.' },
        ],
        jsonSchema: PROBE,
        maxTokens: 16,
      });
      structuredOutput.push({ model, mode: chat.structuredModeFor(model) });
    }
    const found = wantedModels(profile)
      .map((m) => `"${m}"`)
      .join(' and ');
    const listed = models
      ? `${models.length} models available, ${found} found`
      : `the model "${profile.fastModel}" answered`;
    return {
      ok: true,
      message: `Connected to ${label}: ${listed}. ${describeStructuredOutput(structuredOutput)}`,
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
        fix: 'This server refuses that structured-output mode; choose "Automatic" so Factlight finds one it accepts.',
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
    `Connected to ${label}, but it does not list ${missing.map((m) => `"${m}"`).join(' or ')}.`,
  );
  return { ...describeFailure(error), fix: `Pick one of the ${models.length} models it offers.`, models };
}
