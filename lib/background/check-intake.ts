/**
 * The check intake (issue 27): every new check in Chrome ("Check" in a page after a pause, a chatbot's "Fact-check",
 * the panel's button) is written with its sentences in the worker, so the person sees it begin while the engine, which
 * runs in the offscreen document, opens and starts. Built as its own small script (entrypoints/check-intake.ts: no
 * Dexie, no settings, no catalogue), named to reach a waking worker before router.js (intake-global.ts).
 *
 * It takes in only what the router would accept as it is: a `startCheck` from a sender the command's audience allows,
 * whose data the command's schema takes unchanged (start-check-shape.ts checks that without zod), whose text can be
 * checked, into a database Dexie made at the version it opens. It writes the check's draft (check-draft.ts: what needs
 * no settings, with its sentences), straight through IndexedDB (lib/db/intake-write.ts), sets the resume alarm and
 * answers; the engine settles the draft (its engine, its hash: new-check.ts) when it takes it up, which the doorway
 * has it do once the intake has answered (the alarm takes it up if the worker is stopped first). Anything else,
 * refusals included, it hands back unanswered (`sendResponse(undefined)` or not kept), and the router answers it as
 * always, in the person's language.
 */
import { browser } from 'wxt/browser';

import { sentenceRows } from '../db/check-rows';
import { tellDexieContexts } from '../db/dexie-signal';
import { openIntakeDatabase, writeNewCheck } from '../db/intake-write';
import { COMMAND_AUDIENCE, type StartCheckRequest } from '../messaging/protocol';
import { classifySender, commandOrigin, isAllowed, type SenderInfo } from '../messaging/sender-policy';
import { startCheckShape } from '../messaging/start-check-shape';
import { checkableText, type CheckOrigin, draftCheck } from './check-draft';
import { INTAKE_MARKS } from './doorway-marks';
import type { StartIntake } from './intake-global';
import { armResumeAlarm } from './keep-alive';

/** A check the intake can take in, and where it was asked from; undefined leaves the message to the router. */
function takeable(
  message: unknown,
  sender: SenderInfo,
): { request: StartCheckRequest; origin: CheckOrigin } | undefined {
  const envelope = message as { type?: unknown; data?: unknown; timestamp?: unknown } | null;
  if (typeof envelope !== 'object' || envelope === null) return undefined;
  if (envelope.type !== 'startCheck' || typeof envelope.timestamp !== 'number') return undefined;
  const kind = classifySender(sender, browser.runtime.id, browser.runtime.getURL('/'));
  if (!isAllowed(kind, COMMAND_AUDIENCE.startCheck)) return undefined;
  const request = startCheckShape(envelope.data);
  if (!request || !checkableText(request.text)) return undefined;
  const { tabId, frameId } = commandOrigin(sender, kind);
  const origin: CheckOrigin = tabId !== undefined ? { tabId, ...(frameId !== undefined ? { frameId } : {}) } : {};
  return { request, origin };
}

export const startIntake: StartIntake = (onMessage, opening) => {
  // The doorway began the open before it imported this script (the first open in a worker's life takes a few
  // milliseconds); without it, opened now, while the message is checked.
  const database = opening ?? openIntakeDatabase(indexedDB);
  onMessage.addListener((message, sender, sendResponse) => {
    const check = takeable(message, sender as SenderInfo);
    if (!check) return false;
    // Split now, while the database opens (the doorway began its open before it imported this script).
    const { record, sentences } = draftCheck(check.request, check.origin, crypto.randomUUID(), Date.now());
    performance.mark(INTAKE_MARKS.drafted);
    void (async () => {
      const db = await database;
      if (!db) return sendResponse(undefined);
      // Set while the check is written: a worker stopped right after the answer still leaves it to be taken up. (Set
      // for a write that then fails, it finds nothing to resume and is cleared.)
      const alarm = armResumeAlarm();
      try {
        await writeNewCheck(db, record, sentenceRows(record.id, sentences));
        performance.mark(INTAKE_MARKS.written);
      } catch (error) {
        // Nothing was stored (one transaction): the router writes it, or says why it cannot.
        console.warn('[factlight] the intake could not write the check; the engine takes it', error);
        return sendResponse(undefined);
      }
      // Written: from here on the answer is that it is, whatever else fails (an open panel then sees it at the
      // engine's first write).
      try {
        tellDexieContexts();
      } catch (error) {
        console.warn('[factlight] open pages not told of a new check', error);
      }
      await alarm;
      sendResponse({ res: { ok: true, checkId: record.id } });
    })();
    return true;
  });
};
