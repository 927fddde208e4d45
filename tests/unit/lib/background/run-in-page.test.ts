/**
 * Why a check from a page did not start, said in the chosen interface language: the router reads the language
 * only when it has something to say, and a menu click or the shortcut can be what woke it.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

async function load() {
  vi.resetModules();
  return import('../../../../lib/background/run-in-page');
}

// Transformed once before the tests, so a loaded machine's slow first transform is not counted against one.
beforeAll(() => load(), 60_000);
beforeEach(() => fakeBrowser.reset());

describe('runInPage', () => {
  it('says in the chosen language why the page cannot be checked, though nothing loaded its words before', async () => {
    await fakeBrowser.storage.local.set({ interfaceLanguage: 'fr' });
    (fakeBrowser as unknown as { scripting: { executeScript: () => Promise<never> } }).scripting = {
      executeScript: () => Promise.reject(new Error('Cannot access contents of the page')),
    };
    const { runInPage } = await load();
    expect(await runInPage('checkPage', 4)).toEqual({
      ok: false,
      error: 'Factlight ne peut pas fonctionner sur cette page (Cannot access contents of the page).',
    });
  });
});
