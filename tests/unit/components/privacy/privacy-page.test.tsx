// @vitest-environment happy-dom
/**
 * The privacy page in the interface language: the translation of the chosen language (its <title> from the
 * catalogue, `lang` and `dir` on the text, Arabic right to left), English when the browser's language is.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Fresh modules per test: the interface language is per page, as in the browser. */
async function load() {
  vi.resetModules();
  const { privacyPage } = await import('../../../../components/privacy/privacy-page');
  const { saveInterfaceLanguage } = await import('../../../../lib/i18n/language-setting');
  const { renderPage } = await import('../../../../lib/i18n/render-page');
  return { privacyPage, saveInterfaceLanguage, renderPage };
}

const ROOT = resolve(import.meta.dirname, '../../../..');
const firstHeading = (path: string) => /^# (.+)$/m.exec(readFileSync(resolve(ROOT, path), 'utf8'))![1]!;
const catalogueTitle = (locale: string) =>
  (
    JSON.parse(readFileSync(resolve(ROOT, `public/_locales/${locale}/messages.json`), 'utf8')) as Record<
      string,
      { message: string }
    >
  ).privacyPageTitle!.message;

const policyOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid="privacy-policy"]');

let container: HTMLElement;
// Transformed once before the tests, so a loaded machine's slow first transform is not counted against one.
beforeAll(() => load(), 60_000);
beforeEach(() => {
  fakeBrowser.reset();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  container = document.createElement('main');
  document.body.replaceChildren(container);
});

describe('privacy page', () => {
  it('shows the Arabic translation right to left when the interface language is Arabic', async () => {
    const { privacyPage, saveInterfaceLanguage, renderPage } = await load();
    await saveInterfaceLanguage('ar');
    await renderPage(container, privacyPage);
    const policy = await waitFor(() => {
      expect(policyOf(container)?.lang).toBe('ar');
      return policyOf(container)!;
    });
    expect(policy.dir).toBe('rtl');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(policy.querySelector('h1')?.textContent).toBe(firstHeading('docs/privacy/PRIVACY.ar.md'));
    // The note that the English text is the authoritative one comes first, naming it.
    expect(policy.firstElementChild?.tagName).toBe('P');
    expect(policy.firstElementChild?.textContent).toContain('PRIVACY.md');
    expect(document.title).toBe(catalogueTitle('ar'));
    expect(policy.querySelectorAll('a')).toHaveLength(0);
  });

  it('shows English, left to right, when the browser is in English and nothing is chosen', async () => {
    const { privacyPage, renderPage } = await load();
    await renderPage(container, privacyPage);
    await waitFor(() => expect(policyOf(container)).not.toBeNull());
    const policy = policyOf(container)!;
    expect([policy.lang, policy.dir]).toEqual(['en', 'ltr']);
    expect(policy.querySelector('h1')?.textContent).toBe(firstHeading('PRIVACY.md'));
    expect(document.title).toBe(catalogueTitle('en'));
  });

  it('follows a change of the interface language made in another page', async () => {
    const { privacyPage, renderPage } = await load();
    await renderPage(container, privacyPage);
    await waitFor(() => expect(policyOf(container)?.lang).toBe('en'));
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'pt_BR' });
    await waitFor(() =>
      expect(policyOf(container)?.querySelector('h1')?.textContent).toBe(firstHeading('docs/privacy/PRIVACY.pt_BR.md')),
    );
    expect([policyOf(container)!.lang, policyOf(container)!.dir]).toEqual(['pt-BR', 'ltr']);
    expect(document.title).toBe(catalogueTitle('pt_BR'));
  });
});
