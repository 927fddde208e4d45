// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { EngineStatus } from '../../../../components/engine/engine-status';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { installFakeLanguageModel } from '../../../../scripts/lib/servers/fake-language-model';
import { fakeBackground } from '../../support/panel-harness';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

afterEach(cleanup);

describe('EngineStatus', () => {
  afterEach(() => fakeBrowser.reset());

  it('says what checks run on is not known when the background does not answer, instead of showing nothing', async () => {
    render(<EngineStatus switchHint="Switch in Settings." />);
    const error = await screen.findByTestId('engine-status-error');
    expect(error.textContent).toMatch(
      /^What checks run on is not known: Factlight's background did not answer \(.+\)\.$/,
    );
    expect(error.getAttribute('role')).toBe('alert');
  });

  it('asks for the status again when the one it was answered is dropped (the on-device model moved on)', async () => {
    const statuses: ExtensionStatus[] = [
      {
        version: '0.1.0',
        modelConfigured: false,
        engine: { kind: 'evidence-only', label: 'Sources only', reason: '' },
      },
      { version: '0.1.0', modelConfigured: false, engine: { kind: 'on-device', label: 'On-device model' } },
    ];
    let asked = 0;
    fakeBackground({ getStatus: () => statuses[Math.min(asked++, 1)] });
    render(<EngineStatus switchHint="Switch in Settings." />);
    expect((await screen.findByTestId('engine-label')).textContent).toBe('Sources only');
    await fakeBrowser.storage.session.set({ statusSnapshot: { stamp: 's', status: statuses[0] } });
    expect(asked).toBe(1);
    await fakeBrowser.storage.session.remove('statusSnapshot');
    await waitFor(() => expect(screen.getByTestId('engine-label').textContent).toBe('On-device model'));
    expect(asked).toBe(2);
  });

  it("says a failed download of the on-device model in the interface language, with the browser's own words", async () => {
    setMessageSource(catalogueSource('de', shipped('de'), shipped('en')));
    installFakeLanguageModel(globalThis, { availability: 'downloadable', downloadFailsAt: 0.5 });
    try {
      const status: ExtensionStatus = {
        version: '0.1.0',
        modelConfigured: false,
        engine: { kind: 'evidence-only', label: 'Nur Quellen', reason: 'Grund.' },
        onDevice: { availability: 'downloadable', message: '' },
        wantsOnDevice: true,
      };
      render(<EngineStatus switchHint="Wechseln in den Einstellungen." pageStatus={{ status }} />);
      fireEvent.click(screen.getByTestId('on-device-download'));
      const error = await screen.findByTestId('on-device-error');
      expect(error.textContent).toMatch(/^Das Modell auf dem Gerät konnte nicht heruntergeladen werden\. .+\(.+\)$/);
      expect(error.textContent).not.toContain('could not be downloaded');
    } finally {
      delete (globalThis as { LanguageModel?: unknown }).LanguageModel;
      setMessageSource(browserSource());
    }
  });
});
