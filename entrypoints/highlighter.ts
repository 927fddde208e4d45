/**
 * Injected by the background into a tab only when a check from that tab has results to draw, so the
 * script every page carries stays tiny. Runs in the content scripts' isolated world.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { HIGHLIGHTER_MESSAGES, installHighlighter } from '../lib/content/highlighter';
import { startContentLanguage } from '../lib/i18n/content-language';

export default defineUnlistedScript(() => {
  const scope = globalThis as { __factlightHighlighter?: boolean };
  if (scope.__factlightHighlighter) return;
  scope.__factlightHighlighter = true;
  // The highlighter's words (card, notices, marks) in a chosen interface language (else the browser's, as
  // getMessage gives them).
  const language = startContentLanguage(HIGHLIGHTER_MESSAGES).catch((error: unknown) =>
    console.warn('[factlight] interface language not received; the browser language is used', error),
  );
  installHighlighter(document, language);
});
