// @vitest-environment happy-dom
/**
 * The script on every page, run as the browser runs it (its `main`), with the background answering through
 * the fake browser. happy-dom has no layout, so the selection and our controls are given boxes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ContentScriptContext } from 'wxt/utils/content-script-context';

import definition from '../../../entrypoints/content';
import { MIN_SHOWN_MS } from '../../../lib/content/click-guard';
import type { StartCheckResult } from '../../../lib/messaging/protocol';
import { putOnScreen, userClick } from '../lib/content/user-click';
import { fakeBackground } from '../support/panel-harness';

/** The event WXT's context listens for (private in WXT's types: a page builds the same name from our id). */
const STARTED_EVENT = (ContentScriptContext as unknown as { SCRIPT_STARTED_MESSAGE_TYPE: string })
  .SCRIPT_STARTED_MESSAGE_TYPE;

/** Every window listener the script adds, removed after each test (each test runs `main` anew). */
let added: Array<[string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]> = [];
let rects: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  document.body.innerHTML = '<p id="a">The tower is 330 m tall. It opened in 1889.</p><p id="b">Other text.</p>';
  const realAdd = window.addEventListener.bind(window);
  added = [];
  vi.spyOn(window, 'addEventListener').mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    realAdd(type, listener, options);
  });
  rects = vi.fn(() => new DOMRect(20, 100, 300, 18));
  Range.prototype.getBoundingClientRect = rects as never;
});
afterEach(() => {
  for (const [type, listener, options] of added) window.removeEventListener(type, listener, options);
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
  vi.useRealTimers();
  fakeBrowser.reset();
});

function select(id: string): void {
  const range = document.createRange();
  range.selectNodeContents(document.getElementById(id)!);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
}

function trusted<E extends Event>(event: E): E {
  Object.defineProperty(event, 'isTrusted', { value: true });
  return event;
}

const shadowOf = (name: string) =>
  document.querySelector<HTMLElement>(`factlight-ui[data-factlight="${name}"]`)?.shadowRoot ?? null;
const buttonHost = () => document.querySelector<HTMLElement>('factlight-ui[data-factlight="check-selection"]');

function run(answers: Parameters<typeof fakeBackground>[0] = {}) {
  const sent = fakeBackground({
    getCaptureSettings: () => ({ floatingButton: true, autoCheckReplies: false }),
    ...answers,
  });
  (definition.main as (ctx: unknown) => void)({});
  return sent;
}

/** Waits for the shown button, lets the reader see it, and clicks it as a person would. */
async function pressButton(): Promise<void> {
  await vi.waitFor(() => expect(buttonHost()?.style.display).toBe(''));
  const button = shadowOf('check-selection')!.querySelector('button')!;
  const at = putOnScreen(button);
  vi.advanceTimersByTime(MIN_SHOWN_MS);
  userClick(button, { clientX: at.x, clientY: at.y });
}

describe('the script on every page', () => {
  it('listens from document_start and posts nothing to the page', () => {
    expect(definition.runAt).toBe('document_start');
    expect(definition.noScriptStartedPostMessage).toBe(true);
  });

  it("shows no button for a mouseup or keyup the page dispatches, only for the reader's own", async () => {
    run();
    select('a');
    document.getElementById('a')!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    document
      .getElementById('a')!
      .dispatchEvent(new KeyboardEvent('keyup', { key: 'Shift', shiftKey: true, bubbles: true }));
    document.getElementById('a')!.dispatchEvent(trusted(new MouseEvent('mouseup', { bubbles: true })));
    await vi.waitFor(() => expect(buttonHost()?.style.display).toBe(''));
    // Only the trusted mouseup placed the button (one box read for it); the page's events reached nothing.
    expect(rects).toHaveBeenCalledTimes(1);
  });

  it("keeps its button when the page forges WXT's content-script-started event (WXT's real context)", async () => {
    fakeBackground({ getCaptureSettings: () => ({ floatingButton: true, autoCheckReplies: false }) });
    const ctx = new ContentScriptContext('content', definition);
    (definition.main as (ctx: ContentScriptContext) => void)(ctx);
    // What a page that knows our id can do: name the event as WXT does, with another script's message id.
    document.dispatchEvent(
      new CustomEvent(STARTED_EVENT, {
        detail: { contentScriptName: 'content', messageId: 'forged-by-the-page' },
      }),
    );
    expect(ctx.isInvalid).toBe(true); // the forgery reaches WXT: its context is aborted
    select('a');
    document.body.dispatchEvent(trusted(new MouseEvent('mouseup', { bubbles: true })));
    await vi.waitFor(() => expect(buttonHost()?.style.display).toBe(''));
  });

  it('shows the button after a keyboard selection of any kind (Ctrl+A released as "a")', async () => {
    run();
    select('a');
    document.body.dispatchEvent(trusted(new KeyboardEvent('keyup', { key: 'a', ctrlKey: true, bubbles: true })));
    await vi.waitFor(() => expect(buttonHost()?.style.display).toBe(''));
  });

  it('shows progress at once, then a refusal at the selection with the offer, which checks the first part', async () => {
    let answer: StartCheckResult = {
      ok: false,
      error: 'The text is too long to check at once (60,000 characters; the limit is 50,000). Check a part of it.',
      limit: 50_000,
    };
    let started!: () => void;
    const sent = run({
      checkSelectionHere: () => new Promise((resolve) => (started = () => resolve(answer))),
    });
    select('a');
    document.body.dispatchEvent(trusted(new MouseEvent('mouseup', { bubbles: true })));
    await pressButton();
    expect(shadowOf('progress')?.textContent).toContain('Checking…');
    await vi.waitFor(() => expect(sent.map((command) => command.type)).toContain('checkSelectionHere'));
    started();

    await vi.waitFor(() => expect(shadowOf('notice')).not.toBeNull());
    expect(shadowOf('progress')).toBeNull();
    const notice = shadowOf('notice')!;
    expect(notice.querySelector('p')!.textContent).toBe(answer.ok ? '' : answer.error);
    const offer = notice.querySelector<HTMLElement>('[data-testid="factlight-notice-offer"]')!;
    expect(offer.textContent).toBe('Check the first 50,000 characters');

    // The page moved the selection meanwhile; the offer checks the selection the refusal was about.
    select('b');
    const at = putOnScreen(offer);
    vi.advanceTimersByTime(MIN_SHOWN_MS);
    answer = { ok: true, checkId: 'check-1' };
    userClick(offer, { clientX: at.x, clientY: at.y });
    await vi.waitFor(() =>
      expect(sent.filter((command) => command.type === 'checkSelectionHere').map((command) => command.data)).toEqual([
        {},
        { limit: 50_000 },
      ]),
    );
    expect(document.getSelection()!.toString()).toBe('The tower is 330 m tall. It opened in 1889.');
    started();
    await vi.waitFor(() => expect(shadowOf('progress')).not.toBeNull());
    expect(shadowOf('notice')).toBeNull();
  });

  it('says so at the selection when the background does not answer at all', async () => {
    run({
      checkSelectionHere: () => {
        throw new Error('Extension context invalidated.');
      },
    });
    select('a');
    document.body.dispatchEvent(trusted(new MouseEvent('mouseup', { bubbles: true })));
    await pressButton();
    await vi.waitFor(() => expect(shadowOf('notice')).not.toBeNull());
    expect(shadowOf('notice')!.querySelector('p')!.textContent).toMatch(/^Factlight did not answer/);
  });
});
