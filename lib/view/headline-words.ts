/**
 * The headline and the failure sentence in the interface language. lib/core/score decides what they say
 * (codes and counts: which verdicts, worst first, how many failed and why); this words it with the
 * catalogue at display time (side panel, history row, page card, Markdown export), with plural messages
 * and Intl numbers, so a check reads in the language the person chose, whenever it was made.
 */
import type { FailureSummary } from '../core/score/failures';
import {
  type CountedVerdict,
  type Headline,
  HEADLINE_ORDER,
  type HeadlineWord,
  type VerdictCounts,
} from '../core/score/headline';
import { formatNumber, t } from '../i18n/i18n';
import { causeWords } from './error-words';

/** The headline's words: the first line, what its colour means, and the figures beside it. */
export interface HeadlineWords {
  text: string;
  word: string;
  progress?: string;
  average?: string;
  leftOut?: string;
}

/** Between counts and between a line's parts (a symbol, the same in every language). */
const SEPARATOR = ' · ';

function countOf(verdict: CountedVerdict, count: number): string {
  switch (verdict) {
    case 'refuted':
      return t('headlineCountRefuted', { count });
    case 'disputed':
      return t('headlineCountDisputed', { count });
    case 'supported':
      return t('headlineCountSupported', { count });
    case 'not-enough-evidence':
      return t('headlineCountNotEnoughEvidence', { count });
    case 'could-not-check':
      return t('headlineCountCouldNotCheck', { count });
  }
}

/** "1 refuted · 3 supported · 1 could not be checked": every verdict present, in the core's reading order. */
export function countsWords(counts: VerdictCounts): string {
  return HEADLINE_ORDER.filter((verdict) => (counts[verdict] ?? 0) > 0)
    .map((verdict) => countOf(verdict, counts[verdict]!))
    .join(SEPARATOR);
}

function lineWords(line: Headline['line']): string {
  switch (line.code) {
    case 'looking-for-claims':
      return t('headlineLookingForClaims');
    case 'checking':
      return t('headlineChecking', { count: line.claims });
    case 'so-far':
      return [
        t('headlineSoFar', { counts: countsWords(line.counts) }),
        line.pending > 0 ? t('headlineStillChecking', { count: line.pending }) : t('headlineFinishing'),
      ].join(SEPARATOR);
    case 'failed':
      return line.claims === 0 ? t('headlineFailed') : t('headlineFailedClaims', { count: line.claims });
    case 'no-claims':
      return t('headlineNoClaims');
    case 'counts':
      return countsWords(line.counts);
    case 'search-failed':
      return t('headlineSearchFailed');
    case 'looking-for-sources':
      return t('headlineLookingForSources');
    case 'looking-up':
      return `${t('headlineLookingUp', { count: line.lookedUp })} ${t('headlineSourcesSoFar', { count: line.found })}`;
    case 'sources-to-compare':
      return t('headlineSourcesToCompare');
    case 'nothing-to-look-up':
      return t('headlineNothingToLookUp');
    case 'sources-found':
      return t('headlineSourcesFound', { count: line.lookedUp, found: line.found });
  }
}

function wordOf(code: HeadlineWord): string {
  switch (code) {
    case 'refuted-one':
      return t('headlineWordRefutedOne');
    case 'refuted-many':
      return t('headlineWordRefutedMany');
    case 'disputed-one':
      return t('headlineWordDisputedOne');
    case 'disputed-many':
      return t('headlineWordDisputedMany');
    case 'not-enough-evidence':
      return t('headlineWordNotEnoughEvidence');
    case 'could-not-check':
      return t('headlineWordCouldNotCheck');
    case 'supported':
      return t('headlineWordSupported');
    case 'no-claims':
      return t('headlineWordNoClaims');
    case 'checking':
      return t('headlineWordChecking');
    case 'failed':
      return t('headlineWordFailed');
    case 'search-failed':
      return t('headlineWordSearchFailed');
    case 'looking-for-sources':
      return t('headlineWordLookingForSources');
    case 'sources-to-compare':
      return t('headlineWordSourcesToCompare');
  }
}

/** The headline in the interface language: what the core decided, worded by the catalogue. */
export function headlineWords(headline: Pick<Headline, 'line' | 'wordCode' | 'figures'>): HeadlineWords {
  const { progress, average, leftOut } = headline.figures;
  return {
    text: lineWords(headline.line),
    word: wordOf(headline.wordCode),
    ...(progress ? { progress: t('headlineProgress', { checked: progress.checked, count: progress.claims }) } : {}),
    ...(average
      ? {
          average: t('headlineAverage', {
            percent: formatNumber(average.value, { style: 'percent', maximumFractionDigits: 0 }),
            count: average.over,
          }),
        }
      : {}),
    ...(leftOut
      ? {
          leftOut: leftOut.withAll
            ? t('headlineLeftOutDiffer', { count: leftOut.sources, counts: countsWords(leftOut.withAll) })
            : t('headlineLeftOutSame', { count: leftOut.sources }),
        }
      : {}),
  };
}

/**
 * "2 of 5 claims could not be judged: <cause>" in the interface language; the cause worded from its code when
 * it has one (lib/view/error-words.ts), else as stored.
 */
export function failureWords(failure: FailureSummary, cause: string = causeWords(failure.cause)): string {
  const who =
    failure.failed >= failure.claims
      ? t('failureNoneOf', { count: failure.claims })
      : t('failureSomeOf', { failed: failure.failed, count: failure.claims });
  return failure.others > 0
    ? t('failureSentenceOthers', { who, cause, count: failure.others })
    : t('failureSentence', { who, cause });
}
