/**
 * Judgement that one page cannot steer (issue 24, item 9): a claim's passages grouped by the page they
 * come from, so each page can be judged in a call of its own. A page that tells the model how to judge
 * "the other passages" then never shares a prompt with them: it can sway only its own passages, which are
 * its own say anyway. The unit is the page, not the host: one host often publishes many authors (a blog
 * platform, a forum, a wiki), and one author's post must not steer another's. Passages of one page stay
 * together (one author; a call per passage would cost more and defend nothing more). The replies are
 * merged back into one, numbered as the whole evidence list is, so the verdict is derived from the stances
 * by the usual rules (verdict.ts).
 */
import { renumberCitations } from '../text/citation-markers';
import type { Evidence } from '../types';

/** The passages of one page: their positions (0-based) in the claim's evidence list, in order. */
export interface PageGroup {
  /** The page's address without its fragment. */
  page: string;
  positions: number[];
}

/** One judge's reply about a group, its passages numbered 1…n within the group. */
export interface GroupReply {
  stances: Array<{ passage: number; stance: 'supports' | 'partially-supports' | 'refutes' | 'irrelevant' }>;
  rationales: string[];
  explanation: string;
}

/** The claim's evidence grouped by page (its URL without the fragment), groups in order of first appearance. */
export function groupByPage(evidence: readonly Evidence[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  evidence.forEach((item, position) => {
    const page = item.source.url.split('#')[0]!;
    const group = groups.get(page) ?? { page, positions: [] };
    group.positions.push(position);
    groups.set(page, group);
  });
  return [...groups.values()];
}

/**
 * The group replies as one reply over the whole evidence list: stances and citations renumbered to the
 * list's numbering (a number outside its group is dropped, as the single call ignores one outside the
 * evidence), rationales put in place (a group whose rationales do not match its passages gives none, so
 * those passages say so), and the explanations of the groups that found something relevant, in order (the
 * first group's when none did).
 */
export function mergeGroupReplies(groups: readonly PageGroup[], replies: readonly GroupReply[], total: number) {
  const stances: GroupReply['stances'] = [];
  const rationales: string[] = Array.from({ length: total }, () => '');
  const explanations: string[] = [];
  groups.forEach((group, index) => {
    const reply = replies[index]!;
    const global = (local: number) => group.positions[local - 1];
    for (const judged of reply.stances) {
      const position = global(judged.passage);
      if (position !== undefined) stances.push({ passage: position + 1, stance: judged.stance });
    }
    if (reply.rationales.length === group.positions.length)
      reply.rationales.forEach((rationale, local) => (rationales[group.positions[local]!] = rationale));
    const relevant = reply.stances.some(
      (judged) => judged.stance !== 'irrelevant' && global(judged.passage) !== undefined,
    );
    if (relevant || (index === groups.length - 1 && explanations.length === 0)) {
      const explanation = relevant ? reply.explanation : replies[0]!.explanation;
      const owner = relevant ? group : groups[0]!;
      const renumbered = renumberCitations(explanation, (n) => {
        const position = owner.positions[n - 1];
        return position === undefined ? undefined : position + 1;
      });
      if (renumbered) explanations.push(renumbered);
    }
  });
  return { stances, rationales, explanation: explanations.join(' ') };
}
