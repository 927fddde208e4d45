import { rateUrl, type RatingsTable } from '../../lib/core/evidence/sources/domain-ratings';
import { type EvidenceCheckResult, VERDICTS_NEED_A_MODEL } from '../../lib/core/evidence-only/run-evidence-check';
import { evidenceUrl } from '../../lib/view/evidence-link';

const SKIP_REASONS: Record<string, string> = {
  question: 'a question',
  opinion: 'an opinion',
  instruction: 'an instruction',
  'no-fact': 'no number, date or name',
};

/**
 * A terminal report of an evidence-only check: each sentence with the sources found to compare, no
 * verdicts. Links open the page at the passage (a text fragment), as in the side panel and the Markdown
 * export; `ratings` (the shipped domain ratings) label rated sites.
 */
export function formatSources(result: EvidenceCheckResult, ratings: RatingsTable = new Map()): string {
  const rated = (url: string) => {
    const rating = rateUrl(ratings, url);
    return rating ? ` [rated ${rating.band} reliability]` : '';
  };
  const lines: string[] = [VERDICTS_NEED_A_MODEL, ''];
  const skipped = new Map(result.skipped.map((entry) => [entry.sentenceIndex, entry.reason]));
  const claimOf = new Map(result.claims.map((claim) => [claim.sentenceIndex, claim]));
  for (const sentence of result.sentences) {
    const claim = claimOf.get(sentence.index);
    if (!claim?.checkWorthy) {
      const reason = skipped.get(sentence.index);
      lines.push(`[  —   ] ${sentence.text}${reason ? `  (not looked up: ${SKIP_REASONS[reason] ?? reason})` : ''}`);
      continue;
    }
    const items = result.evidence.filter((item) => item.claimId === claim.id);
    const count = new Set(items.map((item) => item.source.url)).size;
    lines.push(`[SOURCE] ${sentence.text}`);
    lines.push(`    Sources to compare: ${count} found${count ? '' : ' (nothing found)'}`);
    for (const item of items.slice(0, 3)) {
      lines.push(`    · ${item.source.title} <${evidenceUrl(item)}>${rated(item.source.url)}`);
      lines.push(`      “${item.passage.length > 240 ? `${item.passage.slice(0, 237)}…` : item.passage}”`);
    }
  }
  if (result.warnings.length > 0) lines.push('', ...result.warnings.map((warning) => `! ${warning}`));
  lines.push('', `Searches: ${result.usage.searchCalls}, pages read: ${result.usage.pageFetches}; no model calls.`);
  return lines.join('\n');
}
