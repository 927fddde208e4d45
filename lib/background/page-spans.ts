import { rateUrl, type RatingsTable } from '../core/evidence/sources/domain-ratings';
import { claimEventDate, predatesEvent } from '../core/evidence/sources/event-date';
import type { ClaimAssessment } from '../core/types';
import type { CheckView } from '../db/check-view';
import { t } from '../i18n/i18n';
import { clipIsolated, tIsolatedWords } from '../i18n/isolated-words';
import type { DrawCheckRequest, PageSpan } from '../messaging/protocol';
import { failedReason, headlineIcon, viewHeadline } from '../view/check-headline';
import { explanationWithListedCitations } from '../view/citations';
import { composedPassageWords, evidencePassage, evidenceTitle } from '../view/composed-words';
import { claimErrorWords, searchFailedWords } from '../view/error-words';
import { evidenceUrl } from '../view/evidence-link';
import { explanationWords } from '../view/explanation-words';
import { formatDate } from '../view/format';
import { VERDICT_LABELS } from '../view/labels';
import { LINK_STATUS_LABELS, LINK_SUPPORT_LABELS, linkSupport } from '../view/link-labels';
import { describeRating, RELIABILITY_LABELS } from '../view/reliability-labels';

/**
 * What the page needs to draw a check: each claim's span, band, and the short card contents. The top
 * evidence links to its passage (text fragment) and carries its reliability when `ratings` rate its host.
 */
export function drawRequestFor(view: CheckView, ratings: RatingsTable = new Map()): DrawCheckRequest | undefined {
  const { check } = view;
  if (!check.capture) return undefined;
  // The whole text's headline, every source counted, shown on each card below its claim's own verdict.
  const { headline, words, scores } = viewHeadline(view);
  const textSummary = t('cardWholeText', { headline: `${headlineIcon(headline)} ${words.text}` });
  if (check.evidenceOnly) return { ...sourcesRequestFor(view, check.capture, ratings, textSummary), links: [] };
  const evidenceById = new Map(view.evidence.map((item) => [item.id, item]));
  const spans: PageSpan[] = view.claims.map((claim) => {
    const assessment = view.assessments.get(claim.id);
    const score = scores.claims.get(claim.id);
    const verdict = !claim.checkWorthy
      ? VERDICT_LABELS['not-check-worthy']
      : assessment
        ? VERDICT_LABELS[assessment.verdict]
        : t('progressChecking');
    const decisive =
      assessment?.judgements.find((j) => j.stance === 'refutes') ??
      assessment?.judgements.find((j) => j.stance === 'supports' || j.stance === 'partially-supports');
    const top = decisive ? evidenceById.get(decisive.evidenceId) : undefined;
    const revision = view.revisions.find((r) => r.sentenceIndex === claim.sentenceIndex);
    return {
      claimId: claim.id,
      start: claim.span.start,
      end: claim.span.end,
      quote: check.text.slice(claim.span.start, claim.span.end),
      band: assessment || !claim.checkWorthy ? (score?.score.band ?? 'unknown') : 'unknown',
      verdict,
      explanation: explanationLine(assessment, claimEvidenceIds(view, claim.id)),
      textSummary,
      ...(top
        ? {
            topEvidence: topEvidence(
              top,
              decisive!.stance,
              ratings,
              claim.text,
              new Date(check.createdAt).toISOString().slice(0, 10),
            ),
          }
        : {}),
      ...(revision ? { revision: revision.revised } : {}),
    };
  });
  const links = view.links.map((audit) => {
    const support = linkSupport(audit);
    return {
      url: audit.url,
      status: audit.status,
      support,
      label: t('cardLinkStatus', { status: LINK_STATUS_LABELS[audit.status], support: LINK_SUPPORT_LABELS[support] }),
    };
  });
  return {
    checkId: check.id,
    text: check.text,
    capture: check.capture,
    spans,
    links,
    finished: check.status !== 'running' && check.status !== 'queued',
    ...failureOf(check),
  };
}

