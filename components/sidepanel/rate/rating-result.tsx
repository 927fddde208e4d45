import { useLiveQuery } from 'dexie-react-hooks';

import { rateUrl } from '../../../lib/core/evidence/sources/domain-ratings';
import type { RatingRecord } from '../../../lib/db/entities';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { clipIsolated } from '../../../lib/i18n/isolated-words';
import type { SimpleMessageKey } from '../../../lib/i18n/keys';
import { evidencePassage, evidencePassageDir, evidenceTitle } from '../../../lib/view/composed-words';
import { checkErrorWords } from '../../../lib/view/error-words';
import { evidenceUrl } from '../../../lib/view/evidence-link';
import { warningWords } from '../../../lib/view/notice-words';
import { WarningsList } from '../check/warnings-list';
import { ActionabilityScore } from '../claim/actionability-score';
import { useDb } from '../db-context';
import { LinkItem } from '../evidence/link-item';
import { ReliabilityLabel } from '../evidence/reliability-label';
import { SafeLink } from '../evidence/safe-link';
import { useRatings } from '../evidence/use-ratings';

const STAGE_WORDS: Record<string, SimpleMessageKey> = {
  evidence: 'rateStageEvidence',
  links: 'rateStageLinks',
  judging: 'rateStageJudging',
};

/** One rating as the database holds it right now: progress, then the score with its breakdown and sources. */
export function RatingResult({ ratingId }: { ratingId: string }) {
  const db = useDb();
  const ratings = useRatings();
  const rating: RatingRecord | undefined | null = useLiveQuery(
    async () => (await db.ratings.get(ratingId)) ?? null,
    [db, ratingId],
  );
  if (rating === undefined) return <p className="hint">{t('panelLoading')}</p>;
  if (rating === null) return <p className="hint">{t('rateGone')}</p>;
  return (
    <section className="rating" data-testid="rating-result" data-status={rating.status} aria-live="polite">
      <h2>{t('rateHeading')}</h2>
      <p className="claim-text" dir="auto">
        {t('rateClaim', { claim: rating.claim })}
      </p>
      {rating.status === 'running' ? (
        <p role="status">{t(STAGE_WORDS[rating.stage ?? 'evidence'] ?? 'rateWorking')}</p>
      ) : null}
      {rating.status === 'failed' ? (
        <p className="result error" role="alert" data-testid="rating-error">
          {tIsolated('rateFailed', { error: checkErrorWords(rating) ?? '' }, ['error'])}
        </p>
      ) : null}
      {rating.score ? <ActionabilityScore score={rating.score} label={t('rateUsefulness')} /> : null}
      {rating.links.length > 0 ? (
        <>
          <h3>{t('rateLinksHeading', { number: rating.links.length })}</h3>
          <ul className="link-items">
            {rating.links.map((audit) => (
              <LinkItem key={audit.linkId} audit={audit} rating={rateUrl(ratings, audit.url)} />
            ))}
          </ul>
        </>
      ) : rating.status === 'done' ? (
        <p className="hint">{t('rateNoLinks')}</p>
      ) : null}
      {rating.evidence.length > 0 ? (
        <details>
          <summary>{t('rateEvidenceSummary', { number: rating.evidence.length })}</summary>
          <ol>
            {rating.evidence.map((item) => (
              <li key={item.id}>
                <SafeLink url={evidenceUrl(item)} dir="auto">
                  {evidenceTitle(item)}
                </SafeLink>{' '}
                <ReliabilityLabel rating={rateUrl(ratings, item.source.url)} />
                <p className="hint" dir={evidencePassageDir(item)}>
                  {clipIsolated(evidencePassage(item), 300)}
                </p>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {/* Worded as a check's are; a rating stored before warnings were kept has none. */}
      <WarningsList
        warnings={warningWords({ warnings: rating.warnings ?? [], notices: rating.notices })}
        testId="rating-warnings"
      />
    </section>
  );
}
