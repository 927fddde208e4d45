/**
 * Selector helpers shared by the adapters. They take a root and use only `querySelectorAll`, `matches`,
 * `closest` and `contains`, so they behave the same on the live page, happy-dom and linkedom.
 */

/**
 * Ordered fallback: the hits of the first selector that has any (document order). A selector the DOM
 * implementation rejects counts as no hit, so one unsupported selector cannot break the others.
 */
export function queryFirst(root: ParentNode, selectors: readonly string[]): Element[] {
  for (const selector of selectors) {
    const hits = queryAll(root, selector);
    if (hits.length > 0) return hits;
  }
  return [];
}

/** All hits of one selector, or none when the selector is invalid here. */
export function queryAll(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector));
  } catch {
    return [];
  }
}

/** Whether `element` matches any of `selectors` (a union). */
export function matchesAny(element: Element, selectors: readonly string[]): boolean {
  for (const selector of selectors) {
    try {
      if (element.matches(selector)) return true;
    } catch {
      // An unsupported selector never matches.
    }
  }
  return false;
}

/** Whether `scope` itself or any descendant matches any of `selectors`. */
export function hasAny(scope: Element, selectors: readonly string[]): boolean {
  if (matchesAny(scope, selectors)) return true;
  for (const selector of selectors) {
    try {
      if (scope.querySelector(selector)) return true;
    } catch {
      // Ignored, as above.
    }
  }
  return false;
}

/** Whether anything under `root` matches any of `selectors`. */
export function rootHasAny(root: ParentNode, selectors: readonly string[]): boolean {
  return selectors.some((selector) => queryAll(root, selector).length > 0);
}

/** Drops elements contained in another element of the list, keeping document order. */
export function outermost(elements: readonly Element[]): Element[] {
  return elements.filter((element) => !elements.some((other) => other !== element && other.contains(element)));
}

/** Unique elements in first-seen order. */
export function unique(elements: readonly Element[]): Element[] {
  return [...new Set(elements)];
}

/**
 * The largest ancestor of `element` that contains no other hit of `selectors`, stopping below `stop`
 * (e.g. the scroll root) and after `maxLevels`. Used as the "turn" on sites whose turn has no attribute
 * (Perplexity): the answer plus its action row, but not the next answer.
 */
export function soloAncestor(
  element: Element,
  selectors: readonly string[],
  stop: readonly string[],
  maxLevels = 12,
): Element {
  const union = selectors.join(', ');
  let turn = element;
  for (let level = 0; level < maxLevels; level += 1) {
    const parent = turn.parentElement;
    if (!parent || parent.tagName === 'BODY' || parent.tagName === 'HTML' || matchesAny(parent, stop)) break;
    if (queryAll(parent, union).length > 1) break;
    turn = parent;
  }
  return turn;
}
