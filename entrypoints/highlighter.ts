/**
 * Injected by the background into a tab only when a check from that tab has results to draw, so the
 * script every page carries stays tiny. Runs in the content scripts' isolated world.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { installHighlighter } from '../lib/content/highlighter';
import { PAGE_CARD_MESSAGES } from '../lib/content/page-card';
import { startContentLanguage } from '../lib/i18n/content-language';

export default defineUnlistedScript(() => {
  const scope = globalThis as { __factlightHighlighter?: boolean };
  if (scope.__factlightHighlighter) return;
  scope.__factlightHighlighter = true;
  // The card's own words in a chosen interface language (else the browser's, as getMessage gives them).
  startContentLanguage(PAGE_CARD_MESSAGES).catch((error: unknown) =>
    console.warn('[factlight] interface language not received; the browser language is used', error),
  );
  installHighlighter(document);
});
