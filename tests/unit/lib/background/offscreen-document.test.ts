/**
 * The offscreen document as Chrome keeps it: at most one ("Only a single offscreen document may be
 * created."), so concurrent wakes share one creation and an existing one is reused. fake-browser has no
 * `offscreen`, so a small model of Chrome's is recorded here.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { ensureOffscreenDocument, offscreenDocumentGone } from '../../../../lib/background/offscreen-document';

let exists: boolean;
let failNext: Error | undefined;
let created: number;
let attempts: number;

beforeEach(() => {
  // Each test starts as a fresh worker would: nothing opened yet.
  offscreenDocumentGone();
  exists = false;
  failNext = undefined;
  created = 0;
  attempts = 0;
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
