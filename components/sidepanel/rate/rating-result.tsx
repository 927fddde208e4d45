import { useLiveQuery } from 'dexie-react-hooks';

import { rateUrl } from '../../../lib/core/evidence/sources/domain-ratings';
import type { RatingRecord } from '../../../lib/db/entities';
import { evidenceUrl } from '../../../lib/view/evidence-link';
import { ActionabilityScore } from '../claim/actionability-score';
import { useDb } from '../db-context';
import { LinkItem } from '../evidence/link-item';
import { ReliabilityLabel } from '../evidence/reliability-label';
import { SafeLink } from '../evidence/safe-link';
import { useRatings } from '../evidence/use-ratings';

const STAGE_WORDS: Record<string, string> = {
  evidence: 'Looking for evidence about the claim…',
  links: 'Following the explanation’s links…',
  judging: 'Judging the explanation…',
};

/** One rating as the database holds it right now: progress, then the score with its breakdown and sources. */
export function RatingResult({ ratingId }: { ratingId: string }) {
  const db = useDb();
  const ratings = useRatings();
  const rating: RatingRecord | undefined | null = useLiveQuery(
    async () => (await db.ratings.get(ratingId)) ?? null,
    [db, ratingId],
  );
  if (rating === undefined) return <p className="hint">Loading…</p>;
  if (rating === null) return <p className="hint">This rating no longer exists.</p>;
  return (
    <section className="rating" data-testid="rating-result" data-status={rating.status} aria-live="polite">
      <h2>Rating</h2>
      <p className="claim-text">Claim: {rating.claim}</p>
      {rating.status === 'running' ? (
        <p role="status">{STAGE_WORDS[rating.stage ?? 'evidence'] ?? 'Working…'}</p>
      ) : null}
      {rating.status === 'failed' ? (
        <p className="result error" role="alert" data-testid="rating-error">
          Could not rate this explanation: {rating.error}
        </p>
      ) : null}
      {rating.score ? <ActionabilityScore score={rating.score} label="How useful the explanation is" /> : null}
      {rating.links.length > 0 ? (
        <>
          <h3>The explanation’s links ({rating.links.length})</h3>
          <ul className="link-items">
            {rating.links.map((audit) => (
              <LinkItem key={audit.linkId} audit={audit} rating={rateUrl(ratings, audit.url)} />
            ))}
          </ul>
        </>
      ) : rating.status === 'done' ? (
        <p className="hint">The explanation cites no links, so it earns no link points.</p>
      ) : null}
      {rating.evidence.length > 0 ? (
        <details>
          <summary>Evidence used to find the claim’s errors ({rating.evidence.length})</summary>
          <ol>
            {rating.evidence.map((item) => (
              <li key={item.id}>
                <SafeLink url={evidenceUrl(item)}>{item.source.title || item.source.host}</SafeLink>{' '}
                <ReliabilityLabel rating={rateUrl(ratings, item.source.url)} />
                <p className="hint">{item.passage.slice(0, 300)}</p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
