import { type KeyboardEvent, useEffect, useMemo, useRef } from 'react';

import { rateUrl } from '../../../lib/core/evidence/sources/domain-ratings';
import { claimEventDate } from '../../../lib/core/evidence/sources/event-date';
import type {
  ActionabilityScore as Actionability,
  AttributionResult,
  Refinement,
} from '../../../lib/core/quality/explanations/types';
import type { ClaimScore, ScoreFilters } from '../../../lib/core/score/credibility';
import type { Claim, ClaimAssessment, Evidence, Judgement, SearchOutcome } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { orderEvidence } from '../../../lib/view/citations';
import { claimErrorWords, searchCauseWords } from '../../../lib/view/error-words';
import { explanationWords } from '../../../lib/view/explanation-words';
import { percent } from '../../../lib/view/format';
import { BAND_ICONS, VERDICT_LABELS } from '../../../lib/view/labels';
import { singleSourceHost } from '../../../lib/view/single-source';
import { EvidenceItem } from '../evidence/evidence-item';
import { ActionabilityScore } from './actionability-score';
import { AttributionFlags } from './attribution-flags';
import { Explanation } from './explanation';
import { RefinementNote } from './refinement-note';

/** Ask the card to bring one evidence item into view; `seq` makes a repeated request for the same item count. */
export interface EvidenceFocusRequest {
  evidenceId: string;
  seq: number;
}

/** What the card shows and the actions it reports back to the check view. */
export interface ClaimCardProps {
  claim: Claim;
  scored: ClaimScore | undefined;
  assessment: ClaimAssessment | undefined;
  /** This claim's evidence. */
  evidence: readonly Evidence[];
  /** The sources that failed while its evidence was searched, when one did. */
  search?: SearchOutcome | undefined;
  filters: Required<ScoreFilters>;
  pending: boolean;
  /** Explanation quality, when it was assessed. */
  actionability?: Actionability | undefined;
  attribution?: AttributionResult | undefined;
  refinement?: Refinement | undefined;
  onToggleEvidence: (evidenceId: string, included: boolean) => void;
  focusRequest: EvidenceFocusRequest | undefined;
  /** Other claims covering the highlighted piece that was clicked. */
  otherClaims: readonly Claim[];
  onSelectClaim: (claimId: string) => void;
  onClose: () => void;
}

