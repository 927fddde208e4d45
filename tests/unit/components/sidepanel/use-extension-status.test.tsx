// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { useExtensionStatus } from '../../../../components/sidepanel/use-extension-status';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { fakeBackground } from '../../support/panel-harness';

const DOWNLOADING: ExtensionStatus = {
  version: '0.1.0',
  modelConfigured: false,
  onDevice: { availability: 'downloading', message: '' },
};
const AVAILABLE: ExtensionStatus = { ...DOWNLOADING, onDevice: { availability: 'available', message: '' } };

afterEach(() => {
  cleanup();
  fakeBrowser.reset();
});

describe("the side panel's status", () => {
  it('is asked again when the kept status it was answered is dropped, and not when one is kept', async () => {
    let asked = 0;
    fakeBackground({ getStatus: () => (asked++ ? AVAILABLE : DOWNLOADING) });
    const { result } = renderHook(() => useExtensionStatus());
    await waitFor(() => expect(result.current.status).toEqual(DOWNLOADING));
    await fakeBrowser.storage.session.set({ statusSnapshot: { stamp: 's', status: DOWNLOADING } });
    expect(asked).toBe(1);
    // The doorway, after answering, found the status no longer held (the on-device model downloaded meanwhile).
    await fakeBrowser.storage.session.remove('statusSnapshot');
    await waitFor(() => expect(result.current.status).toEqual(AVAILABLE));
    expect(asked).toBe(2);
  });
});
