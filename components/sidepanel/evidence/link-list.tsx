import { rateUrl, type RatingsTable } from '../../../lib/core/evidence/sources/domain-ratings';
import type { AttributionResult } from '../../../lib/core/quality/explanations/types';
import { lowRatedCitations } from '../../../lib/core/quality/links/low-rated-citations';
import type { LinkAudit } from '../../../lib/core/quality/links/types';
import type { Sentence } from '../../../lib/core/types';
import { t } from '../../../lib/i18n/i18n';
import { percent } from '../../../lib/view/format';
import { lowRatedCitationsWords } from '../../../lib/view/low-rated-words';
import { LinkItem } from './link-item';

/** Groups links by the sentence citing them, in text order; links without a position come last. */
function groupBySentence(links: readonly LinkAudit[]): Array<{ sentenceIndex: number | null; links: LinkAudit[] }> {
  const groups = new Map<number | null, LinkAudit[]>();
  for (const link of links) {
    const index = link.sentenceIndex ?? null;
    groups.set(index, [...(groups.get(index) ?? []), link]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER))
    .map(([sentenceIndex, group]) => ({ sentenceIndex, links: group }));
}

/** "Sources in this text": every link the checked text cites, with its status and support, by sentence. */
export function LinkList({
  links,
  sentences,
  attribution,
  ratings,
}: {
  links: readonly LinkAudit[];
  sentences: readonly Sentence[];
  attribution?: AttributionResult | undefined;
  ratings: RatingsTable;
}) {
  if (links.length === 0) return null;
  const lowRated = lowRatedCitationsWords(lowRatedCitations(links, ratings));
  const text = new Map(sentences.map((sentence) => [sentence.index, sentence.text]));
  // Citation n of the attribution is the n-th link of the list.
  const unsupported = new Set(
    (attribution?.citations ?? [])
      .filter((citation) => !citation.supported)
      .map((citation) => links[citation.citation - 1]?.linkId),
  );
  return (
    <section className="links" aria-labelledby="links-heading" data-testid="link-list">
      <h2 id="links-heading">{t('linksHeading', { number: links.length })}</h2>
      {attribution && attribution.precision !== null ? (
        <p className="hint" data-testid="text-attribution">
          {t('linksAttribution', { percent: percent(attribution.precision) })}
        </p>
      ) : null}
      {lowRated ? (
        <p className="low-rated-citations" role="note" data-testid="low-rated-citations">
          <span aria-hidden="true">⚠</span> {lowRated}
        </p>
      ) : null}
      {groupBySentence(links).map((group) => (
        <div key={group.sentenceIndex ?? 'none'} className="link-group">
          <p className="link-sentence">
            {group.sentenceIndex === null ? t('linksWholeReply') : `“${text.get(group.sentenceIndex) ?? ''}”`}
          </p>
          <ul className="link-items">
            {group.links.map((audit) => (
              <LinkItem
                key={audit.linkId}
                audit={audit}
                attributionFlagged={unsupported.has(audit.linkId)}
                rating={rateUrl(ratings, audit.url)}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
