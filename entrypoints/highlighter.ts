/**
 * Injected by the background into a tab only when a check from that tab has results to draw, so the
 * script every page carries stays tiny. Runs in the content scripts' isolated world.
 */
import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';

import { installHighlighter } from '../lib/content/highlighter';

export default defineUnlistedScript(() => {
  const scope = globalThis as { __factlightHighlighter?: boolean };
  if (scope.__factlightHighlighter) return;
  scope.__factlightHighlighter = true;
  installHighlighter(document);
});
