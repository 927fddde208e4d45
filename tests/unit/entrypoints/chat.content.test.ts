// @vitest-environment happy-dom
/**
 * The chatbot content script, run as WXT runs it: its `main` with WXT's real ContentScriptContext, on a
 * Claude page, with the background answering through the fake browser.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';

import definition from '../../../entrypoints/chat.content';
import { backgroundMessaging, pageMessaging } from '../../../lib/messaging/protocol';

/** The event WXT's context listens for (private in WXT's types: a page builds the same name from our id). */
const STARTED_EVENT = (ContentScriptContext as unknown as { SCRIPT_STARTED_MESSAGE_TYPE: string })
  .SCRIPT_STARTED_MESSAGE_TYPE;

const REPLY = (text: string) =>
  `<div data-test-render-count="1"><div data-is-streaming="false"><div class="standard-markdown"><p>${text}</p></div></div></div>`;
const controls = () => document.querySelectorAll('factlight-ui[data-factlight="reply-control"]').length;

beforeEach(() => {
  fakeBrowser.reset();
  backgroundMessaging.removeAllListeners();
  backgroundMessaging.onMessage('getCaptureSettings', () => ({ floatingButton: true, autoCheckReplies: false }));
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://claude.ai/chat/1');
  document.body.innerHTML = `<main>${REPLY('The Eiffel Tower is 330 m tall.')}</main>`;
});
afterEach(() => {
  vi.restoreAllMocks();
  backgroundMessaging.removeAllListeners();
  pageMessaging.removeAllListeners();
  document.body.replaceChildren();
});

async function start(): Promise<ContentScriptContext> {
  const ctx = new ContentScriptContext('chat', definition);
  await definition.main(ctx);
  expect(controls()).toBe(1);
  return ctx;
}

describe('the chatbot content script', () => {
  it("keeps putting controls under new replies after the page forges WXT's content-script-started event", async () => {
    const ctx = await start();
    // What a page that knows our id can do: name the event as WXT does, with another script's message id.
    document.dispatchEvent(
      new CustomEvent(STARTED_EVENT, {
        detail: { contentScriptName: 'chat', messageId: 'forged-by-the-page' },
      }),
    );
    expect(ctx.isInvalid).toBe(true); // the forgery reaches WXT: its context is aborted
    document.querySelector('main')!.insertAdjacentHTML('beforeend', REPLY('Mount Everest is 8,849 m high.'));
    await expect.poll(controls, { timeout: 5_000 }).toBe(2);
  });

  it('stops, as WXT would have it, once its extension is gone (a copy left behind by an update)', async () => {
    await start();
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    fakeBrowser.runtime.id = undefined as never;
    document.querySelector('main')!.insertAdjacentHTML('beforeend', REPLY('Mount Everest is 8,849 m high.'));
    // The change was seen, and instead of a scan the copy stopped watching.
    await expect.poll(() => disconnect.mock.calls.length).toBeGreaterThan(0);
    expect(controls()).toBe(1);
  });
});
