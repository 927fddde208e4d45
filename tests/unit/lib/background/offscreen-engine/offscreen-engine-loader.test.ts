/**
 * Chrome's engine loader (issue 27, offscreen-engine-loader.ts): each engine call is a message to the offscreen
 * document, opened first; a document found gone is opened again once; the document's idle close is refused while a
 * call of the worker's is on its way to it.
 */
import { describe, expect, it, vi } from 'vitest';

import {
  type OffscreenEngineChannel,
  offscreenEngineLoader,
} from '../../../../../lib/background/offscreen-engine/offscreen-engine-loader';

const NO_RECEIVER = new Error('Could not establish connection. Receiving end does not exist.');

function channel(send: OffscreenEngineChannel['send'] = async () => 'answered', open = true) {
  return {
    open: vi.fn(async () => undefined),
    gone: vi.fn(),
    isOpen: vi.fn(async () => open),
    send: vi.fn(send),
    close: vi.fn(async () => undefined),
  };
}

/** A send that waits until the test lets it answer. */
function heldSend() {
  let answer!: (value: unknown) => void;
  const send = vi.fn(() => new Promise<unknown>((resolve) => (answer = resolve)));
  return { send, answer: (value: unknown) => answer(value) };
}

describe('offscreenEngineLoader', () => {
  it('opens the document before each call and answers with the document’s answer', async () => {
    const browser = channel();
    const loader = offscreenEngineLoader(browser);
    expect(loader.loaded()).toBe(false);
    await expect(loader.get().dispatch('getStatus' as never, { a: 1 }, { url: 'x' })).resolves.toBe('answered');
    expect(loader.loaded()).toBe(true);
    expect(browser.open).toHaveBeenCalledTimes(1);
    expect(browser.open.mock.invocationCallOrder[0]).toBeLessThan(browser.send.mock.invocationCallOrder[0]!);
    expect(browser.send).toHaveBeenCalledWith('dispatch', ['getStatus', { a: 1 }, { url: 'x' }]);
  });

  it('opens the document again once when the message found no receiver, and sends again', async () => {
    const browser = channel();
    browser.send.mockRejectedValueOnce(NO_RECEIVER);
    const loader = offscreenEngineLoader(browser);
    await expect(loader.get().placeOf('check-5')).resolves.toBe('answered');
    expect(browser.gone).toHaveBeenCalledTimes(1);
    expect(browser.open).toHaveBeenCalledTimes(2);
    expect(browser.send).toHaveBeenCalledTimes(2);
    expect(browser.gone.mock.invocationCallOrder[0]).toBeLessThan(browser.open.mock.invocationCallOrder[1]!);
  });

  it('counts a closed message port as no receiver too', async () => {
    const browser = channel();
    browser.send.mockRejectedValueOnce(new Error('The message port closed before a response was received.'));
    await expect(offscreenEngineLoader(browser).get().placeOf('check-5')).resolves.toBe('answered');
    expect(browser.send).toHaveBeenCalledTimes(2);
  });

  it('opens it again only once: a second miss fails the call', async () => {
    const browser = channel(async () => {
      throw NO_RECEIVER;
    });
    await expect(offscreenEngineLoader(browser).get().placeOf('check-5')).rejects.toBe(NO_RECEIVER);
    expect(browser.open).toHaveBeenCalledTimes(2);
    expect(browser.send).toHaveBeenCalledTimes(2);
  });

  it('does not reopen for the engine’s own errors: the call fails with them', async () => {
    const failure = new Error('The model server did not answer.');
    const browser = channel(async () => {
      throw failure;
    });
    await expect(offscreenEngineLoader(browser).get().placeOf('check-5')).rejects.toBe(failure);
    expect(browser.gone).not.toHaveBeenCalled();
    expect(browser.open).toHaveBeenCalledTimes(1);
    expect(browser.send).toHaveBeenCalledTimes(1);
  });

  it('refuses the idle close while a call is on its way, and closes once none is', async () => {
    const { send, answer } = heldSend();
    const browser = channel(send);
    const loader = offscreenEngineLoader(browser);
    const pending = loader.get().placeOf('check-5');
    await vi.waitFor(() => expect(send).toHaveBeenCalled());
    await loader.closeIfIdle();
    expect(browser.close).not.toHaveBeenCalled();
    answer('answered');
    await pending;
    await loader.closeIfIdle();
    expect(browser.close).toHaveBeenCalledTimes(1);
  });

  it('counts a call that failed as over', async () => {
    const browser = channel(async () => {
      throw new Error('failed');
    });
    const loader = offscreenEngineLoader(browser);
    await expect(loader.get().placeOf('check-5')).rejects.toThrow('failed');
    await loader.closeIfIdle();
    expect(browser.close).toHaveBeenCalledTimes(1);
  });

  it('counts a call as on its way while the document is still opening', async () => {
    let opened!: () => void;
    const browser = channel();
    browser.open.mockImplementationOnce(() => new Promise<undefined>((resolve) => (opened = () => resolve(undefined))));
    const loader = offscreenEngineLoader(browser);
    const pending = loader.get().placeOf('check-5');
    await loader.closeIfIdle();
    expect(browser.close).not.toHaveBeenCalled();
    opened();
    await pending;
  });

  it('only logs the failure of a call nobody awaits', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const browser = channel(async () => {
      throw new Error('failed');
    });
    const engine = offscreenEngineLoader(browser).get();
    expect(engine.resume()).toBeUndefined();
    engine.pruneCache();
    engine.pruneHistory(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(3));
    expect(browser.send).toHaveBeenCalledWith('pruneHistory', [true]);
  });

  it('sends tab events only to a document that is open, opening none for them', async () => {
    const closed = channel(undefined, false);
    const closedEngine = offscreenEngineLoader(closed).get();
    closedEngine.tabRemoved(3);
    closedEngine.tabNavigated(3);
    await vi.waitFor(() => expect(closed.isOpen).toHaveBeenCalledTimes(2));
    // Every callback its answer queued has run (a macrotask comes after all of them).
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed.open).not.toHaveBeenCalled();
    expect(closed.send).not.toHaveBeenCalled();

    const open = channel(undefined, true);
    const openEngine = offscreenEngineLoader(open).get();
    openEngine.tabRemoved(3);
    openEngine.tabNavigated(4);
    await vi.waitFor(() => expect(open.send).toHaveBeenCalledTimes(2));
    expect(open.send).toHaveBeenCalledWith('tabRemoved', [3]);
    expect(open.send).toHaveBeenCalledWith('tabNavigated', [4]);
  });
});
