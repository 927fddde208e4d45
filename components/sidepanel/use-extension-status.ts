import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

import { statusSnapshotDropped } from '../../lib/background/status-snapshot';
import { errorMessage } from '../../lib/core/errors';
import { type ExtensionStatus, sendToBackground } from '../../lib/messaging/protocol';

/** The storage area and key the background keeps settings under (lib/settings/store.ts). */
const SETTINGS_AREA = 'local';
const SETTINGS_KEY = 'settings';

export interface StatusState {
  status: ExtensionStatus | undefined;
  error: string | undefined;
}

/**
 * The background's status ("is a model set up?"), asked for when the panel opens and again whenever
 * settings are saved or the panel gets focus, so the set-up notice goes once the user chose a model in
 * the options page. The storage change is only a trigger: the panel never reads settings (they hold keys).
 */
export function useExtensionStatus(): StatusState {
  const [state, setState] = useState<StatusState>({ status: undefined, error: undefined });
  useEffect(() => {
    let latest = 0;
    let stopped = false;
    const refresh = () => {
      // Answers can arrive out of order; only the newest question's answer counts.
      const asked = ++latest;
      const settle = (next: (current: StatusState) => StatusState) => {
        if (!stopped && asked === latest) setState(next);
      };
      sendToBackground('getStatus').then(
        (status) => settle(() => ({ status, error: undefined })),
        // The last status known stays for the check tab; the error says the background is not answering.
        (error: unknown) => settle((current) => ({ status: current.status, error: errorMessage(error) })),
      );
    };
    // Settings saved, or the status this panel was answered dropped (the on-device model moved on meanwhile).
    const onStorageChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if ((area === SETTINGS_AREA && SETTINGS_KEY in changes) || statusSnapshotDropped(changes, area)) refresh();
    };
    refresh();
    browser.storage.onChanged.addListener(onStorageChanged);
    window.addEventListener('focus', refresh);
    return () => {
      stopped = true;
      browser.storage.onChanged.removeListener(onStorageChanged);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return state;
}
