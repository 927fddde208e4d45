import { type ReactNode, useMemo } from 'react';

import type { TextScores } from '../../../lib/core/score/credibility';
import type { Claim, Sentence } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { percent } from '../../../lib/view/format';
import { BAND_LABELS, verdictPhrase } from '../../../lib/view/labels';
import { segmentRange } from '../../../lib/view/segments';
import { ClaimSpan } from './claim-span';

/** The text, its parts and scores, and which claim is open. */
export interface CheckedTextProps {
  text: string;
  sentences: readonly Sentence[];
  claims: readonly Claim[];
  scores: TextScores;
  /** Claims still waiting for a verdict (the check is running). */
  pending: ReadonlySet<string>;
  selectedClaimId: string | undefined;
  onSelect: (claimId: string, segmentClaimIds: string[]) => void;
}

/**
 * The checked text, rendered only as React text nodes: each sentence, and inside it each claim's span
 * highlighted by band. Overlapping claims are cut into segments (see lib/view/segments.ts).
 */
export function CheckedText({ text, sentences, claims, scores, pending, selectedClaimId, onSelect }: CheckedTextProps) {
  const byId = useMemo(() => new Map(claims.map((claim) => [claim.id, claim])), [claims]);
  // Each sentence's claims, in claim order, grouped once rather than filtering every claim per sentence.
  const bySentence = useMemo(() => {
    const groups = new Map<number, Claim[]>();
    for (const claim of claims) {
      const group = groups.get(claim.sentenceIndex);
      if (group) group.push(claim);
      else groups.set(claim.sentenceIndex, [claim]);
    }
    return groups;
  }, [claims]);
  const labelFor = (claimId: string) => {
    const claim = byId.get(claimId)!;
    const scored = scores.claims.get(claimId);
    const state = pending.has(claimId)
      ? t('claimBeingChecked')
      : scored
        ? verdictPhrase(scored.verdict, scored.score.value)
        : t('claimNotChecked');
    return t('claimSpanLabel', { claim: claim.text, state });
  };
  const nodes: ReactNode[] = [];
  let cursor = 0;
  for (const sentence of [...sentences].sort((a, b) => a.start - b.start)) {
    if (sentence.start < cursor) continue;
    if (sentence.start > cursor) nodes.push(text.slice(cursor, sentence.start));
    const spans = (bySentence.get(sentence.index) ?? []).map((claim) => ({
      claimId: claim.id,
      start: claim.span.start,
      end: claim.span.end,
      band: scores.claims.get(claim.id)?.score.band ?? 'unknown',
    }));
    const segments =
      spans.length > 0
        ? segmentRange(sentence, spans)
        : [{ start: sentence.start, end: sentence.end, claimIds: [], endsClaim: false }];
    const sentenceScore = scores.sentences.get(sentence.index);
    const sentenceBand = sentenceScore?.band;
    nodes.push(
      <span
        key={`s${sentence.index}`}
        className={`sentence${sentenceBand ? ` band-${sentenceBand}` : ''}`}
        data-testid="sentence"
        data-index={sentence.index}
        data-band={sentenceBand}
        title={
          sentenceScore
            ? sentenceScore.value !== null
              ? t('sentenceTitleScore', {
                  band: BAND_LABELS[sentenceScore.band],
                  percent: percent(sentenceScore.value),
                })
              : t('sentenceTitle', { band: BAND_LABELS[sentenceScore.band] })
            : undefined
        }
      >
        {segments.map((segment) => {
          const segmentText = text.slice(segment.start, segment.end);
          const first = segment.claimIds[0];
          if (!first || !segment.band) return <span key={segment.start}>{segmentText}</span>;
          return (
            <ClaimSpan
              key={segment.start}
              text={segmentText}
              band={segment.band}
              label={segment.claimIds.map(labelFor).join('; ')}
              showIcon={segment.endsClaim}
              selected={segment.claimIds.includes(selectedClaimId ?? '')}
              pending={segment.claimIds.every((id) => pending.has(id))}
              onSelect={() => onSelect(first, segment.claimIds)}
            />
          );
        })}
      </span>,
    );
    cursor = sentence.end;
  }
  if (cursor < text.length) nodes.push(text.slice(cursor));
  return (
    // The checked text keeps its own direction whatever the interface language (an English text in Arabic UI).
    <p className="checked-text" dir="auto">
      {nodes}
    </p>
  );
}
