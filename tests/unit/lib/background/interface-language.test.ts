/**
 * The background in the interface language: the catalogue a content script gets (only what it asks for,
 * every plural form of it), and a change of the setting followed with a call to re-title the menus.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

async function load() {
  vi.resetModules();
  const background = await import('../../../../lib/background/interface-language');
  const i18n = await import('../../../../lib/i18n/i18n');
  return { ...background, ...i18n };
}

// Transformed once before the tests (each test then only re-evaluates them), so a loaded machine's slow first
// transform is not counted against a test.
beforeAll(() => load(), 60_000);
beforeEach(() => fakeBrowser.reset());

describe('background interface language', () => {
  it('gives content scripts nothing to load while it follows the browser', async () => {
    const { startBackgroundLanguage, catalogueFor, t } = await load();
    await startBackgroundLanguage();
    expect(catalogueFor(['floatingButtonLabel'])).toEqual({ locale: null });
    expect(t('menuCheckPage')).toBe('Fact-check this page');
  });

  it('gives the chosen language’s messages for the keys asked, with every plural form', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'ar' });
    const { startBackgroundLanguage, catalogueFor, t } = await load();
    await startBackgroundLanguage();
    expect(t('menuCheckPage')).toBe('تحقّق من هذه الصفحة');
    const answer = catalogueFor(['floatingButtonLabel', 'badgeTitleWrong']);
    expect(answer.locale).toBe('ar');
    expect(Object.keys(answer.messages ?? {}).sort()).toEqual([
      'badgeTitleWrong_few',
      'badgeTitleWrong_many',
      'badgeTitleWrong_one',
      'badgeTitleWrong_other',
      'badgeTitleWrong_two',
      'badgeTitleWrong_zero',
      'floatingButtonLabel',
    ]);
    expect(answer.messages?.floatingButtonLabel?.message).toBe('تحقّق');
  });

  it('follows a change of the setting and asks for the menus to be re-titled', async () => {
    const { startBackgroundLanguage, interfaceLanguageReady, t } = await load();
    const changed = vi.fn();
    await startBackgroundLanguage(changed);
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'es' });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    await interfaceLanguageReady();
    expect(t('menuCheckSelection')).toBe('Verificar la selección');
  });

  it('reads nothing at a wake until something needs its words, then speaks the chosen language', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'es' });
    const { followInterfaceLanguage, interfaceLanguageReady, t } = await load();
    const get = vi.spyOn(fakeBrowser.storage.local, 'get');
    followInterfaceLanguage();
    expect(get).not.toHaveBeenCalled();
    await interfaceLanguageReady();
    expect(get).toHaveBeenCalled();
    expect(t('menuCheckSelection')).toBe('Verificar la selección');
  });

  it('loads the words of a change made while it had not spoken yet, and asks for the menus to be re-titled', async () => {
    const { followInterfaceLanguage, interfaceLanguageReady, t } = await load();
    const changed = vi.fn();
    followInterfaceLanguage(changed);
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'es' });
    await vi.waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    await interfaceLanguageReady();
    expect(t('menuCheckSelection')).toBe('Verificar la selección');
  });
});
