// @vitest-environment happy-dom
/**
 * The options page's note on the organisation's policy: each problem the background found is worded on the
 * page, in the interface language, from its code.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ManagedNotice } from '../../../../components/options/managed-notice';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import type { ManagedSummary } from '../../../../lib/settings/policy';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(resolve(import.meta.dirname, `../../../../public/_locales/${locale}/messages.json`), 'utf8'),
  ) as Catalogue;

const managed: ManagedSummary = {
  keys: ['baseUrl'],
  organisationName: 'Acme',
  warnings: [
    { code: 'badValue', key: 'mode', got: { kind: 'string', json: '"fastest"' } },
    { code: 'unknownKey', key: 'surprise' },
  ],
};

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

describe('ManagedNotice', () => {
  it('lists the policy’s problems in words', () => {
    render(<ManagedNotice managed={managed} />);
    expect(screen.getByTestId('managed-warnings').querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByTestId('managed-warnings').textContent).toContain(
      'Policy key "mode": expected fast or thorough, got "fastest"; your own setting is used for it.',
    );
  });

  it('says them in the interface language', () => {
    setMessageSource(catalogueSource('pt_BR', catalogue('pt_BR')));
    render(<ManagedNotice managed={managed} />);
    const items = [...screen.getByTestId('managed-warnings').querySelectorAll('li')].map((item) => item.textContent);
    expect(items).toEqual([
      'Chave de política "mode": esperava-se fast ou thorough, veio "fastest"; sua própria configuração é usada.',
      'A chave de política "surprise" não é uma que o Factlight conheça; foi ignorada.',
    ]);
  });
});
