import type { ArticleExtractor } from '../core/ports';
import { createDomParserExtractor } from '../extract/dom-parser-extractor';

/**
 * The background's `ArticleExtractor`. Firefox runs the background as a page, which has the browser's own
 * `DOMParser`; Chrome's MV3 service worker has no DOM, so it parses with linkedom. `import.meta.env.FIREFOX`
 * is a build-time constant and linkedom is reached only through the import below, so the Firefox build
 * ships without linkedom's ~200 kB (a static import would keep it: linkedom is not side-effect free). The
 * background is bundled into one classic script, so the import is inlined in the Chrome build.
 */
export function createBackgroundExtractor(): ArticleExtractor {
  if (import.meta.env.FIREFOX) return createDomParserExtractor();
  const linkedom = import('../extract/linkedom-extractor').then((module) => module.createLinkedomExtractor());
  return { extract: async (html, url) => (await linkedom).extract(html, url) };
}
