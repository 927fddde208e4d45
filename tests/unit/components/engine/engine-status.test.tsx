// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { EngineStatus } from '../../../../components/engine/engine-status';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { ExtensionStatus } from '../../../../lib/messaging/protocol';
import { installFakeLanguageModel } from '../../../../scripts/lib/servers/fake-language-model';

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
