import { type ReactNode, useMemo } from 'react';

import { rateUrl } from '../../../lib/core/evidence/sources/domain-ratings';
import type { Claim, Evidence, SearchOutcome } from '../../../lib/core/types';
import type { CheckView } from '../../../lib/db/check-view';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { headlineIcon, viewHeadline } from '../../../lib/view/check-headline';
import { evidencePassage, evidencePassageDir, evidenceTitle } from '../../../lib/view/composed-words';
import { checkErrorWords, evidenceOnlyReasonWords, searchCauseWords } from '../../../lib/view/error-words';
import { evidenceUrl } from '../../../lib/view/evidence-link';
import { formatDate, formatRelative } from '../../../lib/view/format';
import { BAND_ICONS, ORIGIN_LABELS } from '../../../lib/view/labels';
import { warningWords } from '../../../lib/view/notice-words';
import { MarkedPassage } from '../evidence/marked-passage';
import { ReliabilityLabel } from '../evidence/reliability-label';
import { SafeLink } from '../evidence/safe-link';
import { useRatings } from '../evidence/use-ratings';
import { ExportButtons } from '../history/export-buttons';
import { useExtensionStatus } from '../use-extension-status';
import { CheckHead } from './check-head';
import { JudgeButton } from './judge-button';
import { PageHighlights } from './page-highlights';
import { RecheckButton } from './recheck-button';
import { RetryButton } from './retry-button';
import { WarningsList } from './warnings-list';

/** Passages shown per sentence: the best ones, as the passage ranker ordered them. */
const PASSAGES_SHOWN = 3;

/** What a looked-up sentence's search gave: sources, a search that failed (with why), or nothing. */
function countText(running: boolean, count: number, search: SearchOutcome | undefined): ReactNode {
  if (running && count === 0) return t('searching');
  if (count > 0) return t('sourcesFound', { count });
  const [cause] = search?.failures ?? [];
  if (search?.allFailed && cause)
    return tIsolated('searchFailed', { cause: searchCauseWords(search, cause) }, ['cause']);
  return cause
    ? tIsolated('noSourcesSomeFailed', { count: search!.failures.length, cause: searchCauseWords(search!, cause) }, [
        'cause',
      ])
    : t('noSourcesFound');
}

/**
 * An evidence-only check (no model): the text with a neutral mark on each sentence that was looked up and
 * the count of sources found, then each sentence's best passages as "Sources to compare". No verdict, no
 * credibility band, no colour of truth: nothing here has been judged. "Judge these sources" asks a model,
 * and is offered only when there are sources to judge and a model to judge them. `reasonShownAbove`: the
 * page already says why there is no model (the welcome page), so it is not said again here.
 */
