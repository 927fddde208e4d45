import { useMemo, useState } from 'react';

import type { CheckView } from '../../../lib/db/check-view';
import { t } from '../../../lib/i18n/i18n';
import { viewHeadline } from '../../../lib/view/check-headline';
import { causeWords } from '../../../lib/view/error-words';
import { warningWords } from '../../../lib/view/notice-words';
import { ClaimCard, type EvidenceFocusRequest } from '../claim/claim-card';
import type { ClaimFocus } from '../claim/claim-focus';
import { LinkList } from '../evidence/link-list';
import { ExportButtons } from '../history/export-buttons';
import { CheckHead } from './check-head';
import { CheckProgress } from './check-progress';
import { CheckStatus } from './check-status';
import { CheckedText } from './checked-text';
import { OverallScore } from './overall-score';
import { PageHighlights, RevealOnPage } from './page-highlights';
import { RecheckButton } from './recheck-button';
import { RevisionList } from './revision-list';
import { SourceFilters } from './source-filters';
import { useScoreFilters } from './use-score-filters';
import { WarningsList } from './warnings-list';

interface Selection {
  claimId: string;
  /** Every claim covering the clicked piece of text. */
  segmentClaimIds: string[];
}

/**
 * One check as the database holds it right now: status and progress, the highlighted text, the overall
 * score under the user's source filters, the card of the selected claim, revisions and warnings.
 */
export function CheckDetails({
  view,
  claimFocus,
  onOpenCheck,
}: {
  view: CheckView;
  claimFocus?: ClaimFocus | undefined;
  onOpenCheck: (checkId: string) => void;
}) {
  const { check } = view;
  const { filters, setType, setEvidence, setExcludeRatedLow } = useScoreFilters(check.id);
  // "Open in side panel" from the page's card: CurrentCheck remounts this view for each request (keyed by
  // its seq), so the requested claim only needs to be the initial selection.
  const [selection, setSelection] = useState<Selection | undefined>(() =>
    claimFocus?.checkId === check.id
      ? { claimId: claimFocus.claimId, segmentClaimIds: [claimFocus.claimId] }
      : undefined,
  );
  const [focusRequest, setFocusRequest] = useState<EvidenceFocusRequest>();
  // Pure and local: unticking a source re-scores claims, sentences and the headline with no message.
  const { headline, words, scores, causes, failure } = useMemo(() => viewHeadline(view, filters), [view, filters]);
  const running = check.status === 'queued' || check.status === 'running';
  const pending = useMemo(
    () =>
      new Set(
        running
          ? view.claims.filter((claim) => claim.checkWorthy && !view.assessments.has(claim.id)).map((claim) => claim.id)
          : [],
      ),
    [running, view],
  );

  const selected = selection ? view.claims.find((claim) => claim.id === selection.claimId) : undefined;
  const showEvidence = (evidenceId: string) => {
    const item = view.evidence.find((evidence) => evidence.id === evidenceId);
    if (!item) return;
    setSelection((current) =>
      current?.claimId === item.claimId ? current : { claimId: item.claimId, segmentClaimIds: [item.claimId] },
    );
    setFocusRequest((current) => ({ evidenceId, seq: (current?.seq ?? 0) + 1 }));
  };

  return (
    <article className="check" data-testid="check-result" data-status={check.status}>
      <CheckHead check={check} />
      <CheckStatus
        check={check}
        progress={
          words.progress ?? t('checkClaimsChecked', { checked: scores.overall.checked, count: scores.overall.total })
        }
        cause={causes[0] && causeWords(causes[0])}
        failure={failure}
        onOpenCheck={onOpenCheck}
      />
      {running ? <CheckProgress check={check} claims={view.claims} assessments={view.assessments} /> : null}
      <OverallScore headline={headline} />
      <CheckedText
        text={check.text}
        sentences={view.sentences}
        claims={view.claims}
        scores={scores}
        pending={pending}
        selectedClaimId={selection?.claimId}
        onSelect={(claimId, segmentClaimIds) => {
          setFocusRequest(undefined);
          setSelection({ claimId, segmentClaimIds });
        }}
      />
      <PageHighlights view={view} />
      <SourceFilters
        evidence={view.evidence}
        excluded={filters.excludedSourceTypes}
        onChange={setType}
        ratings={filters.ratings}
        excludeRatedLow={filters.excludeRatedLow}
        onExcludeRatedLow={setExcludeRatedLow}
      />
      {selected && check.tabId !== undefined ? (
        <RevealOnPage key={selected.id} checkId={check.id} claimId={selected.id} />
      ) : null}
      {selected ? (
        <ClaimCard
          claim={selected}
          scored={scores.claims.get(selected.id)}
          assessment={view.assessments.get(selected.id)}
          evidence={view.evidence.filter((item) => item.claimId === selected.id)}
          search={view.searches.get(selected.id)}
          filters={filters}
          pending={pending.has(selected.id)}
          actionability={view.actionability.get(selected.id)}
          attribution={view.attribution.get(selected.id)}
          refinement={view.refinements.get(selected.id)}
          onToggleEvidence={setEvidence}
          focusRequest={focusRequest}
          otherClaims={view.claims.filter(
            (claim) => claim.id !== selected.id && selection?.segmentClaimIds.includes(claim.id),
          )}
          onSelectClaim={(claimId) =>
            setSelection((current) => ({ claimId, segmentClaimIds: current?.segmentClaimIds ?? [claimId] }))
          }
          onClose={() => setSelection(undefined)}
        />
      ) : view.claims.length > 0 ? (
        <p className="hint">{t('checkSelectHint')}</p>
      ) : null}
      <LinkList
        links={view.links}
        sentences={view.sentences}
        attribution={check.textAttribution}
        ratings={filters.ratings}
      />
      <RevisionList
        text={check.text}
        sentences={view.sentences}
        revisions={view.revisions}
        evidence={view.evidence}
        onShowEvidence={showEvidence}
      />
      <WarningsList warnings={warningWords(check)} />
      <footer className="row wrap check-actions">
        {running ? null : <RecheckButton checkId={check.id} testId="check-recheck" onStarted={onOpenCheck} />}
        <span className="hint">{t('checkExportLabel')}</span>
        <ExportButtons scope="check" name={`check-${check.id}`} load={async () => [view]} />
      </footer>
    </article>
  );
}
