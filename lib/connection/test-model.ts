import OpenAI from 'openai';
import { ProviderError } from '../core/errors';
import { createOpenAiClient } from '../llm/openai-client';
import { toProviderError } from '../llm/provider-error';
import { MODEL_PRESETS, type ModelPresetId } from '../settings/model-presets';
import type { ModelProfile } from '../settings/schema';
import type { ConnectionTestResult } from '../messaging/protocol';
import { describeFailure } from './describe-error';
import { isPrivateNetworkUrl } from '../net/private-address';

const TEST_TIMEOUT_MS = 15_000;

/**
 * Checks a model endpoint the way the pipeline will use it: lists the models (to find typos in model
 * names), then sends a one-token chat request to the fast model. The chat request matters: Chrome sends
 * our Origin header on POSTs but not on the GET of /models, so Ollama's origin check only shows there.
 */
export async function testModelConnection(
  preset: ModelPresetId,
  profile: ModelProfile,
  deps: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ConnectionTestResult> {
  const label = MODEL_PRESETS[preset].label;
  if (!profile.baseUrl) return { ok: false, message: 'Enter the base URL of the model server.' };
  if (MODEL_PRESETS[preset].needsKey && !profile.apiKey) {
    return { ok: false, message: `${label} needs an API key.`, fix: MODEL_PRESETS[preset].hint };
  }
  const client = createOpenAiClient({
    baseUrl: profile.baseUrl,
    apiKey: profile.apiKey,
    timeoutMs: deps.timeoutMs ?? TEST_TIMEOUT_MS,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const context = { provider: label, url: profile.baseUrl, isLocalServer: isPrivateNetworkUrl(profile.baseUrl) };
  try {
    const models = await listModels(client);
    const missing = models ? missingModels(profile, models) : [];
    if (models && missing.length > 0) return describeMissing(label, missing, models);
    if (!profile.fastModel) {
      return { ok: false, message: `Connected to ${label}: ${models?.length ?? 0} models available. Choose a model.`, ...(models ? { models } : {}) };
    }
    await client.chat.completions.create({
      model: profile.fastModel,
      messages: [{ role: 'user', content: 'Reply with OK.' }],
      max_tokens: 1,
    });
    const found = wantedModels(profile).map((m) => `"${m}"`).join(' and ');
    const listed = models ? `${models.length} models available, ${found} found` : `the model "${profile.fastModel}" answered`;
    return { ok: true, message: `Connected to ${label}: ${listed}.`, ...(models ? { models } : {}) };
  } catch (error) {
    return describeFailure(toProviderError(error, context));
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

function describeMissing(label: string, missing: string[], models: string[]): ConnectionTestResult {
  const error = new ProviderError('not-found', `Connected to ${label}, but it does not list ${missing.map((m) => `"${m}"`).join(' or ')}.`);
  return { ...describeFailure(error), fix: `Pick one of the ${models.length} models it offers.`, models };
}
