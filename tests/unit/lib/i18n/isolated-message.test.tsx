// @vitest-environment happy-dom
/**
 * Parameters from elsewhere (a failure's cause, a host, a title) inside a translated sentence, each in a
 * <bdi>: the sentence stays the catalogue's, whole, in the order the translator chose.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource, t } from '../../../../lib/i18n/i18n';
import { tIsolated } from '../../../../lib/i18n/isolated-message';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

const shown = (node: ReturnType<typeof tIsolated>) => {
  const { container } = render(<p>{node}</p>);
  const paragraph = container.querySelector('p')!;
  return {
    text: paragraph.textContent,
    isolated: [...paragraph.querySelectorAll('bdi')].map((bdi) => bdi.textContent),
  };
};

describe('tIsolated', () => {
  it('puts an English cause in a <bdi> inside the Arabic sentence, the rest as t() says it', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const cause = 'Search failed: HTTP 500.';
    expect(shown(tIsolated('claimWhy', { reason: cause }, ['reason']))).toEqual({
      text: t('claimWhy', { reason: cause }),
      isolated: [cause],
    });
  });

  it('isolates several parameters in the translator’s order, and keeps the plural form chosen by count', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const params = { doi: '10.1000/xyz', title: 'On the Moon.' };
    expect(shown(tIsolated('linkReasonDoiRegisteredTitle', params, ['doi', 'title']))).toEqual({
      text: t('linkReasonDoiRegisteredTitle', params),
      isolated: ['10.1000/xyz', 'On the Moon.'],
    });
    const failed = { count: 2, cause: 'timeout.' };
    expect(shown(tIsolated('claimNoEvidenceSomeFailed', failed, ['cause']))).toEqual({
      text: t('claimNoEvidenceSomeFailed', failed),
      isolated: ['timeout.'],
    });
  });

  it('renders a parameter as text, never as markup', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { container } = render(<p>{tIsolated('claimWhy', { reason: hostile }, ['reason'])}</p>);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('bdi')!.textContent).toBe(hostile);
  });
});
