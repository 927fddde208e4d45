/**
 * The last status the router answered (`getStatus`: what checks run on, the on-device model), kept in
 * `storage.session` with a stamp of everything it was made from, so the doorway (entrypoints/background.ts) can
 * answer a side panel opened after a pause without loading the router (issue 27).
 *
 * The stamp is a SHA-256 of the raw stored inputs (the settings, the interface language, the organisation's
 * policy, the version): the doorway reads them raw, without parsing the settings, and answers the kept status only
 * when the stamp is the same. Whoever changes any of them changes the stamp, so nothing has to remember to clear the
 * snapshot. The router takes the stamp before it reads anything, so a change made while it works leaves a stamp that
 * no longer matches (the next status is worked out again). The digest, not the settings, is kept: they hold API keys.
 * `storage.session` lives in memory for the browser's session and is for the extension's own pages and worker only
 * (Chrome's default access level).
 *
 * The on-device model's availability is not in the stamp: asking it is the slowest part of a woken worker's answer
 * (the first question in each life of the worker: ~6 ms in Chromium 156, BENCHMARKS.md), and it changes only when
 * Chrome downloads or drops the model. The doorway answers the kept status, then asks (`dropIfOnDeviceMoved`): when
 * the answer is not the kept one it drops the snapshot, and the pages, which listen for that
 * (`statusSnapshotDropped`), ask again and get the router's fresh status.
 */
import { browser } from 'wxt/browser';

import { onDeviceAvailability } from '../llm/on-device-download';
import { languageModelOf } from '../llm/prompt-api';
import type { ExtensionStatus } from '../messaging/protocol';

const SNAPSHOT_KEY = 'statusSnapshot';

/**
 * The `storage.local` keys the status depends on: lib/settings/store.ts's `settingsItem` and
 * lib/i18n/language-setting.ts's `interfaceLanguageItem` (their WXT keys without `local:`; a unit test holds them
 * equal). Spelled out so that the doorway does not load the settings' schemas.
 */
export const STATUS_INPUT_KEYS = ['settings', 'interfaceLanguage'];

interface StatusSnapshot {
  stamp: string;
  status: ExtensionStatus;
}

type ManagedArea = { get(): Promise<Record<string, unknown>> } | undefined;

/** The policy as stored; a failure's message is part of the stamp (the status then says it could not be read). */
async function rawPolicy(): Promise<unknown> {
  const managed = (browser.storage as { managed?: ManagedArea }).managed;
  if (!managed) return null;
  return managed.get().catch((error: unknown) => ({ unreadable: String(error) }));
}

/** The stamp of the inputs as they are now, for the extension's `version`. */
export async function statusStamp(version: string): Promise<string> {
  const [local, policy] = await Promise.all([browser.storage.local.get(STATUS_INPUT_KEYS), rawPolicy()]);
  const inputs = JSON.stringify([version, local, policy]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(inputs));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Keeps `status`, answered for the inputs `stamp` was taken of. */
export async function keepStatus(stamp: string, status: ExtensionStatus): Promise<void> {
  const snapshot: StatusSnapshot = { stamp, status };
  await browser.storage.session.set({ [SNAPSHOT_KEY]: snapshot });
}

/** The kept status when its inputs are unchanged; undefined when there is none or they changed. */
export async function keptStatus(version: string): Promise<ExtensionStatus | undefined> {
  const [stored, stamp] = await Promise.all([browser.storage.session.get(SNAPSHOT_KEY), statusStamp(version)]);
  const snapshot = stored[SNAPSHOT_KEY] as StatusSnapshot | undefined;
  return snapshot?.stamp === stamp ? snapshot.status : undefined;
}

/**
 * Asks the on-device model's availability now (`onDeviceStatus`'s question) and drops the snapshot when it is not the
 * one `answered` gave: the pages that showed that answer ask again (`statusSnapshotDropped`). True when it dropped it.
 */
export async function dropIfOnDeviceMoved(answered: ExtensionStatus, scope: object = globalThis): Promise<boolean> {
  const availability = await onDeviceAvailability(languageModelOf(scope));
  if (availability === answered.onDevice?.availability) return false;
  await browser.storage.session.remove(SNAPSHOT_KEY);
  return true;
}

/** Whether a `storage.onChanged` event says the kept status was dropped: a page then asks for the status again. */
export function statusSnapshotDropped(changes: Record<string, { newValue?: unknown }>, area: string): boolean {
  if (area !== 'session' || !Object.hasOwn(changes, SNAPSHOT_KEY)) return false;
  // Chrome leaves `newValue` out of a removed key's change (Firefox and WXT's fake browser: null).
  const removed = changes[SNAPSHOT_KEY]?.newValue;
  return removed === undefined || removed === null;
}
