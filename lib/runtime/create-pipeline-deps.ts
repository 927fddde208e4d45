/**
 * The one place that turns settings into the pipeline's adapters, used by the extension's background and
 * by the Node commands alike (they differ only in the extractor, cache and fetch they bring).
 */
import { NoticeError } from '../core/errors';
import type { ResilienceOptions } from '../core/model/resilience';
import { withResilientEmbedder } from '../core/model/resilient-embedder';
import { withResilience } from '../core/model/resilient-model';
import type { PipelineDeps, PipelineOptions } from '../core/pipeline-types';
import { ollamaContextWindow } from '../llm/ollama-context';
import { createOpenAiChatModel, createOpenAiEmbedder } from '../llm/openai-chat-model';
import { activeModelProfile, modelSetupNotice } from '../settings/active-profile';
import { serverName } from '../settings/model-presets';
import type { Settings } from '../settings/schema';
import { createEvidenceDeps } from './create-evidence-deps';
import type { RuntimeAdapters } from './runtime-adapters';

/** Model calls in flight at once; hosted APIs take more, but local servers queue them anyway. */
const MODEL_CONCURRENCY = 4;

/**
 * The settings cannot run a check. Built from a setup notice, it keeps the code (the side panel words it in the
 * interface language) and takes its English as the message, which the run stores beside it; the Node commands
 * add their own English hints as plain words.
 */
export class NotConfiguredError extends NoticeError {
  override readonly name = 'NotConfiguredError';
}

export function createPipelineDeps(
  settings: Settings,
  runtime: RuntimeAdapters,
): { deps: PipelineDeps; options: PipelineOptions } {
  const profile = activeModelProfile(settings.model);
  const label = serverName(settings.model.preset);
  const problem = modelSetupNotice(settings.model);
  if (problem) throw new NotConfiguredError(problem);
  const fetchOption = {
    ...(runtime.fetch ? { fetch: runtime.fetch } : {}),
    ...(runtime.replyDeadlines ? { replyDeadlines: runtime.replyDeadlines } : {}),
  };
  // Ollama cuts a prompt longer than its context without a word: prompts are fitted to it (ollama-context.ts).
  const contextWindow =
    settings.model.preset === 'ollama'
      ? {
          contextWindow: ollamaContextWindow(profile.baseUrl, runtime.fetch, {
            apiKey: profile.apiKey,
            ...(profile.headers ? { headers: profile.headers } : {}),
          }),
        }
      : {};
  // The same retry timings for the chat model and the embedder (the embedder's stated waits are shorter:
  // resilient-embedder.ts).
  const retry: ResilienceOptions = {
    concurrency: MODEL_CONCURRENCY,
    maxRetries: 3,
    baseDelayMs: 1_000,
    maxDelayMs: 30_000,
    ...runtime.retry,
  };
  const model = withResilience(
    createOpenAiChatModel({
      ...profile,
      preset: settings.model.preset,
      providerLabel: label,
      ...fetchOption,
      ...contextWindow,
    }),
    retry,
  );
  const embedder = createOpenAiEmbedder({
    baseUrl: profile.baseUrl,
    apiKey: profile.apiKey,
    model: profile.embeddingModel,
    providerLabel: label,
    ...(profile.headers ? { headers: profile.headers } : {}),
    ...fetchOption,
  });
  // Each its own policy (and slots): a provider limits each model apart, so a wait one states holds for it alone.
  const resilientEmbedder = embedder ? withResilientEmbedder(embedder, retry) : undefined;

  const evidence = createEvidenceDeps(settings, runtime);
  const deps: PipelineDeps = {
    ...evidence.deps,
    model,
    modelNames: { fast: profile.fastModel, strong: profile.strongModel },
    ...(resilientEmbedder ? { embedder: resilientEmbedder } : {}),
  };
  const options = evidence.options;
  return { deps, options };
}
