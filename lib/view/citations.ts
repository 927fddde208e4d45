/**
 * An explanation cites evidence as [1], [2] in the order of the assessment's `citedEvidenceIds`. The UI
 * turns each into a jump to the evidence item, so the text is split into plain runs and citations.
 */
export type ExplanationPart = { text: string } | { citation: number; evidenceId?: string };

/**
 * Splits an explanation at [n] markers; `evidenceId` is set when n names a cited piece of evidence. With
 * `listed` (the evidence the reader can see), a marker whose source is not listed is dropped with the
 * space before it, so every [n] shown points at a listed source ("confirm this [1][2]." with one source
 * listed reads "confirm this [1].").
 */
export function splitCitations(
  explanation: string,
  citedEvidenceIds: readonly string[],
  listed?: ReadonlySet<string>,
): ExplanationPart[] {
  const parts: ExplanationPart[] = [];
  let cursor = 0;
  for (const match of explanation.matchAll(/\[(\d{1,3})\]/g)) {
    const citation = Number(match[1]);
    const evidenceId = citedEvidenceIds[citation - 1];
    const shown = !listed || (evidenceId !== undefined && listed.has(evidenceId));
    const before = explanation.slice(cursor, match.index);
    const text = shown ? before : before.replace(/[ \t]+$/, '');
    if (text) parts.push({ text });
    if (shown) parts.push(evidenceId ? { citation, evidenceId } : { citation });
    cursor = match.index + match[0].length;
  }
  if (cursor < explanation.length) parts.push({ text: explanation.slice(cursor) });
  return parts;
}

/** The explanation as plain text with only the [n] markers whose source is listed (exports, the page card). */
export function explanationWithListedCitations(
  explanation: string,
  citedEvidenceIds: readonly string[],
  listed: ReadonlySet<string>,
): string {
  return splitCitations(explanation, citedEvidenceIds, listed)
    .map((part) => ('text' in part ? part.text : `[${part.citation}]`))
    .join('');
}

/**
 * A claim's evidence in reading order: cited items first, in citation order, so item n is what [n]
 * points to; then the rest as retrieved. `citation` is set on cited items.
 */
export function orderEvidence<T extends { id: string }>(
  evidence: readonly T[],
  citedEvidenceIds: readonly string[],
): Array<{ item: T; citation?: number }> {
  const byId = new Map(evidence.map((item) => [item.id, item]));
  const cited = citedEvidenceIds.flatMap((id, i) => {
    const item = byId.get(id);
    return item ? [{ item, citation: i + 1 }] : [];
  });
  const citedIds = new Set(cited.map((entry) => entry.item.id));
  return [...cited, ...evidence.filter((item) => !citedIds.has(item.id)).map((item) => ({ item }))];
}
