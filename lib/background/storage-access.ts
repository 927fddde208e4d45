import { browser } from 'wxt/browser';

/**
 * Settings (with API keys) are kept in `storage.local`, which browsers expose to content scripts by
 * default. Chrome can restrict the area to the extension's own pages and worker; content scripts then
 * cannot read it even if one were compromised. Firefox supports this for `storage.session` only, so
 * there the guarantee rests on the message policy (keys are never sent to any context).
 */
export async function restrictLocalStorageToExtension(): Promise<boolean> {
  const local = browser.storage.local as { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };
  if (!local.setAccessLevel) return false;
  try {
    await local.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    return true;
  } catch (error) {
    // At start-up, with no page to show it in: the keys stay safe by the message policy alone, as in Firefox.
    console.warn('[factlight] could not restrict storage.local to the extension', error);
    return false;
  }
}
