// @vitest-environment happy-dom
/**
 * The words of the script on every page: it asks the background (a real message round trip to a handler
 * standing in for it) and shows the words it gets, or keeps the browser's (`i18n.getMessage`).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { createFloatingButton, FLOATING_BUTTON_MESSAGES } from '../../../../lib/content/floating-button';
import { contentCount, contentWord, startContentWords } from '../../../../lib/i18n/content-words';
import { backgroundMessaging } from '../../../../lib/messaging/protocol';

function buttonShown() {
  createFloatingButton(document, () => undefined).show(new DOMRect(10, 10, 100, 20));
  const host = document.querySelector<HTMLElement>('factlight-ui[data-factlight="check-selection"]')!;
  return host.shadowRoot!.querySelector('button')!;
}

beforeEach(() => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
});
afterEach(async () => {
  // Back to following the browser for the next test.
  backgroundMessaging.removeAllListeners();
  backgroundMessaging.onMessage('getInterfaceCatalogue', () => ({ locale: null }));
  await startContentWords(FLOATING_BUTTON_MESSAGES);
  backgroundMessaging.removeAllListeners();
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
});

describe('the words of the script on every page', () => {
  it.each([
    {
      when: 'shows the chosen language’s words the background sends, with their direction',
      answer: {
        locale: 'ar',
        messages: { floatingButtonLabel: { message: 'تحقّق' }, floatingButtonName: { message: 'تحقّق من النص' } },
      },
      shown: ['تحقّق', 'تحقّق من النص', 'rtl', 'ar'],
    },
    {
      when: 'keeps the browser’s words when the background says to follow the browser',
      answer: { locale: null },
      shown: ['Fact-check', 'Fact-check the selected text with Factlight', 'ltr', 'en'],
    },
  ] as const)('$when', async ({ answer, shown }) => {
    const asked = vi.fn();
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => {
      asked(data.keys);
      return answer;
    });
    await startContentWords(FLOATING_BUTTON_MESSAGES);
    expect(asked).toHaveBeenCalledWith(['floatingButtonLabel', 'floatingButtonName']);
    const button = buttonShown();
    expect([button.textContent, button.getAttribute('aria-label'), button.dir, button.lang]).toEqual(shown);
  });

  it('says the key of a word the chosen catalogue lacks, as the translator does', async () => {
    backgroundMessaging.onMessage('getInterfaceCatalogue', () => ({ locale: 'pt_BR', messages: {} }));
    await startContentWords(FLOATING_BUTTON_MESSAGES);
    expect(contentWord('floatingButtonLabel')).toBe('floatingButtonLabel');
  });

  it('fills a message’s text parameters and says a count in the locale’s plural form and digits', async () => {
    backgroundMessaging.onMessage('getInterfaceCatalogue', () => ({ locale: null }));
    await startContentWords(['noticeNoAnswer', 'noticeCheckFirst']);
    expect(contentWord('noticeNoAnswer', 'Extension context invalidated.')).toBe(
      'Factlight did not answer (Extension context invalidated.). Reload the page and try again.',
    );
    expect([contentCount('noticeCheckFirst', 12000), contentCount('noticeCheckFirst', 1)]).toEqual([
      'Check the first 12,000 characters',
      'Check the first 1 character',
    ]);
  });

  it('says a count in a chosen language’s own plural forms (Arabic: two, few, many) from what the background sent', async () => {
    const asked = vi.fn();
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => {
      asked(data.keys);
      return {
        locale: 'ar',
        messages: {
          noticeCheckFirst_two: { message: 'تحقّق من أول حرفين' },
          noticeCheckFirst_few: { message: 'تحقّق من أول $COUNT$ أحرف', placeholders: { count: { content: '$1' } } },
          noticeCheckFirst_many: { message: 'تحقّق من أول $COUNT$ حرفًا', placeholders: { count: { content: '$1' } } },
          noticeCheckFirst_other: { message: 'تحقّق من أول $COUNT$ حرف', placeholders: { count: { content: '$1' } } },
        },
      };
    });
    await startContentWords(['noticeCheckFirst']);
    expect(asked).toHaveBeenCalledWith(['noticeCheckFirst']);
    const ar = (n: number) => new Intl.NumberFormat('ar').format(n);
    expect([2, 3, 11, 12000].map((n) => contentCount('noticeCheckFirst', n))).toEqual([
      'تحقّق من أول حرفين',
      `تحقّق من أول ${ar(3)} أحرف`,
      `تحقّق من أول ${ar(11)} حرفًا`,
      `تحقّق من أول ${ar(12000)} حرف`,
    ]);
  });
});
