import { rateUrl, type RatingsTable } from '../core/evidence/sources/domain-ratings';
import { claimEventDate, type EventDate, predatesEvent } from '../core/evidence/sources/event-date';
import type { ActionabilityScore } from '../core/quality/explanations/types';
import { lowRatedCitations } from '../core/quality/links/low-rated-citations';
import type { Evidence, Judgement } from '../core/types';
import { formatNumber, t } from '../i18n/i18n';
import { tIsolatedWords } from '../i18n/isolated-words';
import { failedReason, headlineIcon, viewHeadline } from '../view/check-headline';
import { explanationWithListedCitations, orderEvidence } from '../view/citations';
import { composedPassageWords, evidenceTitle } from '../view/composed-words';
import { claimErrorWords, evidenceOnlyReasonWords, searchCauseWords, searchFailedWords } from '../view/error-words';
import { evidenceUrl } from '../view/evidence-link';
import { explanationWords } from '../view/explanation-words';
import { formatDate, percent } from '../view/format';
import {
  BAND_ICONS,
  BAND_LABELS,
  ORIGIN_LABELS,
  SOURCE_TYPE_LABELS,
  STANCE_LABELS,
  statusLabel,
  VERDICT_LABELS,
} from '../view/labels';
import { LINK_STATUS_LABELS, LINK_SUPPORT_LABELS, linkSupport } from '../view/link-labels';
import { linkDetailWords } from '../view/link-reason-words';
import { lowRatedCitationsWords } from '../view/low-rated-words';
import { codeBlock, escapeMarkdown, markdownLink } from '../view/markdown';
import { warningWords } from '../view/notice-words';
import { rationaleWords } from '../view/rationale-words';
import { RELIABILITY_LABELS } from '../view/reliability-labels';
import type { CheckView } from './check-view';

/**
 * A check as a readable Markdown report. Every piece of untrusted text (the checked text, titles,
 * passages, the model's explanations) goes through `escapeMarkdown` or a code block, and only http(s)
 * URLs become links, so a page cannot inject links, images or HTML into the report. With `ratings` (the
 * shipped domain ratings), rated sources carry their reliability and low-rated citations are flagged.
 */
