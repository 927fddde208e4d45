import { defineContentScript } from 'wxt/utils/define-content-script';

/**
 * Injected into every page, so it must stay tiny and idle: it reads nothing and sends nothing until the
 * user selects text (selection capture and in-page highlights arrive with the in-page issue).
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main() {},
});
