/**
 * The last status the router answered (`getStatus`: what checks run on, the on-device model), kept in
 * `storage.session` with a stamp of everything it was made from, so the doorway (entrypoints/background.ts) can
 * answer a side panel opened after a pause without loading the router (issue 27).
 *
 * The stamp is a SHA-256 of the raw stored inputs (the settings, the interface language, the organisation's
 * policy, the version): read raw, without parsing the settings. Whoever changes any of them changes the stamp, so
 * nothing has to remember to clear the snapshot. The router takes the stamp before it reads anything, so a change made
 * while it works leaves a stamp that no longer matches. The digest, not the settings, is kept: they hold API keys.
 * `storage.session` lives in memory for the browser's session and is for the extension's own pages and worker only
 * (Chrome's default access level).
 *
 * The doorway answers the kept status first (`keptStatus`: one read of `storage.session`) and checks it right after
 * (`dropIfStale`): the stamp of the inputs as they are now, and the on-device model's availability, which is not in the
 * stamp as it is the browser's answer, not a stored input. Reading and asking these before the answer made every
 * woken status slower (~1–5 ms of a ~20 ms wake in Chromium 156, BENCHMARKS.md), and they seldom differ: a page
 * that changes the settings asks for the status again while the router, which the change woke, answers it and keeps
 * it anew. They differ after a change no page asked about (the policy, the on-device model): then the doorway drops
 * the snapshot, and the pages, which listen for that (`statusSnapshotDropped`), ask again and get the router's.
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

/** The kept status, when one was kept for this `version`; `dropIfStale` checks it once it has been answered. */
export async function keptStatus(version: string): Promise<ExtensionStatus | undefined> {
  const snapshot = (await browser.storage.session.get(SNAPSHOT_KEY))[SNAPSHOT_KEY] as StatusSnapshot | undefined;
  return snapshot?.status.version === version ? snapshot.status : undefined;
}

/**
 * Drops the kept status when it no longer holds: its inputs changed (the stamp) or the on-device model's availability
 * is not the one it gave (`onDeviceStatus`'s question). The pages that showed it then ask again
 * (`statusSnapshotDropped`). True when it dropped it.
 */
export async function dropIfStale(version: string, scope: object = globalThis): Promise<boolean> {
  const [stored, stamp, availability] = await Promise.all([
    browser.storage.session.get(SNAPSHOT_KEY),
    statusStamp(version),
    onDeviceAvailability(languageModelOf(scope)),
  ]);
  const snapshot = stored[SNAPSHOT_KEY] as StatusSnapshot | undefined;
  if (!snapshot || (snapshot.stamp === stamp && snapshot.status.onDevice?.availability === availability)) return false;
  await browser.storage.session.remove(SNAPSHOT_KEY);
  return true;
}

/** Whether a `storage.onChanged` event says the kept status was dropped: a page then asks for the status again. */
export function statusSnapshotDropped(
  changes: Record<string, { oldValue?: unknown; newValue?: unknown }>,
  area: string,
): boolean {
  if (area !== 'session' || !Object.hasOwn(changes, SNAPSHOT_KEY)) return false;
  // Chrome leaves `newValue` out of a removed key's change (WXT's fake browser gives null).
  const removed = changes[SNAPSHOT_KEY]?.newValue;
  return removed === undefined || removed === null;
}
