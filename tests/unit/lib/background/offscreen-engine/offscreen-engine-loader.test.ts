/**
 * Chrome's engine loader (issue 27, offscreen-engine-loader.ts): each engine call is a message to the offscreen
 * document, opened first; a document found gone is opened again once; the document's idle close is refused while a
 * call of the worker's is on its way to it.
 */
import { describe, expect, it, vi } from 'vitest';

import { DOCUMENT_CLOSING } from '../../../../../lib/background/offscreen-engine/engine-port';
import {
  type OffscreenEngineChannel,
  offscreenEngineLoader,
} from '../../../../../lib/background/offscreen-engine/offscreen-engine-loader';

const NO_RECEIVER = new Error('Could not establish connection. Receiving end does not exist.');

function channel(send: OffscreenEngineChannel['send'] = async () => 'answered') {
  return {
    open: vi.fn(async () => undefined),
    gone: vi.fn(),
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

  it('sends tab events to the engine, opening its document if need be (the router sends them only when they matter)', async () => {
    const closed = channel();
    const engine = offscreenEngineLoader(closed).get();
    engine.tabRemoved(3);
    engine.tabNavigated(4);
    await vi.waitFor(() => expect(closed.send).toHaveBeenCalledTimes(2));
    expect(closed.send).toHaveBeenCalledWith('tabRemoved', [3]);
    expect(closed.send).toHaveBeenCalledWith('tabNavigated', [4]);
    expect(closed.open).toHaveBeenCalledTimes(2);
  });

  it('closes a document that refused a call as closing before it opens a new one, and sends the call there', async () => {
    const browser = channel();
    browser.send.mockRejectedValueOnce(new Error(DOCUMENT_CLOSING));
    await expect(offscreenEngineLoader(browser).get().placeOf('check-5')).resolves.toBe('answered');
    expect(browser.close).toHaveBeenCalledTimes(1);
    expect(browser.close.mock.invocationCallOrder[0]).toBeLessThan(browser.open.mock.invocationCallOrder[1]!);
    expect(browser.send).toHaveBeenCalledTimes(2);
  });

  it('says the engine is not loaded once its document has closed when idle or gone, until a call opens one', async () => {
    const browser = channel();
    const loader = offscreenEngineLoader(browser);
    await loader.get().placeOf('check-5');
    expect(loader.loaded()).toBe(true);
    await loader.closeIfIdle();
    expect(loader.loaded()).toBe(false);
    await loader.get().placeOf('check-5');
    expect(loader.loaded()).toBe(true);
    loader.documentGone();
    expect(loader.loaded()).toBe(false);
  });

  it('stays loaded when a document goes while a call is on its way (that call opens the next one)', async () => {
    const held = heldSend();
    const browser = channel(held.send);
    const loader = offscreenEngineLoader(browser);
    const pending = loader.get().placeOf('check-5');
    await vi.waitFor(() => expect(held.send).toHaveBeenCalled());
    loader.documentGone();
    expect(loader.loaded()).toBe(true);
    held.answer('answered');
    await pending;
  });
});
