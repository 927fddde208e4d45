/**
 * The check intake (issue 27): a check that comes while the engine (engine.js, most of the background's code) is not
 * loaded ("Check" in a page after a pause, a chatbot's "Fact-check") is written with its sentences before the engine
 * is, so the person sees it begin while the engine loads. Built as its own script (entrypoints/intake.ts, ~200 kB:
 * Dexie, the command schemas), imported by the doorway only for a `startCheck` that finds the engine not parsed. The
 * check is written by the same function the engine uses (new-check.ts) behind the same sender and data checks
 * (authorized-handler.ts); the engine then runs it as it runs a stopped worker's checks: the doorway has the router
 * resume them once the intake has answered, and the resume alarm the intake sets takes it up if the worker is stopped
 * before that.
 */
import { browser } from 'wxt/browser';

import { FactlightDb } from '../db/schema';
import { languageModelOf } from '../llm/prompt-api';
import { loadEffectiveSettings } from '../settings/managed-store';
import { commandRouter } from './authorized-handler';
import type { StartIntake } from './intake-global';
import { armResumeAlarm } from './keep-alive';
import { newCheck } from './new-check';

export const startIntake: StartIntake = (onMessage) => {
  const db = new FactlightDb();
  // Opened now, while the check's settings are read: the first open in a worker's life takes a while.
  void db.open().catch((error: unknown) => console.warn('[factlight] the intake could not open the database', error));
  const router = commandRouter({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('/') }, onMessage);
  router.handle('startCheck', async (request, origin) => {
    const result = await newCheck(
      // The settings in force, as the router gives the engine (the person's, the organisation's policy over them).
      {
        db,
        loadSettings: loadEffectiveSettings,
        clock: { now: () => Date.now() },
        languageModel: () => languageModelOf(globalThis),
      },
      request,
      origin,
    );
    // Before the answer: a worker stopped right after it still leaves the check to be taken up.
    if (result.ok) await armResumeAlarm();
    return result;
  });
};
