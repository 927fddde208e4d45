// @vitest-environment happy-dom
/**
 * An extension page in the interface language: the browser's by default, a chosen one loaded from our own
 * _locales before the first render, `lang` and `dir` on <html> from the catalogue in use, and a change
 * followed live, whether made on this page or in another.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Fresh modules per test: the active language is per context (per page), as in the browser. */
async function load() {
  vi.resetModules();
  const page = await import('../../../../lib/i18n/page-language');
  const i18n = await import('../../../../lib/i18n/i18n');
  const setting = await import('../../../../lib/i18n/language-setting');
  return { ...page, ...i18n, ...setting };
}

// Transformed once before the tests (each test then only re-evaluates them), so a loaded machine's slow first
// transform is not counted against a test.
beforeAll(() => load(), 60_000);
beforeEach(() => {
  fakeBrowser.reset();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('page language', () => {
  it('follows the browser when nothing is chosen', async () => {
    const { startPageLanguage, t } = await load();
    await startPageLanguage(document);
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['en', 'ltr']);
    expect(t('verdict_refuted')).toBe('Refuted');
  });

  it('sets a chosen right-to-left language, its words and its direction, before the page renders', async () => {
    const { startPageLanguage, saveInterfaceLanguage, t, formatNumber } = await load();
    await saveInterfaceLanguage('ar');
    await startPageLanguage(document);
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(t('verdict_refuted')).toBe('مُفنَّد');
    expect(t('badgeTitleWrong', { count: 2 })).toBe('Factlight: ادعاءان مُفنَّدان أو متنازَع عليهما');
    expect(formatNumber(1234.5)).toBe(new Intl.NumberFormat('ar').format(1234.5));
  });

  it('switches at once when the person chooses, and tells the page to render again', async () => {
    const { startPageLanguage, chooseInterfaceLanguage, onInterfaceLanguageChange, readInterfaceLanguage, t } =
      await load();
    await startPageLanguage(document);
    const rendered = vi.fn();
    onInterfaceLanguageChange(rendered);
    await chooseInterfaceLanguage('ja');
    expect(rendered).toHaveBeenCalled();
    expect(await readInterfaceLanguage()).toBe('ja');
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ja', 'ltr']);
    expect(t('verdict_notEnoughEvidence')).toBe('根拠不明');
    await chooseInterfaceLanguage('browser');
    expect(document.documentElement.lang).toBe('en');
    expect(t('verdict_notEnoughEvidence')).toBe('Not enough evidence');
  });

  it('follows a change made in another page (the options page while the side panel is open)', async () => {
    const { startPageLanguage, onInterfaceLanguageChange, t } = await load();
    await startPageLanguage(document);
    const rendered = vi.fn();
    onInterfaceLanguageChange(rendered);
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'de' });
    await vi.waitFor(() => expect(rendered).toHaveBeenCalled());
    expect(t('verdict_notEnoughEvidence')).toBe('Unbelegt');
    expect(document.documentElement.lang).toBe('de');
  });

  it('treats a stored value that is no shipped locale as "follow the browser"', async () => {
    const { startPageLanguage, readInterfaceLanguage } = await load();
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'xx' });
    expect(await readInterfaceLanguage()).toBe('browser');
    await startPageLanguage(document);
    expect(document.documentElement.lang).toBe('en');
  });
});
