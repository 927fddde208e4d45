/**
 * Chrome's offscreen document (reason DOM_PARSER): reads evidence pages with the browser's own DOMParser and
 * Readability for the service worker, so the worker's bundle, parsed at every wake, carries neither linkedom
 * nor Readability (issue 27). It answers only our own worker: page text is untrusted, and a content script
 * could otherwise use it as a parser.
 */
import { browser } from 'wxt/browser';

import { createDomParserExtractor } from '../../lib/extract/dom-parser-extractor';
import { offscreenMessaging } from '../../lib/messaging/protocol';
import { isOwnWorker } from '../../lib/messaging/sender-policy';

const extractor = createDomParserExtractor();
const workerUrl = browser.runtime.getURL('/background.js');

offscreenMessaging.onMessage('extractArticle', (message) => {
  if (!isOwnWorker(message.sender, browser.runtime.id, workerUrl)) {
    // i18n-exempt: a refusal to a foreign sender, an error for developers, never shown in our interface.
    throw new Error('Refused "extractArticle" from a sender other than the service worker.');
  }
  return extractor.extract(message.data.html, message.data.url);
});
