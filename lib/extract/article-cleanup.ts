/**
 * The cleanup pass on the article Readability picked. It looks at each leaf block (a paragraph, list
 * item, heading or div without nested blocks) and removes:
 * - recirculation: blocks whose text is mostly links to other pages of the same site ("Related: <a>…</a>",
 *   lists of headlines, menus), and a short label right before a run of them ("More:", "DON'T MISS").
 *   Blocks of links to *other* sites are kept: those are citations, sources and products the article is
 *   about (a gift guide's list of shop links is its content);
 * - furniture recognised by its wording (captions and credits, date lines, calls to subscribe; see
 *   `boilerplate-text.ts`).
 */
import { hostOf } from '../core/text/hosts';
import { BLOCK_TAGS } from '../text/dom-walk';
import { linkDensity, textOf } from './boilerplate';
import { countWords, furnitureReason } from './boilerplate-text';

/** A block whose text is at least this share link text is a link list, not prose. */
const LINK_LIST_DENSITY = 0.6;
/** Longer blocks are kept even when linked: a long paragraph that links out is still prose. */
const LINK_LIST_MAX_WORDS = 50;
/** A block this short before a run of link lists is its label. */
const LABEL_MAX_WORDS = 6;

interface Leaf {
  element: Element;
  words: number;
  recirculation: boolean;
  remove: boolean;
}

function hasBlockChild(element: Element): boolean {
  for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
    if (BLOCK_TAGS.has(child.tagName.toUpperCase()) || hasBlockChild(child)) return true;
  }
  return false;
}

/** Leaf blocks under `root` in document order. */
function leafBlocks(root: Element): Element[] {
  const leaves: Element[] = [];
  const walk = (element: Element): void => {
    for (let child = element.firstElementChild; child; child = child.nextElementSibling) {
      if (!BLOCK_TAGS.has(child.tagName.toUpperCase())) continue;
      if (hasBlockChild(child)) walk(child);
      else leaves.push(child);
    }
  };
  walk(root);
  return leaves;
}

/** Whether most links of `element` (by text length) lead to the page's own site. */
function linksStayOnSite(element: Element, pageUrl: string): boolean {
  const site = hostOf(pageUrl);
  let own = 0;
  let other = 0;
  for (const link of Array.from(element.querySelectorAll('a'))) {
    const length = textOf(link).length;
    const target = hostOf(link.getAttribute('href') ?? '', { base: pageUrl });
    if (target !== undefined && target === site) own += length;
    else other += length;
  }
  return own > other;
}

/**
 * Removes recirculation link lists and furniture from Readability's article element, in place. `pageUrl`
 * is the page's address, against which relative links are resolved.
 */
export function cleanArticle(root: Element, pageUrl: string): void {
  const leaves: Leaf[] = leafBlocks(root).map((element) => {
    const text = textOf(element);
    const words = countWords(text);
    const recirculation =
      words > 0 &&
      words <= LINK_LIST_MAX_WORDS &&
      linkDensity(element, text.length) >= LINK_LIST_DENSITY &&
      linksStayOnSite(element, pageUrl);
    return { element, words, recirculation, remove: recirculation || furnitureReason(text) !== null };
  });
  leaves.forEach((leaf, i) => {
    const next = leaves[i + 1];
    if (!leaf.remove && leaf.words <= LABEL_MAX_WORDS && next?.recirculation) leaf.remove = true;
  });
  for (const leaf of leaves) if (leaf.remove) leaf.element.remove();
}
