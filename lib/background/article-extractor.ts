import type { ArticleExtractor } from '../core/ports';
import { createDomParserExtractor } from '../extract/dom-parser-extractor';
import { offscreenMessaging } from '../messaging/protocol';
import { ensureOffscreenDocument, offscreenDocumentGone } from './offscreen-document';

/**
 * The background's `ArticleExtractor`. Firefox runs the background as a page, which has the browser's own
 * `DOMParser`. Chrome's MV3 service worker has no DOM, so it asks its offscreen document, which has one
 * (entrypoints/offscreen): the worker's bundle, parsed at every wake, then carries neither linkedom nor
 * Readability (issue 27). `import.meta.env.FIREFOX` is a build-time constant, so each build keeps one path.
 */
export function createBackgroundExtractor(): ArticleExtractor {
  if (import.meta.env.FIREFOX) return createDomParserExtractor();
  return {
    async extract(html, url) {
      await ensureOffscreenDocument();
      try {
        return await offscreenMessaging.sendMessage('extractArticle', { html, url });
      } catch (error) {
        // The document can be gone (closed by the browser) while we still thought it open: open it once more.
        if (!/Receiving end does not exist|message port closed/i.test(String(error))) throw error;
        offscreenDocumentGone();
        await ensureOffscreenDocument();
        return offscreenMessaging.sendMessage('extractArticle', { html, url });
      }
    },
  };
}
