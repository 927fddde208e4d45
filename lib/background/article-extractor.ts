import type { ArticleExtractor } from '../core/ports';
import { createDomParserExtractor } from '../extract/dom-parser-extractor';

/**
 * The engine's `ArticleExtractor`: the browser's own `DOMParser` and Readability. The engine runs where there is a
 * DOM: Firefox's background page, and Chrome's offscreen document (offscreen-engine/: Chrome's MV3 worker has none,
 * and a wake of it is not sent the engine's code: issue 27).
 */
export function createBackgroundExtractor(): ArticleExtractor {
  return createDomParserExtractor();
}
