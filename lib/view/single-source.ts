/**
 * Whether a claim's verdict rests on one site alone (issue 24, item 9). In Fast mode every passage of a
 * claim is judged in one model call, so one page could sway how the others are read (SECURITY.md); Thorough
 * judges each page on its own. Either way, a verdict whose every deciding passage comes from one site is only
 * as good as that site: the claim card says so.
 */
import { normaliseHost } from '../core/text/hosts';
import type { Evidence, Judgement, Verdict } from '../core/types';

/** Verdicts that take a side: the ones a single site could have decided. */
const DECIDED: ReadonlySet<Verdict> = new Set(['supported', 'refuted', 'disputed']);

/**
 * The one host every passage that took a side comes from, among those still counted (`counted`: the reader's
 * filters), or undefined when the sides come from two sites or more, or the verdict decided nothing.
 */
export function singleSourceHost(
  verdict: Verdict | undefined,
  evidence: readonly Evidence[],
  judgements: ReadonlyMap<string, Judgement>,
  counted: (item: Evidence) => boolean,
): string | undefined {
  if (!verdict || !DECIDED.has(verdict)) return undefined;
  const hosts = new Set<string>();
  for (const item of evidence) {
    const stance = judgements.get(item.id)?.stance;
    if (!stance || stance === 'irrelevant' || !counted(item)) continue;
    hosts.add(normaliseHost(item.source.host) ?? item.source.host);
  }
  return hosts.size === 1 ? [...hosts][0] : undefined;
}
