import { browser } from 'wxt/browser';

interface AccessLevelArea {
  setAccessLevel?: (options: { accessLevel: string }) => Promise<void>;
}

/**
 * Settings (with API keys) are kept in `storage.local`, and an organisation's policy (with its keys) in
 * `storage.managed`; browsers expose both to content scripts by default. Chrome can restrict each area to
 * the extension's own pages and worker; content scripts then cannot read them even if one were
 * compromised (tests/e2e/settings.test.ts proves it for `local`). Chromium keeps an access level per area,
 * managed included (extensions/browser/api/storage/storage_utils.cc: `storage_managed_access_level`).
 * Firefox supports this for `storage.session` only, so there the guarantee rests on the message policy
 * (keys are never sent to any context). Answers which areas are now restricted.
 */
export async function restrictStorageToExtension(): Promise<Array<'local' | 'managed'>> {
  const restricted: Array<'local' | 'managed'> = [];
  for (const name of ['local', 'managed'] as const) {
    const area = (browser.storage as Record<string, AccessLevelArea | undefined>)[name];
    if (!area?.setAccessLevel) continue;
    try {
      await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      restricted.push(name);
    } catch (error) {
      // At start-up, with no page to show it in: the keys stay safe by the message policy alone, as in Firefox.
      console.warn(`[factlight] could not restrict storage.${name} to the extension`, error);
    }
  }
  return restricted;
}
