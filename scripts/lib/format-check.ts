/** A terminal report of a check: sentences with their band, claims, evidence with links, revisions. */
import { rateUrl, type RatingsTable } from '../../lib/core/evidence/sources/domain-ratings';
import { claimEventDate, predatesEvent } from '../../lib/core/evidence/sources/event-date';
import type { EvidenceCheckResult } from '../../lib/core/evidence-only/run-evidence-check';
import type { CheckResult } from '../../lib/core/pipeline-types';
import { lowRatedCitations } from '../../lib/core/quality/links/low-rated-citations';
import { scoreText } from '../../lib/core/score/credibility';
import { failureCauses, failureOf } from '../../lib/core/score/failures';
import { checkHeadline, summarizeScores } from '../../lib/core/score/headline';
import type { Band, Score } from '../../lib/core/types';
import { failureCause } from '../../lib/core/verify/not-checked';
import { explanationWithListedCitations } from '../../lib/view/citations';
import { formatDate } from '../../lib/view/format';
import { failureWords, headlineWords } from '../../lib/view/headline-words';
import { LINK_STATUS_LABELS, LINK_SUPPORT_LABELS, linkSupport } from '../../lib/view/link-labels';
import { lowRatedCitationsWords } from '../../lib/view/low-rated-words';
import { warningWords } from '../../lib/view/notice-words';
import { formatSources } from './format-sources';
import { defaultTranslator } from './node-messages';

const BAND_LABEL: Record<Band, string> = {
  green: 'GREEN ',
  orange: 'ORANGE',
  red: 'RED   ',
  grey: 'GREY  ',
  unknown: '  ?   ',
  neutral: 'SOURCE',
};

function formatScore(score: Score | undefined): string {
  if (!score || score.value === null) return '  —  ';
  return `${Math.round(score.value * 100)}%`.padStart(5);
}

