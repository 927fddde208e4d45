// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { createReplyControls, REPLY_CONTROL_MESSAGES } from '../../../../lib/content/reply-controls';
import { startContentLanguage } from '../../../../lib/i18n/content-language';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource } from '../../../../lib/i18n/sources';
import { backgroundMessaging, type StartCheckRequest } from '../../../../lib/messaging/protocol';
import { claude } from '../../../../lib/sites/claude';
import { catalogueKeysIn } from '../../support/catalogue-keys';
import { scriptedClick, userClick } from './user-click';

/** What the content script sent to the background. */
let started: StartCheckRequest[];

beforeEach(() => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  started = [];
  backgroundMessaging.onMessage('startCheck', ({ data }) => {
    started.push(data);
    return { ok: true, checkId: `check-${started.length}` };
  });
  // One finished Claude reply (its streaming flag is "false").
  document.body.innerHTML =
    '<div data-test-render-count="1"><div data-is-streaming="false"><div class="standard-markdown"><p>The Eiffel Tower is 330 m tall.</p></div></div></div>';
});

afterEach(() => {
  backgroundMessaging.removeAllListeners();
  document.body.replaceChildren();
  setMessageSource(browserSource());
});

function replyButton(): HTMLButtonElement {
  return withControls().button;
}

function withControls() {
  const controls = createReplyControls(document, claude, { autoCheck: false });
  controls.scan(0);
  const host = document.querySelector<HTMLElement>('factlight-ui[data-factlight="reply-control"]')!;
  return { controls, button: host.shadowRoot!.querySelector('button')! };
}

describe('the "Fact-check" control under a chatbot reply', () => {
  it('starts a check of the reply when the user clicks it', async () => {
    const button = replyButton();
    userClick(button);
    await expect.poll(() => button.textContent).toBe('Checked · see side panel');
    expect(started.map((request) => [request.origin, request.text])).toEqual([
      ['chatbot-reply', 'The Eiffel Tower is 330 m tall.'],
    ]);
  });

  it("ignores a click the page's script makes through our open shadow root (no paid check without the user)", async () => {
    const button = replyButton();
    scriptedClick(button);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    // A started check disables the button at once, before any message is answered.
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe('Fact-check');
    // The user's own click afterwards is the one and only check sent (a scripted one would be sent first).
    userClick(button);
    await expect.poll(() => button.textContent).toBe('Checked · see side panel');
    expect(started).toHaveLength(1);
  });
});

describe('a checked reply whose claims the page could not all show', () => {
  it('says how many instead of "Checked", and opens the check in the side panel', async () => {
    const opened: Array<{ checkId: string; claimId?: string }> = [];
    backgroundMessaging.onMessage('openInSidePanel', ({ data }) => void opened.push(data));
    const { controls, button } = withControls();
    userClick(button);
    await expect.poll(() => button.textContent).toBe('Checked · see side panel');
    const messageId = started[0]!.messageId!;

    controls.placed({ checkId: 'check-1', messageId, notShown: 3, total: 4 });
    expect(button.textContent).toBe('3 of 4 claims could not be shown on this page · Open side panel');
    expect(button.disabled).toBe(false);
    userClick(button);
    await expect.poll(() => opened).toEqual([{ checkId: 'check-1' }]);
    expect(started).toHaveLength(1); // the click opened the side panel, it did not check again

    // A later drawing that places them all (the page showed the reply again): "Checked" once more.
    controls.placed({ checkId: 'check-1', messageId, notShown: 0, total: 4 });
    expect(button.textContent).toBe('Checked · see side panel');
    expect(button.disabled).toBe(true);
  });

  it('keeps saying so when the site re-creates the reply and the control with it', async () => {
    const { controls, button } = withControls();
    userClick(button);
    await expect.poll(() => button.textContent).toBe('Checked · see side panel');
    controls.placed({ checkId: 'check-1', messageId: started[0]!.messageId!, notShown: 1, total: 1 });
    const reply = document.querySelector('[data-test-render-count]')!;
    document.querySelector('factlight-ui')!.remove();
    reply.replaceWith(reply.cloneNode(true));
    controls.scan(1);
    const again = document.querySelector('factlight-ui')!.shadowRoot!.querySelector('button')!;
    expect(again.textContent).toBe('1 of 1 claim could not be shown on this page · Open side panel');
  });

  it('ignores a drawing for a reply it did not check', () => {
    const { controls, button } = withControls();
    controls.placed({ checkId: 'other', messageId: 'not-started', notShown: 2, total: 2 });
    expect(button.textContent).toBe('Fact-check');
  });

  it('speaks a chosen interface language: the words chat.content.ts asks the background for', async () => {
    const arabic = JSON.parse(
      readFileSync(join(import.meta.dirname, '../../../../public/_locales/ar/messages.json'), 'utf8'),
    ) as Record<string, { message: string }>;
    backgroundMessaging.onMessage('getInterfaceCatalogue', ({ data }) => ({
      locale: 'ar',
      messages: Object.fromEntries(
        Object.entries(arabic).filter(([name]) => data.keys.some((key) => name === key || name.startsWith(`${key}_`))),
      ),
    }));
    await startContentLanguage(REPLY_CONTROL_MESSAGES);
    const { controls, button } = withControls();
    expect([button.textContent, button.getAttribute('aria-label')]).toEqual([
      arabic.floatingButtonLabel!.message,
      arabic.replyCheckName!.message,
    ]);
    userClick(button);
    await expect.poll(() => button.textContent).toBe(arabic.replyChecked!.message);
    controls.placed({ checkId: 'check-1', messageId: started[0]!.messageId!, notShown: 2, total: 2 });
    // Arabic's "two" form: a count of two said in words.
    expect(button.textContent).toBe(arabic.replyNotShown_two!.message.replace('$MISSING$', '2'));
    expect(button.getAttribute('aria-label')).toBe(`${button.textContent} (Factlight)`);
  });

  it('asks for every message it shows, so a chosen language has them all', () => {
    const used = catalogueKeysIn('lib/content/reply-controls.ts');
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((key) => !REPLY_CONTROL_MESSAGES.includes(key as never))).toEqual([]);
  });
});
