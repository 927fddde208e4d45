import type { CheckView } from '../../lib/db/check-view';
import { sendToBackground } from '../../lib/messaging/protocol';

/**
 * For a check made in a page: which claims could not be found on the page any more (they are never drawn
 * in a wrong place), and "Clear highlights" for that page.
 */
export function PageLink({ view }: { view: CheckView }) {
  const { check } = view;
  if (check.tabId === undefined) return null;
  const missing = view.claims.filter((claim) => check.notFoundOnPage?.includes(claim.id));
  return (
    <section className="page-link" aria-label="On the page">
      {missing.length > 0 ? (
        <div data-testid="not-found-on-page">
          <p className="hint">Not found on the page ({missing.length}): the page changed, so these are not highlighted there.</p>
          <ul>
            {missing.map((claim) => (
              <li key={claim.id}>{claim.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="button" className="secondary small" data-testid="clear-highlights" onClick={() => void sendToBackground('clearPageHighlights', { checkId: check.id }).catch(() => undefined)}>
        Clear highlights on the page
      </button>
    </section>
  );
}

/** "Show on page": scrolls the page to the claim and re-paints its highlight. */
export function RevealOnPage({ checkId, claimId }: { checkId: string; claimId: string }) {
  return (
    <button type="button" className="secondary small" data-testid="reveal-claim" onClick={() => void sendToBackground('revealClaim', { checkId, claimId }).catch(() => undefined)}>
      Show on page
    </button>
  );
}
