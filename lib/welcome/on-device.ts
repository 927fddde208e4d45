/**
 * Whether the welcome page's own global defines Chrome's Prompt API (`LanguageModel`), touching nothing
 * else. Defining it says nothing about a usable model (Debian's Chromium defines it and always answers
 * "unavailable"), so this only picks the wording of "On this device". Whether checks actually run on the
 * on-device model is the service worker's answer, `LanguageModel.availability()` through `getStatus`
 * (`engine`, `onDevice`, `wantsOnDevice`; see lib/settings/engine.ts), which the page shows beside it.
 */
export type OnDeviceDetection = { api: 'prompt-api' } | { api: 'none' };

/** Looks for the Prompt API on `scope` (the page's global object), touching nothing else. */
export function detectOnDeviceModel(scope: object = globalThis): OnDeviceDetection {
  return 'LanguageModel' in scope ? { api: 'prompt-api' } : { api: 'none' };
}