function topEvidence(
  item: CheckView['evidence'][number],
  stance: string,
  ratings: RatingsTable,
  claimText: string,
  checkedOn: string,
): NonNullable<PageSpan['topEvidence']> {
  const rating = rateUrl(ratings, item.source.url);
  const event = claimEventDate(claimText, checkedOn);
  return {
    title: evidenceTitle(item),
    url: evidenceUrl(item),
    stance,
    // One date format everywhere: the reader's locale, as the side panel and the Markdown report write it.
    ...(formatDate(item.source.publishedAt) ? { publishedAt: formatDate(item.source.publishedAt)! } : {}),
    ...(event && predatesEvent(item.source.publishedAt, event) ? { predates: event.text } : {}),
    ...(rating
      ? { reliability: { band: rating.band, label: RELIABILITY_LABELS[rating.band], detail: describeRating(rating) } }
      : {}),
  };
}

/** The ids of a claim's evidence: the sources its card (and the side panel) lists. */
function claimEvidenceIds(view: CheckView, claimId: string): Set<string> {
  return new Set(view.evidence.filter((item) => item.claimId === claimId).map((item) => item.id));
}

/**
 * The card's line of explanation: its first sentence, with only the [n] markers of listed sources; for a
 * claim that could not be checked, why (the cause alone: the verdict already says it could not be checked).
 */
function explanationLine(assessment: ClaimAssessment | undefined, listed: ReadonlySet<string>): string {
  if (!assessment) return '';
  if (assessment.explaining) return t('cardWritingExplanation');
  if (assessment.verdict === 'could-not-check') {
    const why = claimErrorWords(assessment);
    // The cause may be stored English or a provider's words: isolated inside a right-to-left sentence.
    return why ? tIsolatedWords('claimWhy', { reason: why }, ['reason']) : '';
  }
  const text = explanationWithListedCitations(explanationWords(assessment), assessment.citedEvidenceIds, listed);
  return text.split(/(?<=[.!?])\s/)[0] ?? '';
}

/**
 * An evidence-only check in the page: each looked-up sentence gets the neutral mark, and its card says how
 * many sources were found, with the best passage and its link. Nothing is judged, so there is no verdict.
 */
function sourcesRequestFor(
  view: CheckView,
  capture: NonNullable<CheckView['check']['capture']>,
  ratings: RatingsTable,
  textSummary: string,
): DrawCheckRequest {
  const { check } = view;
  const running = check.status === 'running' || check.status === 'queued';
  const spans: PageSpan[] = view.claims
    .filter((claim) => claim.checkWorthy)
    .map((claim) => {
      const items = view.evidence.filter((item) => item.claimId === claim.id);
      const count = new Set(items.map((item) => item.source.url)).size;
      const best = items[0];
      const words = best ? evidencePassage(best) : '';
      const passage = clipIsolated(words, 197, 200);
      // The passage is the source's own text, in its own direction inside the interface's sentence; words Factlight
      // composed are the interface's own, their right-to-left values (every value in a right-to-left interface)
      // isolated already.
      const ours = best !== undefined && composedPassageWords(best.composed) !== undefined;
      return {
        claimId: claim.id,
        start: claim.span.start,
        end: claim.span.end,
        quote: check.text.slice(claim.span.start, claim.span.end),
        band: 'neutral' as const,
        verdict:
          count > 0
            ? t('sourcesFound', { count })
            : running
              ? t('cardLookingForSources')
              : view.searches.get(claim.id)?.allFailed
                ? searchFailedWords([view.searches.get(claim.id)!])
                : t('cardNoSources'),
        textSummary,
        explanation: passage
          ? tIsolatedWords('cardNotJudgedPassage', { passage }, ours ? [] : ['passage'])
          : t('cardNotJudged'),
        ...(best
          ? {
              topEvidence: {
                ...topEvidence(
                  best,
                  'compare',
                  ratings,
                  claim.text,
                  new Date(check.createdAt).toISOString().slice(0, 10),
                ),
                title: evidenceTitle(best),
              },
            }
          : {}),
      };
    });
  return { checkId: check.id, text: check.text, capture, spans, finished: !running, ...failureOf(check) };
}

/** A failed check's reason, for the page to say where the reader pressed the button. */
function failureOf(check: CheckView['check']): Pick<DrawCheckRequest, 'failure'> {
  return check.status === 'failed' ? { failure: failedReason(check) || t('cardCheckFailed') } : {};
}
