/**
 * The offscreen document as Chrome keeps it: at most one ("Only a single offscreen document may be
 * created."), so concurrent wakes share one creation and an existing one is reused. fake-browser has no
 * `offscreen`, so a small model of Chrome's is recorded here.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import {
  closeOffscreenDocument,
  ensureOffscreenDocument,
  offscreenDocumentGone,
} from '../../../../lib/background/offscreen-document';

let exists: boolean;
let failNext: Error | undefined;
let created: number;
let attempts: number;
let closes: number;

beforeEach(() => {
  // Each test starts as a fresh worker would: nothing opened yet.
  offscreenDocumentGone();
  exists = false;
  failNext = undefined;
  created = 0;
  attempts = 0;
  closes = 0;
  (fakeBrowser as unknown as Record<string, unknown>).offscreen = {
    hasDocument: vi.fn(async () => exists),
    createDocument: vi.fn(async (parameters: { url: string; reasons: string[] }) => {
      expect(parameters).toMatchObject({ url: '/offscreen.html', reasons: ['DOM_PARSER'] });
      attempts++;
      await Promise.resolve();
      if (failNext) throw failNext;
      if (exists) throw new Error('Only a single offscreen document may be created.');
      exists = true;
      created++;
    }),
    // Chrome reports the document until its close has finished, and refuses a close with none open.
    closeDocument: vi.fn(async () => {
      if (!exists) throw new Error('No current offscreen document.');
      await Promise.resolve();
      await Promise.resolve();
      exists = false;
      closes++;
    }),
  };
});

describe('ensureOffscreenDocument', () => {
  it('creates one document for concurrent callers', async () => {
    await Promise.all([ensureOffscreenDocument(), ensureOffscreenDocument(), ensureOffscreenDocument()]);
    expect(attempts).toBe(1);
    await ensureOffscreenDocument();
    expect(attempts).toBe(1);
  });

  it('reuses a document a previous worker opened', async () => {
    exists = true;
    await ensureOffscreenDocument();
    expect(created).toBe(0);
  });

  it('takes a document another context created in the meantime', async () => {
    failNext = new Error('Only a single offscreen document may be created.');
    exists = false;
    const offscreen = (fakeBrowser as unknown as { offscreen: { hasDocument: ReturnType<typeof vi.fn> } }).offscreen;
    // First look: none; after the refused creation: there is one.
    offscreen.hasDocument.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await expect(ensureOffscreenDocument()).resolves.toBeUndefined();
  });

  it('fails when it cannot open one, and tries again on the next call', async () => {
    failNext = new Error('Offscreen documents are not allowed here');
    await expect(ensureOffscreenDocument()).rejects.toThrow('not allowed');
    failNext = undefined;
    await ensureOffscreenDocument();
    expect(created).toBe(1);
  });

  it('opens a new one once told the old one is gone', async () => {
    await ensureOffscreenDocument();
    exists = false;
    offscreenDocumentGone();
    await ensureOffscreenDocument();
    expect(created).toBe(2);
  });
});

describe('closeOffscreenDocument', () => {
  it('closes the open document, and the next read opens a new one', async () => {
    await ensureOffscreenDocument();
    await closeOffscreenDocument();
    expect(exists).toBe(false);
    await ensureOffscreenDocument();
    expect({ created, closes, exists }).toEqual({ created: 2, closes: 1, exists: true });
  });

  it('makes an opening asked for during the close wait for it, so it opens a new document', async () => {
    await ensureOffscreenDocument();
    const closed = closeOffscreenDocument();
    const opened = ensureOffscreenDocument();
    await Promise.all([closed, opened]);
    expect({ created, closes, exists }).toEqual({ created: 2, closes: 1, exists: true });
  });

  it('waits for an opening under way before closing', async () => {
    const opened = ensureOffscreenDocument();
    await closeOffscreenDocument();
    await opened;
    expect({ created, closes, exists }).toEqual({ created: 1, closes: 1, exists: false });
  });

  it('does nothing, and throws nothing, when no document is open', async () => {
    await expect(closeOffscreenDocument()).resolves.toBeUndefined();
    expect(closes).toBe(0);
  });
});
