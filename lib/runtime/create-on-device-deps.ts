import { withResilience } from '../core/model/resilient-model';
import type { PipelineDeps, PipelineOptions } from '../core/pipeline-types';
import { createOnDeviceChatModel, ON_DEVICE_PROMPT_LIMITS } from '../llm/on-device-chat-model';
import type { LanguageModelApi } from '../llm/prompt-api';
import type { Settings } from '../settings/schema';
import { createEvidenceDeps } from './create-evidence-deps';
import type { RuntimeAdapters } from './runtime-adapters';

/**
 * The pipeline on Chrome's on-device model: the evidence adapters, the Prompt API model, smaller prompts.
 * `dispose` destroys the model's base sessions; call it when the check ends, or they hold device memory
 * until the service worker stops.
 */
export function createOnDevicePipelineDeps(
  settings: Settings,
  runtime: RuntimeAdapters,
  api: LanguageModelApi,
): { deps: PipelineDeps; options: PipelineOptions; dispose: () => void } {
  const evidence = createEvidenceDeps(settings, runtime);
  const onDevice = createOnDeviceChatModel({ api });
  // One call at a time (the adapter serialises anyway); a retry only for what may pass a second time.
  const model = withResilience(onDevice, {
    concurrency: 1,
    maxRetries: 1,
    baseDelayMs: 500,
    maxDelayMs: 2_000,
    ...runtime.retry,
  });
  return {
    deps: { ...evidence.deps, model, modelNames: { fast: 'chrome-on-device', strong: 'chrome-on-device' } },
    options: { ...evidence.options, promptLimits: ON_DEVICE_PROMPT_LIMITS },
    dispose: () => onDevice.dispose(),
  };
}
