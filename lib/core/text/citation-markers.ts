/**
 * The `[n]` citation markers of model-written explanations, read and rewritten in one way everywhere:
 * attribution (cited-sentences.ts), the per-page renumbering of Thorough judging (judge-by-page.ts) and the
 * refined explanation (debate-refine.ts). One pattern, so a `[1, 2]` list is never read by one and left
 * stale by another.
 */

/**
 * `[3]`, `[3][4]` (two markers) and `[3, 4]` / `[3,4]` (one marker, two citations), with the spaces before
 * them. Up to four digits: real markers are small, and "[2024]" style years are unlikely in explanations.
 */
export const CITATION_MARKER = /\s*\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g;

/** The numbers of one marker's list (the pattern's first group), in order. */
export function citationNumbers(list: string): number[] {
  return list.split(',').map((part) => Number(part.trim()));
}

/**
 * `text` with every number of every marker put through `renumber`: `undefined` drops that number, and a
 * marker left with none is removed with the spaces before it. The result is trimmed.
 */
export function renumberCitations(text: string, renumber: (n: number) => number | undefined): string {
  return text
    .replace(CITATION_MARKER, (marker, list: string) => {
      const kept = citationNumbers(list)
        .map(renumber)
        .filter((n): n is number => n !== undefined);
      if (kept.length === 0) return '';
      return `${/^\s*/.exec(marker)![0]}[${kept.join(', ')}]`;
    })
    .trim();
}
