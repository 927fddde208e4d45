import type { Ref } from 'react';

import type { DomainRating } from '../../../lib/core/evidence/sources/domain-ratings';
import { type EventDate, predatesEvent } from '../../../lib/core/evidence/sources/event-date';
import type { Evidence, Judgement } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { tIsolated } from '../../../lib/i18n/isolated-message';
import { httpHref } from '../../../lib/net/http-url';
import { evidencePassage, evidencePassageDir, evidenceTitle } from '../../../lib/view/composed-words';
import { evidenceUrl } from '../../../lib/view/evidence-link';
import { formatDate } from '../../../lib/view/format';
import { ORIGIN_LABELS, SOURCE_TYPE_LABELS, STANCE_LABELS } from '../../../lib/view/labels';
import { rationaleWords } from '../../../lib/view/rationale-words';
import { MarkedPassage } from './marked-passage';
import { ReliabilityLabel } from './reliability-label';
import { SafeLink } from './safe-link';

/** One evidence item, its judgement, and whether the user counts it. */
export interface EvidenceItemProps {
  item: Evidence;
  /** n when the explanation cites this item as [n]. */
  citation?: number;
  judgement?: Judgement;
  claimText: string;
  /** Ticked: this item counts towards the score (its own toggle). */
  included: boolean;
  /** Its source type is unticked in the source filters, so it does not count either way. */
  typeExcluded: boolean;
  /** The source's reliability rating; undefined when neither list rates its host (nothing is shown). */
  rating?: DomainRating | undefined;
  /** "Don't count sources rated low" is ticked. */
  ratedLowExcluded?: boolean;
  /** The date the claim is about, when its words name one (the card warns when the source is older). */
  event?: EventDate | undefined;
  onToggle: (included: boolean) => void;
  itemRef: Ref<HTMLLIElement>;
}

/** One piece of evidence: where it is from, what the judge read in it, and whether it counts. */
export function EvidenceItem({
  item,
  citation,
  judgement,
  claimText,
  included,
  typeExcluded,
  rating,
  ratedLowExcluded = false,
  event,
  onToggle,
  itemRef,
}: EvidenceItemProps) {
  const source = item.source;
  const origin = ORIGIN_LABELS[item.origin];
  const date = formatDate(source.publishedAt);
  const lowExcluded = ratedLowExcluded && rating?.band === 'low';
  const counted = included && !typeExcluded && !lowExcluded;
  return (
    <li
      ref={itemRef}
      tabIndex={-1}
      className={`evidence-item${counted ? '' : ' excluded'}`}
      data-testid="evidence-item"
      data-evidence-id={item.id}
    >
      <div className="evidence-head">
        {citation ? <span className="citation-number">[{citation}]</span> : null}
        <SafeLink url={evidenceUrl(item)} className="evidence-title" dir="auto">
          {evidenceTitle(item)}
        </SafeLink>
      </div>
      <p className="evidence-meta">
        {/* A site's own name (Arabic, Hebrew) keeps its direction among the interface's tags. */}
        <span className="site" dir="auto">
          {source.siteName ?? source.host}
        </span>
        <span className="tag" data-testid="source-type">
          {SOURCE_TYPE_LABELS[source.sourceType]}
        </span>
        <ReliabilityLabel rating={rating} />
        {origin ? (
          <span className="tag origin" data-testid="evidence-origin">
            {origin}
          </span>
        ) : null}
        {date ? (
          <time dateTime={source.publishedAt} data-testid="evidence-date">
            {date}
          </time>
        ) : null}
      </p>
      {event && predatesEvent(source.publishedAt, event) ? (
        <p className="date-warning" role="note" data-testid="evidence-predates">
          <span aria-hidden="true">⚠</span> {tIsolated('evidencePredates', { event: event.text }, ['event'])}
        </p>
      ) : null}
      <p className={`stance stance-${judgement?.stance ?? 'none'}`} data-testid="evidence-stance">
        {judgement ? STANCE_LABELS[judgement.stance] : t('evidenceNotJudged')}
      </p>
      {item.passage ? (
        // Words Factlight composed take the interface's direction (their right-to-left values, and every value in a
        // right-to-left interface, are isolated); a page's words keep their own.
        <blockquote className="passage" dir={evidencePassageDir(item)}>
          <MarkedPassage passage={evidencePassage(item)} claim={claimText} />
        </blockquote>
      ) : null}
      {judgement?.rationale ? (
        <p className="rationale" dir="auto">
          {rationaleWords(judgement)}
        </p>
      ) : null}
      {httpHref(source.url) ? null : (
        <p className="hint">{tIsolated('evidenceNotLinked', { url: source.url }, ['url'])}</p>
      )}
      <label className="toggle">
        <input
          type="checkbox"
          data-testid="evidence-toggle"
          checked={included}
          onChange={(event) => onToggle(event.target.checked)}
        />
        {t('evidenceCount')}
        {typeExcluded ? ` ${t('evidenceTypeOff')}` : lowExcluded ? ` ${t('evidenceLowOff')}` : ''}
      </label>
    </li>
  );
}
