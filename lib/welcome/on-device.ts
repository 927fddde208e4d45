/**
 * What the browser offers for running a model on this device, as far as the page can tell without asking
 * it to do anything. Today that is only whether Chrome's Prompt API (`LanguageModel`) is defined: defining
 * it says nothing about a usable model (Debian's Chromium defines it and always answers "unavailable"),
 * so the welcome page reports it neutrally. Issue 13's on-device provider replaces this with
 * `LanguageModel.availability()`.
 */
export type OnDeviceDetection = { api: 'prompt-api' } | { api: 'none' };

/** Looks for the Prompt API on `scope` (the page's global object), touching nothing else. */
export function detectOnDeviceModel(scope: object = globalThis): OnDeviceDetection {
  return 'LanguageModel' in scope ? { api: 'prompt-api' } : { api: 'none' };
}
