/**
 * A check made in a page, and its highlights there: which claims could not be found on the page any more
 * (they are never drawn in a wrong place), "Clear highlights on the page", and a claim's "Show on page".
 * When the page cannot do it (closed or changed since, the claim not highlighted), the reason shows
 * beside the button.
 */
import { useState } from 'react';

import { errorMessage } from '../../../lib/core/errors';
import type { CheckView } from '../../../lib/db/check-view';
import { t } from '../../../lib/i18n/i18n';
import { type Result, sendToBackground } from '../../../lib/messaging/protocol';
/** Runs a command aimed at the check's page; keeps why it failed, for the line beside its button. */
function usePageCommand(send: () => Promise<Result>): [string | undefined, () => void] {
  const [error, setError] = useState<string>();
  const run = () => {
    setError(undefined);
    send().then(
      (result) => setError(result.ok ? undefined : result.error),
      (cause: unknown) => setError(t('checkBackgroundSilent', { error: errorMessage(cause) })),
    );
  };
  return [error, run];
}

/** The claims not found on the page, and "Clear highlights on the page"; nothing for a check made elsewhere. */
export function PageHighlights({ view }: { view: CheckView }) {
  const { check } = view;
  const [error, clear] = usePageCommand(() => sendToBackground('clearPageHighlights', { checkId: check.id }));
  if (check.tabId === undefined) return null;
  const missing = view.claims.filter((claim) => check.notFoundOnPage?.includes(claim.id));
  return (
    <section className="page-highlights" aria-label={t('pageHighlightsLabel')}>
      {missing.length > 0 ? (
        <div data-testid="not-found-on-page">
          <p className="hint">{t('pageNotFound', { count: missing.length })}</p>
          <ul>
            {missing.map((claim) => (
              <li key={claim.id} dir="auto">
                {claim.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <button type="button" className="secondary small" data-testid="clear-highlights" onClick={clear}>
        {t('pageClearHighlights')}
      </button>
      {error ? (
        <span className="result error" role="alert" data-testid="clear-highlights-error">
          {error}
        </span>
      ) : null}
    </section>
  );
}

/** "Show on page": scrolls the page to the claim and re-paints its highlight. */
export function RevealOnPage({ checkId, claimId }: { checkId: string; claimId: string }) {
  const [error, reveal] = usePageCommand(() => sendToBackground('revealClaim', { checkId, claimId }));
  return (
    <>
      <button type="button" className="secondary small" data-testid="reveal-claim" onClick={reveal}>
        {t('pageShowClaim')}
      </button>
      {error ? (
        <span className="result error" role="alert" data-testid="reveal-claim-error">
          {error}
        </span>
      ) : null}
    </>
  );
}
