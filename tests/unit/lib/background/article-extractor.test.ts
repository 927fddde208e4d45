/**
 * Chrome's page reader as the engine uses it (lib/background/article-extractor.ts): the offscreen document is opened
 * for a read, closed once no page has been read for the idle time, and opened again by the next read. fake-browser has
 * no `offscreen`: a small model of Chrome's is recorded here, and the document's answer is a listener on the same
 * messaging protocol the real document uses, present only while the modelled document is open.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { createBackgroundExtractor } from '../../../../lib/background/article-extractor';
import { offscreenDocumentGone } from '../../../../lib/background/offscreen-document';
import { offscreenMessaging } from '../../../../lib/messaging/protocol';

const IDLE_MS = 1_000;
let open: boolean;
let opened: number;
let closed: number;
let removeListener: (() => void) | undefined;
/** What the modelled document does with one read: answer, close as it comes, fail, or answer once released. */
let answerNext: 'answer' | 'closing' | 'failing' | 'held';
/** Releases a held read. */
let release: (() => void) | undefined;

function documentOpens() {
  open = true;
  opened++;
  removeListener = offscreenMessaging.onMessage('extractArticle', async ({ data }) => {
    if (answerNext === 'failing') {
      answerNext = 'answer';
      throw new Error('Readability threw on this page');
    }
    if (answerNext === 'held') {
      answerNext = 'answer';
      await new Promise<void>((resolve) => (release = resolve));
    }
    if (answerNext === 'closing') {
      answerNext = 'answer';
      documentCloses();
      throw new Error(
        'A listener indicated an asynchronous response by returning true, but the message channel closed before a response was received',
      );
    }
    return { title: 'T', text: `read ${data.url}` };
  });
}

function documentCloses() {
  open = false;
  removeListener?.();
  removeListener = undefined;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fakeBrowser.reset();
  offscreenDocumentGone();
  open = false;
  opened = 0;
  closed = 0;
  answerNext = 'answer';
  (fakeBrowser as unknown as Record<string, unknown>).offscreen = {
    hasDocument: vi.fn(async () => open),
    createDocument: vi.fn(async () => {
      if (open) throw new Error('Only a single offscreen document may be created.');
      documentOpens();
    }),
    closeDocument: vi.fn(async () => {
      if (!open) throw new Error('No current offscreen document.');
      documentCloses();
      closed++;
    }),
  };
});

afterEach(() => {
  documentCloses();
  vi.useRealTimers();
});

describe('createBackgroundExtractor (Chrome)', () => {
  it('closes the document once no page has been read for the idle time, and opens it again for the next read', async () => {
    const extractor = createBackgroundExtractor(IDLE_MS);
    await expect(extractor.extract('<p>a</p>', 'https://a.example/')).resolves.toMatchObject({
      text: 'read https://a.example/',
    });
    await extractor.extract('<p>b</p>', 'https://b.example/');
    expect({ opened, closed, open }).toEqual({ opened: 1, closed: 0, open: true });

    await vi.advanceTimersByTimeAsync(IDLE_MS - 1);
    expect(open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect({ opened, closed, open }).toEqual({ opened: 1, closed: 1, open: false });

    await expect(extractor.extract('<p>c</p>', 'https://c.example/')).resolves.toMatchObject({
      text: 'read https://c.example/',
    });
    expect({ opened, closed, open }).toEqual({ opened: 2, closed: 1, open: true });
  });

  it('keeps the document open while reads follow each other within the idle time', async () => {
    const extractor = createBackgroundExtractor(IDLE_MS);
    for (const page of ['a', 'b', 'c', 'd']) {
      await extractor.extract('<p></p>', `https://${page}.example/`);
      await vi.advanceTimersByTimeAsync(IDLE_MS - 100);
    }
    expect({ opened, closed }).toEqual({ opened: 1, closed: 0 });
  });

  it('reads the page again in a new document when the old one closed as the read came', async () => {
    const extractor = createBackgroundExtractor(IDLE_MS);
    await extractor.extract('<p>a</p>', 'https://a.example/');
    answerNext = 'closing';
    await expect(extractor.extract('<p>b</p>', 'https://b.example/')).resolves.toMatchObject({
      text: 'read https://b.example/',
    });
    expect({ opened, open }).toEqual({ opened: 2, open: true });
  });

  it('closes a document an earlier life of the worker left open, when this life reads nothing', async () => {
    documentOpens();
    createBackgroundExtractor(IDLE_MS);
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect({ closed, open }).toEqual({ closed: 1, open: false });
  });

  it('never closes the document while a read is in flight, however long it takes', async () => {
    const extractor = createBackgroundExtractor(IDLE_MS);
    await extractor.extract('<p>a</p>', 'https://a.example/');
    answerNext = 'held';
    const slow = extractor.extract('<p>b</p>', 'https://b.example/');
    await vi.advanceTimersByTimeAsync(3 * IDLE_MS);
    expect({ closed, open }).toEqual({ closed: 0, open: true });
    release?.();
    await expect(slow).resolves.toMatchObject({ text: 'read https://b.example/' });
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect({ closed, open }).toEqual({ closed: 1, open: false });
  });

  it('closes the document after a read that failed, as after one that answered', async () => {
    const extractor = createBackgroundExtractor(IDLE_MS);
    answerNext = 'failing';
    await expect(extractor.extract('<p>a</p>', 'https://a.example/')).rejects.toThrow('Readability threw');
    await vi.advanceTimersByTimeAsync(IDLE_MS);
    expect({ closed, open }).toEqual({ closed: 1, open: false });
  });

  it('looks once for a document when it starts, and arms nothing when there is none', async () => {
    const offscreen = (fakeBrowser as unknown as { offscreen: { hasDocument: ReturnType<typeof vi.fn> } }).offscreen;
    createBackgroundExtractor(IDLE_MS);
    await vi.advanceTimersByTimeAsync(3 * IDLE_MS);
    expect(offscreen.hasDocument).toHaveBeenCalledTimes(1);
    expect(closed).toBe(0);
  });
});
