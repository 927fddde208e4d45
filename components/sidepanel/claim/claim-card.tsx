import { useEffect, useMemo, useRef } from 'react';

import { rateUrl } from '../../../lib/core/evidence/sources/domain-ratings';
import { claimEventDate } from '../../../lib/core/evidence/sources/event-date';
import type {
  ActionabilityScore as Actionability,
  AttributionResult,
  Refinement,
} from '../../../lib/core/quality/explanations/types';
import type { ClaimScore, ScoreFilters } from '../../../lib/core/score/credibility';
import type { Claim, ClaimAssessment, Evidence, Judgement } from '../../../lib/core/types';
import { orderEvidence } from '../../../lib/view/citations';
import { percent } from '../../../lib/view/format';
import { BAND_ICONS, VERDICT_LABELS } from '../../../lib/view/labels';
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
  const items = useRef(new Map<string, HTMLLIElement>());
  const jump = (evidenceId: string) => {
    const element = items.current.get(evidenceId);
    element?.scrollIntoView?.({ block: 'nearest' });
    element?.focus();
  };
  // Keyboard and screen-reader users land on the card they opened; a jump request then wins (declared later).
  useEffect(() => headingRef.current?.focus(), [claim.id]);
  useEffect(() => {
    if (focusRequest) jump(focusRequest.evidenceId);
  }, [focusRequest]);

  const verdict = pending ? undefined : scored?.verdict;
  const band = scored?.score.band ?? 'unknown';
  const ordered = orderEvidence(evidence, assessment?.citedEvidenceIds ?? []);
  const judgements = useMemo(() => judgementsById(assessment?.judgements ?? []), [assessment]);
  const event = useMemo(() => claimEventDate(claim.text, new Date().toISOString().slice(0, 10)), [claim.text]);
  return (
    <section className="claim-card" data-testid="claim-card" aria-labelledby="claim-card-heading">
      <div className="card-head">
        <h2 id="claim-card-heading" tabIndex={-1} ref={headingRef}>
          Claim
        </h2>
        <button type="button" className="secondary small" onClick={onClose} aria-label="Close claim">
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
        {verdict ? VERDICT_LABELS[verdict] : 'Being checked…'}
        {verdict && scored?.score.value !== null && scored?.score.value !== undefined
          ? ` · credibility ${percent(scored.score.value)}`
          : ''}
      </p>
      {assessment && verdict && assessment.verdict !== verdict ? (
        <p className="hint">With every source counted: {VERDICT_LABELS[assessment.verdict]}.</p>
      ) : null}
      {assessment?.error ? <p className="hint">Why: {assessment.error}</p> : null}
      {assessment?.explaining ? (
        <p className="hint" data-testid="claim-explaining">
          Writing the explanation…
        </p>
      ) : null}
      {assessment ? (
        <Explanation text={assessment.explanation} citedEvidenceIds={assessment.citedEvidenceIds} onCite={jump} />
      ) : null}
      {props.refinement ? <RefinementNote refinement={props.refinement} /> : null}
      {props.attribution ? <AttributionFlags attribution={props.attribution} /> : null}
      {props.actionability ? <ActionabilityScore score={props.actionability} /> : null}
      {ordered.length > 0 ? (
        <>
          <h3>Evidence ({ordered.length})</h3>
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
        <p className="hint">No evidence was found for this claim.</p>
      ) : null}
      {otherClaims.length > 0 ? (
        <div className="other-claims">
          <p className="hint">Other claims in this part of the text:</p>
          {otherClaims.map((other) => (
            <button key={other.id} type="button" className="secondary small" onClick={() => onSelectClaim(other.id)}>
              {other.text}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Each evidence item's judgement (the first, should the model have judged an item twice). */
function judgementsById(judgements: readonly Judgement[]): Map<string, Judgement> {
  const byId = new Map<string, Judgement>();
  for (const judgement of judgements) if (!byId.has(judgement.evidenceId)) byId.set(judgement.evidenceId, judgement);
  return byId;
}
