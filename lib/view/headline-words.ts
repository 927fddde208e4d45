/**
 * The headline and the failure sentence in words, the one place they are worded. lib/core/score decides what
 * they say (codes and counts: which verdicts, worst first, how many failed and why); this words it with the
 * catalogue, with plural messages and Intl numbers: at display time in the interface language (side panel,
 * history row, page card, Markdown export), so a check reads in the language the person chose whenever it
 * was made, and from the English catalogue for `npm run check` and the JSON export (a `Words` of its own,
 * scripts/lib/node-messages.ts and lib/db/export-import.ts).
 */
import type { FailureSummary } from '../core/score/failures';
import {
  type CountedVerdict,
  type Headline,
  HEADLINE_ORDER,
  type HeadlineWord,
  type VerdictCounts,
} from '../core/score/headline';
import { formatNumber, t, uiDirection } from '../i18n/i18n';
import { tIsolatedWords } from '../i18n/isolated-words';
import type { Translator } from '../i18n/translator';
import { causeIn } from './error-words';

/** The headline's words: the first line, what its colour means, and the figures beside it. */
export interface HeadlineWords {
  text: string;
  word: string;
  progress?: string;
  average?: string;
  leftOut?: string;
}

/**
 * Whose words: the interface language's (the default) or a catalogue of its own (English, for the CLI and the
 * JSON export), and which way they read (a value from elsewhere is isolated in right-to-left words).
 */
export interface Words extends Pick<Translator, 't' | 'formatNumber' | 'dir'> {
  /**
   * True for the interface language's words: a coded cause or warning is then worded from its code
   * (error-words.ts words in the interface language). Words of a catalogue of their own (absent or false) take
   * the English the run stored beside the code, which is what the code says in English.
   */
  readonly interfaceLanguage?: boolean;
}

/** The interface language of this context, whichever it is when a word is read. */
export const INTERFACE_WORDS: Words = {
  t,
  formatNumber,
  get dir() {
    return uiDirection();
  },
  interfaceLanguage: true,
};

/** Between counts and between a line's parts (a symbol, the same in every language). */
const SEPARATOR = ' · ';

function countOf({ t }: Words, verdict: CountedVerdict, count: number): string {
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
export function countsWords(counts: VerdictCounts, words: Words = INTERFACE_WORDS): string {
  return HEADLINE_ORDER.filter((verdict) => (counts[verdict] ?? 0) > 0)
    .map((verdict) => countOf(words, verdict, counts[verdict]!))
    .join(SEPARATOR);
}

function lineWords(line: Headline['line'], words: Words): string {
  const { t } = words;
  switch (line.code) {
    case 'looking-for-claims':
      return t('headlineLookingForClaims');
    case 'checking':
      return t('headlineChecking', { count: line.claims });
    case 'so-far':
      return [
        t('headlineSoFar', { counts: countsWords(line.counts, words) }),
        line.pending > 0 ? t('headlineStillChecking', { count: line.pending }) : t('headlineFinishing'),
      ].join(SEPARATOR);
    case 'failed':
      return line.claims === 0 ? t('headlineFailed') : t('headlineFailedClaims', { count: line.claims });
    case 'no-claims':
      return t('headlineNoClaims');
    case 'counts':
      return countsWords(line.counts, words);
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

function wordOf({ t }: Words, code: HeadlineWord): string {
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

/** The headline in words (the interface language's unless `words` says): what the core decided. */
export function headlineWords(
  headline: Pick<Headline, 'line' | 'wordCode' | 'figures'>,
  words: Words = INTERFACE_WORDS,
): HeadlineWords {
  const { t, formatNumber } = words;
  const { progress, average, leftOut } = headline.figures;
  return {
    text: lineWords(headline.line, words),
    word: wordOf(words, headline.wordCode),
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
            ? t('headlineLeftOutDiffer', { count: leftOut.sources, counts: countsWords(leftOut.withAll, words) })
            : t('headlineLeftOutSame', { count: leftOut.sources }),
        }
      : {}),
  };
}

/**
 * "2 of 5 claims could not be judged: <cause>", in the interface language unless `words` says. The cause as given,
 * else worded from its code when it has one (lib/view/error-words.ts) in the interface language; in words of their
 * own (the English export and CLI) its stored English, which is what its code says in English.
 */
export function failureWords(failure: FailureSummary, given?: string, words: Words = INTERFACE_WORDS): string {
  const { t } = words;
  const cause = given ?? causeIn(words, failure.cause);
  const who =
    failure.failed >= failure.claims
      ? t('failureNoneOf', { count: failure.claims })
      : t('failureSomeOf', { failed: failure.failed, count: failure.claims });
  // The cause may be English (stored, or a provider's own words): isolated inside a right-to-left sentence.
  return failure.others > 0
    ? tIsolatedWords('failureSentenceOthers', { who, cause, count: failure.others }, ['cause'], words)
    : tIsolatedWords('failureSentence', { who, cause }, ['cause'], words);
}
