// @vitest-environment happy-dom
/**
 * A script injected on demand (the highlighter) in the interface language: it asks the background (a real
 * message round trip to a handler standing in for it) and its whole translator uses the messages it gets,
 * or keeps the browser's words.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { PAGE_CARD_MESSAGES } from '../../../../lib/content/page-card';
import { startContentLanguage } from '../../../../lib/i18n/content-language';
import { setMessageSource, t, uiDirection, uiLocale } from '../../../../lib/i18n/i18n';
import { browserSource } from '../../../../lib/i18n/sources';
import { backgroundMessaging } from '../../../../lib/messaging/protocol';

beforeEach(() => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  setMessageSource(browserSource());
});
afterEach(() => {
  backgroundMessaging.removeAllListeners();
  setMessageSource(browserSource());
});

describe('content script language', () => {
  it('uses the chosen language’s messages the background sends, with their direction', async () => {
    const asked = vi.fn();
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => {
      asked(data.keys);
      return { locale: 'ar', messages: { floatingButtonLabel: { message: 'تحقّق' } } };
    });
    await startContentLanguage(PAGE_CARD_MESSAGES);
    expect(asked).toHaveBeenCalledWith([...PAGE_CARD_MESSAGES]);
    expect([t('floatingButtonLabel'), uiDirection(), uiLocale()]).toEqual(['تحقّق', 'rtl', 'ar']);
  });

  it('keeps the browser’s words when the background says to follow the browser', async () => {
    backgroundMessaging.onMessage('getInterfaceCatalogue', () => ({ locale: null }));
    await startContentLanguage(PAGE_CARD_MESSAGES);
    expect([t('floatingButtonLabel'), uiDirection()]).toEqual(['Fact-check', 'ltr']);
  });
});