export function SourcesToCompare({
  view,
  onOpenCheck,
  reasonShownAbove = false,
}: {
  view: CheckView;
  onOpenCheck: (checkId: string) => void;
  reasonShownAbove?: boolean;
}) {
  const { check } = view;
  const running = check.status === 'queued' || check.status === 'running';
  const reason = evidenceOnlyReasonWords(check);
  const ratings = useRatings();
  const { status } = useExtensionStatus();
  const { headline, words } = useMemo(() => viewHeadline(view), [view]);
  const canJudge = status?.engine !== undefined && status.engine.kind !== 'evidence-only';
  const bySentence = useMemo(() => {
    const claimOf = new Map<number, Claim>();
    for (const claim of view.claims) if (!claimOf.has(claim.sentenceIndex)) claimOf.set(claim.sentenceIndex, claim);
    const evidenceOf = new Map<string, Evidence[]>();
    for (const item of view.evidence) evidenceOf.set(item.claimId, [...(evidenceOf.get(item.claimId) ?? []), item]);
    return { claimOf, evidenceOf };
  }, [view]);
  const lookedUp = view.sentences.filter((sentence) => bySentence.claimOf.get(sentence.index)?.checkWorthy);
  const found = (claim: Claim | undefined) => (claim ? (bySentence.evidenceOf.get(claim.id) ?? []) : []);
  const sourceCount = (items: readonly Evidence[]) => new Set(items.map((item) => item.source.url)).size;

  return (
    <article
      className="check sources-only"
      data-testid="check-result"
      data-status={check.status}
      data-evidence-only="true"
    >
      <CheckHead check={check} />
      <div className="notice" data-testid="evidence-only-notice" role="status">
        <p>
          <strong data-testid="sources-headline" data-state={headline.state}>
            <span aria-hidden="true">{headlineIcon(headline)}</span> {words.text}.
          </strong>{' '}
          {t('evidenceOnlyNotice')}
        </p>
        {reason && !reasonShownAbove ? (
          <p className="hint" data-testid="evidence-only-reason">
            {reason}
          </p>
        ) : null}
        {running ? (
          <p className="hint" data-testid="evidence-progress">
            {t('evidenceProgress', { count: lookedUp.length, passages: check.progress.evidence })}
          </p>
        ) : null}
        {check.status === 'done' && check.servedFromCache ? (
          <p className="hint" data-testid="check-from-history">
            {t('checkFromHistory', { when: formatRelative(check.servedFromCache.checkedAt) })} ·{' '}
            <RecheckButton checkId={check.id} testId="check-from-history-recheck" onStarted={onOpenCheck} />
          </p>
        ) : null}
        {check.status === 'done' && view.evidence.length > 0 && canJudge ? (
          <JudgeButton checkId={check.id} onStarted={onOpenCheck} />
        ) : null}
        {check.status === 'failed' ? (
          <div className="result error" role="alert" data-testid="check-status" data-status="failed">
            <p dir="auto">{checkErrorWords(check) ?? t('searchFailedNoReason')}</p>
            <RetryButton checkId={check.id} onStarted={onOpenCheck} />
          </div>
        ) : null}
      </div>
      <p className="checked-text" dir="auto">
        {view.sentences.map((sentence, position) => {
          const claim = bySentence.claimOf.get(sentence.index);
          // The text between sentences (spaces, line breaks) exactly as it was checked.
          const before = check.text.slice(position === 0 ? 0 : view.sentences[position - 1]!.end, sentence.start);
          const tail = position === view.sentences.length - 1 ? check.text.slice(sentence.end) : '';
          if (!claim?.checkWorthy)
            return (
              <span key={sentence.index} data-testid="sentence" data-index={sentence.index}>
                {before}
                {sentence.text}
                {tail}
              </span>
            );
          const count = sourceCount(found(claim));
          const label = t('sentenceLookedUp', { count });
          return (
            <span key={sentence.index} data-testid="sentence" data-index={sentence.index}>
              {before}
              <a
                href={`#sources-${sentence.index}`}
                className="claim-span band-neutral"
                data-testid="span"
                data-band="neutral"
                data-icon={`${BAND_ICONS.neutral}${count}`}
                aria-label={label}
                title={label}
              >
                {sentence.text}
              </a>
              {tail}
            </span>
          );
        })}
      </p>
      <PageHighlights view={view} />
      <section aria-label={t('sourcesToCompareLabel')}>
        {lookedUp.length === 0 && !running ? (
          <p className="hint" data-testid="no-lookups">
            {t('noLookups')}
          </p>
        ) : null}
        {lookedUp.map((sentence) => {
          const items = found(bySentence.claimOf.get(sentence.index));
          const count = sourceCount(items);
          return (
            <section
              key={sentence.index}
              id={`sources-${sentence.index}`}
              className="sentence-sources"
              data-testid="sentence-sources"
              data-index={sentence.index}
            >
              <h3 className="claim-text" dir="auto">
                {sentence.text}
              </h3>
              <p className="hint" data-testid="source-count">
                {countText(running, count, view.searches.get(bySentence.claimOf.get(sentence.index)!.id))}
              </p>
              <ol className="evidence-list">
                {items.slice(0, PASSAGES_SHOWN).map((item) => (
                  <li key={item.id} className="evidence-item" data-testid="source-passage">
                    <div className="evidence-head">
                      <SafeLink url={evidenceUrl(item)} className="evidence-title" dir="auto">
                        {evidenceTitle(item)}
                      </SafeLink>
                      <ReliabilityLabel rating={rateUrl(ratings, item.source.url)} />
                    </div>
                    <p className="evidence-meta">
                      <span className="site" dir="auto">
                        {item.source.siteName ?? item.source.host}
                      </span>
                      {ORIGIN_LABELS[item.origin] ? (
                        <span className="tag origin">{ORIGIN_LABELS[item.origin]}</span>
                      ) : null}
                      {formatDate(item.source.publishedAt) ? (
                        <time dateTime={item.source.publishedAt}>{formatDate(item.source.publishedAt)}</time>
                      ) : null}
                    </p>
                    <blockquote className="passage" dir={evidencePassageDir(item)}>
                      <MarkedPassage passage={evidencePassage(item)} claim={sentence.text} />
                    </blockquote>
                  </li>
                ))}
              </ol>
            </section>
          );
        })}
      </section>
      <WarningsList warnings={warningWords(check)} />
      <footer className="row wrap check-actions">
        <span className="hint">{t('checkExportLabel')}</span>
        <ExportButtons scope="check" name={`check-${check.id}`} load={async () => [view]} />
      </footer>
    </article>
  );
}