/** A claim, its verdict after the user's filters, the explanation with [n] jumps, and its evidence. */
export function ClaimCard(props: ClaimCardProps) {
  const {
    claim,
    scored,
    assessment,
    evidence,
    filters,
    pending,
    onToggleEvidence,
    focusRequest,
    otherClaims,
    onSelectClaim,
    onClose,
  } = props;
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** Where focus was when the card opened (the sentence clicked), to give it back when Escape closes the card. */
  const opener = useRef<Element | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  const jump = (evidenceId: string) => {
    const element = items.current.get(evidenceId);
    element?.scrollIntoView?.({ block: 'nearest' });
    element?.focus();
  };
  // Keyboard and screen-reader users land on the card they opened; a jump request then wins (declared later).
  useEffect(() => {
    const active = document.activeElement;
    if (active && !headingRef.current?.closest('section')?.contains(active)) opener.current = active;
    headingRef.current?.focus();
  }, [claim.id]);
  const closeWithEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    const back = opener.current as HTMLElement | null;
    onClose();
    if (back?.isConnected) back.focus();
  };
  useEffect(() => {
    if (focusRequest) jump(focusRequest.evidenceId);
  }, [focusRequest]);

  const verdict = pending ? undefined : scored?.verdict;
  const band = scored?.score.band ?? 'unknown';
  const ordered = orderEvidence(evidence, assessment?.citedEvidenceIds ?? []);
  const listed = useMemo(() => new Set(evidence.map((item) => item.id)), [evidence]);
  const judgements = useMemo(() => judgementsById(assessment?.judgements ?? []), [assessment]);
  const oneSite = singleSourceHost(
    verdict,
    evidence,
    judgements,
    (item) => !filters.excludedEvidenceIds.has(item.id) && !filters.excludedSourceTypes.has(item.source.sourceType),
  );
  const event = useMemo(() => claimEventDate(claim.text, new Date().toISOString().slice(0, 10)), [claim.text]);
  return (
    <section
      className="claim-card"
      data-testid="claim-card"
      aria-labelledby="claim-card-heading"
      onKeyDown={closeWithEscape}
    >
      <div className="card-head">
        <h2 id="claim-card-heading" tabIndex={-1} ref={headingRef}>
          {t('claimHeading')}
        </h2>
        <button type="button" className="secondary small" onClick={onClose} aria-label={t('claimClose')}>
          ✕
        </button>
      </div>
      <p className="claim-text" dir="auto">
        {claim.text}
      </p>
      <p className={`verdict band-${band}`} data-testid="claim-verdict" data-verdict={verdict ?? 'pending'}>
        <span className="band-icon" aria-hidden="true">
          {pending ? '…' : BAND_ICONS[band]}
        </span>{' '}
        {verdict ? VERDICT_LABELS[verdict] : t('claimBeingCheckedLabel')}
        {verdict && scored?.score.value !== null && scored?.score.value !== undefined
          ? ` · ${t('claimCredibility', { percent: percent(scored.score.value) })}`
          : ''}
      </p>
      {/* Why it could not be checked, once (a failure's cause, or the budget or a cancel). */}
      {assessment?.error && verdict === 'could-not-check' ? (
        <p className="hint" data-testid="claim-why">
          {tIsolated('claimWhy', { reason: claimErrorWords(assessment) }, ['reason'])}
        </p>
      ) : null}
      {assessment?.explaining ? (
        <p className="hint" data-testid="claim-explaining">
          {t('claimWriting')}
        </p>
      ) : null}
      {/* The explanation was written for the verdict with every source counted: when the reader's filters
          change the verdict, the card says so rather than show a text that contradicts the verdict above. */}
      {assessment && verdict && verdict !== 'could-not-check' && assessment.verdict !== verdict ? (
        <p className="hint" data-testid="claim-verdict-note">
          {t('claimVerdictNote', { written: VERDICT_LABELS[assessment.verdict], now: VERDICT_LABELS[verdict] })}
        </p>
      ) : null}
      {oneSite ? (
        <p className="hint" data-testid="claim-one-source">
          {tIsolated('claimOneSource', { host: oneSite }, ['host'])}
        </p>
      ) : null}
      {assessment && verdict !== 'could-not-check' ? (
        <Explanation
          text={explanationWords(assessment)}
          citedEvidenceIds={assessment.citedEvidenceIds}
          listed={listed}
          onCite={jump}
        />
      ) : null}
      {props.refinement ? <RefinementNote refinement={props.refinement} /> : null}
      {props.attribution ? <AttributionFlags attribution={props.attribution} /> : null}
      {props.actionability ? <ActionabilityScore score={props.actionability} /> : null}
      {ordered.length > 0 ? (
        <>
          <h3>{t('claimEvidenceHeading', { number: ordered.length })}</h3>
          <ol className="evidence-list">
            {ordered.map(({ item, citation }) => (
              <EvidenceItem
                key={item.id}
                item={item}
                citation={citation}
                judgement={judgements.get(item.id)}
                claimText={claim.text}
                included={!filters.excludedEvidenceIds.has(item.id)}
                typeExcluded={filters.excludedSourceTypes.has(item.source.sourceType)}
                rating={rateUrl(filters.ratings, item.source.url)}
                ratedLowExcluded={filters.excludeRatedLow}
                event={event}
                onToggle={(included) => onToggleEvidence(item.id, included)}
                itemRef={(element) => {
                  if (element) items.current.set(item.id, element);
                  else items.current.delete(item.id);
                }}
              />
            ))}
          </ol>
        </>
      ) : claim.checkWorthy && !pending ? (
        <NoEvidence search={props.search} couldNotCheck={verdict === 'could-not-check'} />
      ) : null}
      {otherClaims.length > 0 ? (
        <div className="other-claims">
          <p className="hint">{t('claimOthers')}</p>
          {otherClaims.map((other) => (
            <button
              key={other.id}
              type="button"
              className="secondary small"
              dir="auto"
              onClick={() => onSelectClaim(other.id)}
            >
              {other.text}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/**
 * Why a claim has no evidence, truthfully: the search failed (with the cause), some sources failed and the
 * rest found nothing, or the sources answered with nothing. A claim whose check failed before its search
 * finished says nothing here: its "Why" above already did.
 */
function NoEvidence({ search, couldNotCheck }: { search: SearchOutcome | undefined; couldNotCheck: boolean }) {
  const [cause] = search?.failures ?? [];
  if (search?.allFailed && cause)
    return (
      <p className="hint" data-testid="claim-no-evidence" data-reason="search-failed">
        {tIsolated('claimNoEvidenceSearchFailed', { cause: searchCauseWords(search, cause) }, ['cause'])}
      </p>
    );
  if (couldNotCheck) return null;
  return (
    <p className="hint" data-testid="claim-no-evidence" data-reason={cause ? 'some-failed' : 'none-found'}>
      {cause
        ? tIsolated(
            'claimNoEvidenceSomeFailed',
            { count: search!.failures.length, cause: searchCauseWords(search!, cause) },
            ['cause'],
          )
        : t('claimNoEvidence')}
    </p>
  );
}

/** Each evidence item's judgement (the first, should the model have judged an item twice). */
function judgementsById(judgements: readonly Judgement[]): Map<string, Judgement> {
  const byId = new Map<string, Judgement>();
  for (const judgement of judgements) if (!byId.has(judgement.evidenceId)) byId.set(judgement.evidenceId, judgement);
  return byId;
}
