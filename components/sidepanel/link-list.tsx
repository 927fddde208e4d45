import type { LinkAudit } from '../../lib/core/links/types';
import type { Sentence } from '../../lib/core/types';
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
export function LinkList({ links, sentences }: { links: readonly LinkAudit[]; sentences: readonly Sentence[] }) {
  if (links.length === 0) return null;
  const text = new Map(sentences.map((sentence) => [sentence.index, sentence.text]));
  return (
    <section className="links" aria-labelledby="links-heading" data-testid="link-list">
      <h2 id="links-heading">Sources in this text ({links.length})</h2>
      {groupBySentence(links).map((group) => (
        <div key={group.sentenceIndex ?? 'none'} className="link-group">
          <p className="link-sentence">{group.sentenceIndex === null ? 'Cited by the reply as a whole' : `“${text.get(group.sentenceIndex) ?? ''}”`}</p>
          <ul className="link-items">
            {group.links.map((audit) => (
              <LinkItem key={audit.linkId} audit={audit} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
