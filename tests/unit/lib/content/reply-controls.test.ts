// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { createReplyControls } from '../../../../lib/content/reply-controls';
import { backgroundMessaging, type StartCheckRequest } from '../../../../lib/messaging/protocol';
import { claude } from '../../../../lib/sites/claude';
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
});

function replyButton(): HTMLButtonElement {
  createReplyControls(document, claude, { autoCheck: false }).scan(0);
  const host = document.querySelector<HTMLElement>('factlight-ui[data-factlight="reply-control"]')!;
  return host.shadowRoot!.querySelector('button')!;
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
