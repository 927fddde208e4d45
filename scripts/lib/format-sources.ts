import { searchFailedMessage } from '../../lib/core/evidence/find-evidence';
import { rateUrl, type RatingsTable } from '../../lib/core/evidence/sources/domain-ratings';
import { type EvidenceCheckResult, VERDICTS_NEED_A_MODEL } from '../../lib/core/evidence-only/run-evidence-check';
import { checkHeadline } from '../../lib/core/score/headline';
import { evidenceUrl } from '../../lib/view/evidence-link';
import { headlineWords } from '../../lib/view/headline-words';
import { defaultTranslator } from './node-messages';

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
  const lookedUp = result.claims.filter((claim) => claim.checkWorthy);
  const found = new Set(
    result.evidence
      .filter((item) => lookedUp.some((claim) => claim.id === item.claimId))
      .map((item) => item.source.url),
  ).size;
  // The headline first, as everywhere (lib/core/score/headline.ts): sources to compare, neutral, in the English
  // catalogue's words (lib/view/headline-words.ts).
  const headline = checkHeadline({
    status: 'done',
    evidenceOnly: true,
    summary: { counts: {}, average: null, averagedOver: 0 },
    sources: { found, lookedUp: lookedUp.length },
  });
  const english = defaultTranslator();
  const lines: string[] = [`Headline: SOURCE — ${headlineWords(headline, english).text}`, VERDICTS_NEED_A_MODEL, ''];
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
    const search = result.searchOutcomes?.[claim.id];
    lines.push(
      count === 0 && search?.allFailed
        ? `    ${searchFailedMessage(search.failures)}`
        : `    Sources to compare: ${count} found${count ? '' : ' (nothing found)'}`,
    );
    for (const item of items.slice(0, 3)) {
      lines.push(`    · ${item.source.title} <${evidenceUrl(item)}>${rated(item.source.url)}`);
      lines.push(`      “${item.passage.length > 240 ? `${item.passage.slice(0, 237)}…` : item.passage}”`);
    }
  }
  if (result.warnings.length > 0) lines.push('', ...result.warnings.map((warning) => `! ${warning}`));
  lines.push('', `Searches: ${result.usage.searchCalls}, pages read: ${result.usage.pageFetches}; no model calls.`);
  return lines.join('\n');
}