export function exportCheckMarkdown(view: CheckView, ratings: RatingsTable = new Map()): string {
  const reliability = (url: string) => {
    const rating = rateUrl(ratings, url);
    return rating ? `${RELIABILITY_LABELS[rating.band]} (${escapeMarkdown(rating.domain)})` : undefined;
  };
  const { check } = view;
  // The headline first, every source counted (lib/core/score/headline.ts): what is wrong leads.
  const { headline, words, scores, failure } = viewHeadline(view);
  const lines: string[] = [`# ${t('md_title')}`, ''];
  lines.push(`- **${t('md_headline')}** ${headlineIcon(headline)} ${escapeMarkdown(words.text)}`);
  if (check.status === 'failed' || failure)
    lines.push(
      `- **${t('md_why')}** ${escapeMarkdown(check.status === 'failed' ? failedReason(check, failure) : failure!)}`,
    );
  lines.push(`- **${t('md_checked')}** ${escapeMarkdown(formatDate(check.createdAt, true) ?? '')}`);
  if (check.servedFromCache)
    lines.push(
      `- **${t('md_fromHistory')}** ${t('md_fromHistoryText', { when: escapeMarkdown(formatDate(check.servedFromCache.checkedAt, true) ?? '') })}`,
    );
  if (check.pageUrl)
    lines.push(`- **${t('md_page')}** ${markdownLink(check.pageTitle ?? check.pageUrl, check.pageUrl)}`);
  else if (check.site) lines.push(`- **${t('md_site')}** ${escapeMarkdown(check.site)}`);
  lines.push(`- **${t('md_status')}** ${statusLabel(check)}`);
  if (check.evidenceOnly) {
    lines.push(...sourcesToCompareLines(view, reliability));
    return finish(lines, view, ratings, reliability);
  }
  if (words.progress) lines.push(`- **${t('md_claims')}** ${words.progress}`);
  if (words.average) lines.push(`- ${escapeMarkdown(words.average)}`);
  lines.push('', `## ${t('md_text')}`, '', codeBlock(check.text), '');

  if (view.sentences.length > 0) {
    lines.push(`## ${t('md_sentences')}`, '');
    for (const sentence of view.sentences) {
      const score = scores.sentences.get(sentence.index);
      const band = score
        ? `${BAND_ICONS[score.band]} ${BAND_LABELS[score.band]}${score.value !== null ? ` ${percent(score.value)}` : ''}`
        : t('md_noClaims');
      lines.push(`${sentence.index + 1}. **[${band}]** ${escapeMarkdown(sentence.text)}`);
    }
    lines.push('');
  }

  if (view.claims.length > 0) lines.push(`## ${t('md_claimsHeading')}`, '');
  view.claims.forEach((claim, i) => {
    const scored = scores.claims.get(claim.id);
    const assessment = view.assessments.get(claim.id);
    const verdict = scored ? VERDICT_LABELS[scored.verdict] : t('md_notCheckedYet');
    lines.push(`### ${i + 1}. ${escapeMarkdown(claim.text)}`, '');
    lines.push(
      `- **${t('md_verdict')}** ${verdict}${scored && scored.score.value !== null ? ` ${t('md_credibility', { percent: percent(scored.score.value) })}` : ''}`,
    );
    lines.push(`- **${t('md_sentence')}** ${claim.sentenceIndex + 1}`);
    const listed = new Set(view.evidence.filter((item) => item.claimId === claim.id).map((item) => item.id));
    if (assessment?.verdict === 'could-not-check') {
      if (assessment.error) lines.push(`- **${t('md_whyNotChecked')}** ${escapeMarkdown(claimErrorWords(assessment))}`);
    } else if (assessment?.explanation)
      lines.push(
        `- **${t('md_explanation')}** ${escapeMarkdown(explanationWithListedCitations(explanationWords(assessment), assessment.citedEvidenceIds, listed))}`,
      );
    else if (assessment?.explaining) lines.push(`- **${t('md_explanation')}** ${t('md_explanationPending')}`);
    const search = view.searches.get(claim.id);
    if (search && !listed.size)
      lines.push(
        `- **${t('md_search')}** ${escapeMarkdown(search.allFailed ? searchFailedWords([search]) : t('noSourcesSomeFailed', { count: search.failures.length, cause: searchCauseWords(search, search.failures[0] ?? '') }))}`,
      );
    const actionability = view.actionability.get(claim.id);
    if (actionability) lines.push(`- **${t('md_howUseful')}** ${actionabilityWords(actionability)}`);
    const flagged = view.attribution.get(claim.id)?.citations.filter((citation) => !citation.supported) ?? [];
    if (flagged.length > 0)
      lines.push(
        `- **${t('md_unsupportedCitations')}** ${flagged.map((citation) => t('md_citationInSentence', { citation: citation.citation, number: citation.sentenceIndex + 1 })).join(', ')}`,
      );
    const refinement = view.refinements.get(claim.id);
    if (refinement && refinement.explanationBefore !== refinement.explanationAfter)
      lines.push(`- **${t('md_explanationBefore')}** ${escapeMarkdown(refinement.explanationBefore)}`);
    const evidence = orderEvidence(
      view.evidence.filter((item) => item.claimId === claim.id),
      assessment?.citedEvidenceIds ?? [],
    );
    if (evidence.length > 0) {
      lines.push('', t('md_evidenceHeading'), '');
      const event = claimEventDate(claim.text, new Date(check.createdAt).toISOString().slice(0, 10));
      evidence.forEach(({ item }, n) =>
        lines.push(
          ...evidenceLines(
            item,
            n,
            assessment?.judgements.find((j) => j.evidenceId === item.id),
            reliability(item.source.url),
            event,
          ),
        ),
      );
    }
    lines.push('');
  });

  if (view.revisions.length > 0) {
    lines.push(`## ${t('md_revisions')}`, '');
    for (const revision of view.revisions) {
      lines.push(
        `- **${t('md_sentenceNumber', { number: revision.sentenceIndex + 1 })}** ${escapeMarkdown(revision.original)}`,
        `  - **${t('md_revised')}** ${escapeMarkdown(revision.revised)}`,
      );
    }
    lines.push('');
  }
  return finish(lines, view, ratings, reliability);
}

