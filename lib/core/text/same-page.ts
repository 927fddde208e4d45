/**
 * Whether a frame still shows the page a check came from: the same origin, path and query (the fragment
 * only scrolls). A check's results (its text, highlights and card) belong to that page: after the tab goes
 * elsewhere, nothing is injected or drawn there (issue 24: results followed a tab to another site).
 */
export function isSamePage(current: string | undefined, checked: string | undefined): boolean {
  if (current === undefined || checked === undefined) return false;
  const withoutFragment = (url: string) => {
    try {
      const parsed = new URL(url);
      parsed.hash = '';
      return parsed.href;
    } catch {
      return undefined;
    }
  };
  const a = withoutFragment(current);
  return a !== undefined && a === withoutFragment(checked);
}
