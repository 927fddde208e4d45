import { browser } from 'wxt/browser';

import type { ArticleExtractor } from '../core/ports';
import { createDomParserExtractor } from '../extract/dom-parser-extractor';
import { offscreenMessaging } from '../messaging/protocol';
import { idleCloser } from './idle-closer';
import { closeOffscreenDocument, ensureOffscreenDocument, offscreenDocumentGone } from './offscreen-document';
import { READER_IDLE_MS } from './reader-idle';

/** Chrome's words when a message finds no document to answer it (closed, still loading, or closing as it came). */
const NO_RECEIVER = /Receiving end does not exist|message port closed|message channel closed/i;

/**
 * The background's `ArticleExtractor`. Firefox runs the background as a page, which has the browser's own
 * `DOMParser`. Chrome's MV3 service worker has no DOM, so it asks its offscreen document, which has one
 * (entrypoints/offscreen): the worker's bundle, parsed at every wake, then carries neither linkedom nor
 * Readability (issue 27). `import.meta.env.FIREFOX` is a build-time constant, so each build keeps one path.
 */
export function createBackgroundExtractor(idleMs = READER_IDLE_MS): ArticleExtractor {
  if (import.meta.env.FIREFOX) return createDomParserExtractor();
  const idle = idleCloser(idleMs, () => void closeOffscreenDocument());
  // A document an earlier life of the worker left open (it was stopped before its countdown ran out) is closed too,
  // unless this life reads a page first. Asked once, now, while the wake that loaded the engine keeps the worker up
  // anyway: a countdown armed for nothing would end in an extension call that keeps an idle worker alive 30 s more.
  void browser.offscreen
    .hasDocument()
    .then((open) => {
      if (open) idle.begin()();
    })
    .catch((error: unknown) => console.warn('[factlight] offscreen document not looked for', error));
  const read = async (html: string, url: string) => {
    await ensureOffscreenDocument();
    try {
      return await offscreenMessaging.sendMessage('extractArticle', { html, url });
    } catch (error) {
      // The document can be gone (closed by the browser) while we still thought it open: open it once more.
      if (!NO_RECEIVER.test(String(error))) throw error;
      offscreenDocumentGone();
      await ensureOffscreenDocument();
      return offscreenMessaging.sendMessage('extractArticle', { html, url });
    }
  };
  return {
    async extract(html, url) {
      const ended = idle.begin();
      try {
        return await read(html, url);
      } finally {
        ended();
      }
    },
  };
}
