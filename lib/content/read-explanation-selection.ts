/**
 * Runs inside a page (injected by the background with `scripting.executeScript`, so it must not close over
 * anything): the selected text, and the claims the page itself says it reviews (schema.org ClaimReview in
 * JSON-LD, which fact-check articles publish), offered as the claim the explanation explains.
 */
export interface PageSelectionForRating {
  text: string;
  url: string;
  title: string;
  claims: string[];
}

export function readExplanationSelection(): PageSelectionForRating {
  const claims: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const type = record['@type'];
    const isReview = type === 'ClaimReview' || (Array.isArray(type) && type.includes('ClaimReview'));
    const reviewed = record['claimReviewed'];
    if (isReview && typeof reviewed === 'string' && reviewed.trim() && !claims.includes(reviewed.trim()))
      claims.push(reviewed.trim().slice(0, 2000));
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value);
  };
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      visit(JSON.parse(script.textContent ?? ''));
    } catch {
      // a broken JSON-LD block offers nothing
    }
  }
  return {
    text: (window.getSelection()?.toString() ?? '').trim().slice(0, 50_000),
    url: location.href,
    title: document.title,
    claims: claims.slice(0, 10),
  };
}
