// @vitest-environment happy-dom
/**
 * "Try it" says what the sample runs on before the press: in Arabic, the model's name and the search sources
 * (English names from the settings) each keep their own direction inside the Arabic sentence.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { TryIt } from '../../../../components/welcome/try-it';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

describe('TryIt', () => {
  it('in Arabic, isolates the model profile and the search sources in the "runs on" line', () => {
    setMessageSource(catalogueSource('ar', shipped('ar'), shipped('en')));
    const model = 'OpenAI (gpt-4o-mini)';
    const destinations = 'Wikipedia, Wikidata';
    for (const managed of [{}, { managedServer: 'Acme’s model server' }]) {
      render(
        <TryIt
          status={{ version: '0.1.0', modelConfigured: true, engine: { kind: 'model', label: model, ...managed } }}
          chosen
          unsavedChanges={false}
          queriesGoTo={destinations}
          checkId={undefined}
          onStarted={() => undefined}
        />,
      );
      const runsOn = screen.getByTestId('welcome-try-runs-on');
      expect([...runsOn.querySelectorAll('bdi')].map((bdi) => bdi.textContent).sort()).toEqual(
        [model, destinations].sort(),
      );
      cleanup();
    }
  });

  it('keeps the English sample in its own direction (left to right in an Arabic page)', () => {
    setMessageSource(catalogueSource('ar', shipped('ar'), shipped('en')));
    render(
      <TryIt
        status={{ version: '0.1.0', modelConfigured: false }}
        chosen={false}
        unsavedChanges={false}
        queriesGoTo=""
        checkId={undefined}
        onStarted={() => undefined}
      />,
    );
    expect(screen.getByTestId('welcome-sample').getAttribute('dir')).toBe('auto');
  });
});