/** `ratings`: the shipped domain ratings, for reliability labels and the low-rated-citations flag. */
export function formatCheck(result: CheckResult | EvidenceCheckResult, ratings: RatingsTable = new Map()): string {
  // Nothing judged: sources to compare, never an "UNKNOWN — 0 of N claims checked" score.
  if ('evidenceOnly' in result && result.evidenceOnly) return formatSources(result, ratings);
  const rated = (url: string) => {
    const rating = rateUrl(ratings, url);
    return rating ? ` [rated ${rating.band} reliability]` : '';
  };
  const assessments = new Map(result.assessments.map((a) => [a.claimId, a]));
  const scores = scoreText(result.claims, assessments, result.evidence);
  const lines: string[] = [];
  // The headline first (lib/core/score/headline.ts): counts worst first, the worst verdict's colour, in the
  // English catalogue's words (lib/view/headline-words.ts), the same the extension shows in English.
  const english = defaultTranslator();
  const headline = checkHeadline({
    status: 'done',
    stopped: result.stopped,
    summary: summarizeScores(scores.claims.values()),
  });
  const words = headlineWords(headline, english);
  lines.push(
    `Headline: ${headline.state === 'failed' ? 'FAILED' : BAND_LABEL[headline.band].trim()} — ${words.text} (${result.language}, ${result.today})`,
  );
  const figures = [words.progress, words.average].filter(Boolean).join(' · ');
  if (figures) lines.push(`  ${figures}`);
  const failure = failureOf(failureCauses(result.assessments), scores.overall.total);
  if (failure) lines.push(`Why: ${failureWords(failure, failure.cause.message, english)}`);
  if (result.stopped)
    lines.push(
      `Stopped early: ${result.stopped === 'budget' ? 'the token budget was reached' : 'cancelled'}; unchecked claims are marked.`,
    );
  for (const sentence of result.sentences) {
    const score = scores.sentences.get(sentence.index);
    lines.push('', `[${BAND_LABEL[score?.band ?? 'grey']}] ${formatScore(score)}  ${sentence.text}`);
    for (const claim of result.claims.filter((c) => c.sentenceIndex === sentence.index)) {
      const assessment = assessments.get(claim.id);
      const verdict = claim.checkWorthy ? (assessment?.verdict ?? 'pending') : 'not check-worthy';
      lines.push(`    • ${claim.text}  → ${verdict}`);
      const listed = new Set(result.evidence.filter((item) => item.claimId === claim.id).map((item) => item.id));
      if (assessment?.explanation && claim.checkWorthy)
        lines.push(
          `      ${explanationWithListedCitations(assessment.explanation, assessment.citedEvidenceIds, listed)}`,
        );
      if (assessment?.verdict === 'could-not-check' && assessment.error)
        lines.push(`      Why: ${failureCause(assessment.error) ?? assessment.error}`);
      const actionability = result.actionability[claim.id];
      if (actionability)
        lines.push(
          `      How useful the explanation is: ${actionability.outOfFive.toFixed(1)} of 5 (names the errors ${actionability.errorDetection}/2, gives the corrections ${actionability.correction}/2, links that work and back it ${actionability.links.toFixed(1)}/2)`,
        );
      const unsupported = result.attribution[claim.id]?.citations.filter((citation) => !citation.supported) ?? [];
      if (unsupported.length > 0)
        lines.push(`      ⚠ Unsupported citations: ${unsupported.map((c) => `[${c.citation}]`).join(' ')}`);
      for (const [index, judgement] of (assessment?.judgements ?? []).entries()) {
        const item = result.evidence.find((e) => e.id === judgement.evidenceId);
        if (!item) continue;
        const date = item.source.publishedAt ? `, ${formatDate(item.source.publishedAt)}` : '';
        lines.push(
          `      [${index + 1}] ${judgement.stance.padEnd(18)} ${item.source.title} (${item.source.sourceType}${date}${item.origin === 'snippet' ? ', snippet' : ''})`,
        );
        lines.push(`          ${item.source.url}${rated(item.source.url)}`);
        const event = claimEventDate(claim.text, result.today);
        if (predatesEvent(item.source.publishedAt, event))
          lines.push(`          ⚠ Published before ${event!.text}, which the claim is about.`);
        lines.push(
          `          “${item.passage.replace(/\s+/g, ' ').slice(0, 220)}${item.passage.length > 220 ? '…' : ''}”`,
        );
        lines.push(`          ${judgement.rationale}`);
      }
    }
    for (const revision of result.revisions.filter((r) => r.sentenceIndex === sentence.index)) {
      lines.push(`    ✎ Suggested: ${revision.revised}`);
    }
    for (const link of result.links.filter((l) => l.sentenceIndex === sentence.index)) {
      lines.push(
        `    🔗 ${LINK_STATUS_LABELS[link.status]}, ${LINK_SUPPORT_LABELS[linkSupport(link)].toLowerCase()}: ${link.url}${rated(link.url)}`,
        `       ${link.detail}`,
      );
    }
  }
  for (const link of result.links.filter((l) => l.sentenceIndex === null || l.sentenceIndex === undefined)) {
    lines.push(
      '',
      `🔗 (cited by the whole text) ${LINK_STATUS_LABELS[link.status]}, ${LINK_SUPPORT_LABELS[linkSupport(link)].toLowerCase()}: ${link.url}${rated(link.url)}`,
      `   ${link.detail}`,
    );
  }
  const lowRated = lowRatedCitationsWords(lowRatedCitations(result.links, ratings), english, english.locale);
  if (lowRated) lines.push('', `⚠ ${lowRated}`);
  const usage = result.usage;
  lines.push(
    '',
    `Model calls: ${usage.total.calls}, tokens: ${usage.total.promptTokens} in + ${usage.total.completionTokens} out; searches: ${usage.searchCalls}; pages read: ${usage.pageFetches}`,
  );
  for (const warning of warningWords(result, english)) lines.push(`Warning: ${warning}`);
  return lines.join('\n');
}