/** The parts every report ends with: the links the text cites, and the check's warnings. */
function finish(
  lines: string[],
  view: CheckView,
  ratings: RatingsTable,
  reliability: (url: string) => string | undefined,
): string {
  const { check } = view;
  if (view.links.length > 0) {
    lines.push(`## ${t('md_linksHeading')}`, '');
    const lowRated = lowRatedCitationsWords(lowRatedCitations(view.links, ratings));
    if (lowRated) lines.push(`> ⚠ ${escapeMarkdown(lowRated)}`, '');
    for (const audit of view.links) {
      const where =
        audit.sentenceIndex === undefined || audit.sentenceIndex === null
          ? t('md_wholeText')
          : t('md_inSentence', { number: audit.sentenceIndex + 1 });
      const rated = reliability(audit.url);
      lines.push(
        `- ${markdownLink(audit.title || audit.url, audit.url)} (${where}) — ${LINK_STATUS_LABELS[audit.status]} · ${LINK_SUPPORT_LABELS[linkSupport(audit)]}${rated ? ` · ${rated}` : ''}`,
      );
      lines.push(`  - ${escapeMarkdown(linkDetailWords(audit))}`);
    }
    lines.push('');
  }
  if (check.warnings.length > 0) {
    lines.push(
      `## ${t('md_warnings')}`,
      '',
      ...warningWords(check).map((warning) => `- ${escapeMarkdown(warning)}`),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Evidence ids end in ":e<rank>": the ranker's order, compared as numbers (e10 after e9). */
function rankOf(item: Evidence): number {
  return Number(/:e(\d+)$/.exec(item.id)?.[1] ?? 0);
}

/**
 * An evidence-only check (no model): nothing was judged, so instead of a score and verdicts (which would
 * read as "could not check") it lists, per looked-up sentence, the sources found to compare, best first,
 * with the same passage links and reliability labels as a judged report.
 */
function sourcesToCompareLines(view: CheckView, reliability: (url: string) => string | undefined): string[] {
  const { check } = view;
  const running = check.status === 'running' || check.status === 'queued';
  const lookedUp = view.claims.filter((claim) => claim.checkWorthy);
  const evidenceOf = (claimId: string) =>
    view.evidence.filter((item) => item.claimId === claimId).sort((a, b) => rankOf(a) - rankOf(b));
  const sourceCount = (items: readonly Evidence[]) => new Set(items.map((item) => item.source.url)).size;
  const total = sourceCount(view.evidence.filter((item) => lookedUp.some((claim) => claim.id === item.claimId)));
  // Why nothing was judged: the stored reason when the run gave one, else the catalogue's words (never the CLI's
  // English sentence, VERDICTS_NEED_A_MODEL).
  const reason = evidenceOnlyReasonWords(check);
  const lines = [
    `- **${t('md_lookedUp')}** ${t('md_sourcesFoundCount', { count: total })} · ${t('md_sentencesLookedUp', { looked: lookedUp.length, count: view.sentences.length })}`,
    `- **${t('md_notJudged')}** ${reason ? escapeMarkdown(reason) : t('md_verdictsNeedModel')}`,
    '',
    `## ${t('md_text')}`,
    '',
    codeBlock(check.text),
    '',
  ];
  const countLabel = (items: readonly Evidence[], claimIds: readonly string[]) => {
    const count = sourceCount(items);
    if (count > 0) return t('sourcesFound', { count });
    if (running) return t('md_lookingForSources');
    // "No sources found" only when the search answered with nothing; else what failed.
    const searches = claimIds.map((id) => view.searches.get(id)).filter((search) => search !== undefined);
    if (searches.length > 0 && searches.length === claimIds.length && searches.every((search) => search.allFailed))
      return searchFailedWords(searches);
    return t('md_noSources');
  };
  if (view.sentences.length > 0) {
    lines.push(`## ${t('md_sentences')}`, '');
    for (const sentence of view.sentences) {
      const claims = lookedUp.filter((claim) => claim.sentenceIndex === sentence.index);
      const label =
        claims.length > 0
          ? `${BAND_ICONS.neutral} ${escapeMarkdown(
              countLabel(
                claims.flatMap((claim) => evidenceOf(claim.id)),
                claims.map((claim) => claim.id),
              ),
            )}`
          : t('md_notLookedUp');
      lines.push(`${sentence.index + 1}. **[${label}]** ${escapeMarkdown(sentence.text)}`);
    }
    lines.push('');
  }
  if (lookedUp.length > 0) lines.push(`## ${t('md_sourcesToCompare')}`, '');
  lookedUp.forEach((claim, i) => {
    const items = evidenceOf(claim.id);
    lines.push(`### ${i + 1}. ${escapeMarkdown(claim.text)}`, '');
    lines.push(
      `- **${escapeMarkdown(countLabel(items, [claim.id]))}**`,
      `- **${t('md_notJudged')}** ${t('md_verdictsNeedModel')}`,
      `- **${t('md_sentence')}** ${claim.sentenceIndex + 1}`,
    );
    if (items.length > 0) {
      lines.push('', t('md_bestPassages'), '');
      const event = claimEventDate(claim.text, new Date(check.createdAt).toISOString().slice(0, 10));
      items.forEach((item, n) => lines.push(...evidenceLines(item, n, undefined, reliability(item.source.url), event)));
    }
    lines.push('');
  });
  return lines;
}

function evidenceLines(
  item: Evidence,
  n: number,
  judgement: Pick<Judgement, 'stance' | 'rationale' | 'rationaleCode'> | undefined,
  reliability: string | undefined,
  event: EventDate | undefined,
): string[] {
  const source = item.source;
  const meta = [
    escapeMarkdown(source.siteName ?? source.host),
    SOURCE_TYPE_LABELS[source.sourceType],
    reliability,
    ORIGIN_LABELS[item.origin],
    source.publishedAt ? escapeMarkdown(formatDate(source.publishedAt) ?? '') : undefined,
    judgement ? STANCE_LABELS[judgement.stance] : t('evidenceNotJudged'),
  ].filter((part): part is string => Boolean(part));
  // The link opens the page at the passage (a text fragment), as in the side panel.
  const lines = [`${n + 1}. ${markdownLink(evidenceTitle(item), evidenceUrl(item))} — ${meta.join(' · ')}`];
  if (predatesEvent(source.publishedAt, event))
    lines.push(`   - ⚠ ${t('md_predates', { event: escapeMarkdown(event!.text) })}`);
  // Words Factlight composed are in the interface language (their values already isolated); a page's own words
  // keep their direction inside a right-to-left sentence.
  const composed = composedPassageWords(item.composed);
  if (composed) lines.push(`   - ${t('md_passage', { passage: escapeMarkdown(composed) })}`);
  else if (item.passage) lines.push(`   - ${tIsolatedWords('md_passage', { passage: escapeMarkdown(item.passage) })}`);
  // The model's words (the checked text's language) keep their direction too.
  if (judgement?.rationale)
    lines.push(`   - ${tIsolatedWords('md_rationale', { rationale: escapeMarkdown(rationaleWords(judgement)) })}`);
  return lines;
}

/** FinGrAct's score in words a reader uses; the figures stay, in brackets. */
function actionabilityWords(score: ActionabilityScore): string {
  const levels = [t('md_level_none'), t('md_level_some'), t('md_level_all')];
  const level = (value: number) => levels[value] ?? formatNumber(value);
  const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
  return t('md_actionability', {
    score: formatNumber(score.outOfFive, oneDecimal),
    errors: level(score.errorDetection),
    corrections: level(score.correction),
    links: formatNumber(score.links, oneDecimal),
  });
}

/** Several checks in one document, separated by rules. */
export function exportChecksMarkdown(views: readonly CheckView[], ratings: RatingsTable = new Map()): string {
  return views.map((view) => exportCheckMarkdown(view, ratings)).join('\n---\n\n');
}
