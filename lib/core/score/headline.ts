/**
 * The headline: the first line a person reads about a check, one rule for every place that shows one (the
 * side panel's result, a history row, the page card, the Markdown and JSON exports, `npm run check`, the
 * toolbar badge). It leads with what is wrong: counts by verdict, refuted and disputed first ("1 refuted ·
 * 1 disputed · 3 supported · 1 could not be checked"), coloured by the worst verdict present, so a text with
 * a refuted or disputed claim is never shown with the credible colour, icon or word, even when the reader
 * left the refuting source out (the colour takes the worse of the two counts, and the line says what
 * changes with every source counted). The average credibility stays, as a second figure saying what it
 * averages. A check that judged nothing because judging failed is "failed", never complete; a check that
 * found sources without a model (evidence-only) keeps its neutral "sources to compare". It decides in codes
 * and counts only; lib/view/headline-words.ts words them, once, from the message catalogue.
 */
import type { Band, Verdict } from '../types';
import type { ClaimScore } from './credibility';

/** The verdicts a headline counts (claims not worth checking are not claims the text makes about facts). */
export type CountedVerdict = Exclude<Verdict, 'not-check-worthy'>;

/** How many claims have each verdict; a verdict no claim has is left out. */
export type VerdictCounts = Partial<Record<CountedVerdict, number>>;

/** The order counts are read in: what is wrong, then what holds, then what is not known. */
export const HEADLINE_ORDER: readonly CountedVerdict[] = [
  'refuted',
  'disputed',
  'supported',
  'not-enough-evidence',
  'could-not-check',
];

/** Worst first: the first of these present colours the headline. */
const SEVERITY: readonly CountedVerdict[] = [
  'refuted',
  'disputed',
  'not-enough-evidence',
  'could-not-check',
  'supported',
];

const BAND_OF: Record<CountedVerdict, Band> = {
  refuted: 'red',
  disputed: 'orange',
  'not-enough-evidence': 'unknown',
  'could-not-check': 'unknown',
  supported: 'green',
};

/** Counts the verdicts of scored claims (claims not worth checking are left out). */
export function countVerdicts(verdicts: Iterable<Verdict>): VerdictCounts {
  const counts: VerdictCounts = {};
  for (const verdict of verdicts) if (verdict !== 'not-check-worthy') counts[verdict] = (counts[verdict] ?? 0) + 1;
  return counts;
}

/** The worst verdict present, or undefined when there is none. */
export function worstVerdict(...counts: VerdictCounts[]): CountedVerdict | undefined {
  return SEVERITY.find((verdict) => counts.some((each) => (each[verdict] ?? 0) > 0));
}

function total(counts: VerdictCounts): number {
  return HEADLINE_ORDER.reduce((sum, verdict) => sum + (counts[verdict] ?? 0), 0);
}

/** Each verdict's larger count of the two: how many refuted claims there are, sources left out or not. */
function mostOf(a: VerdictCounts, b: VerdictCounts): VerdictCounts {
  return Object.fromEntries(HEADLINE_ORDER.map((verdict) => [verdict, Math.max(a[verdict] ?? 0, b[verdict] ?? 0)]));
}

function sameCounts(a: VerdictCounts, b: VerdictCounts): boolean {
  return HEADLINE_ORDER.every((verdict) => (a[verdict] ?? 0) === (b[verdict] ?? 0));
}

/** How a check's claim scores sum up: counts by verdict, and the mean credibility over the claims that have one. */
export interface ScoreSummary {
  counts: VerdictCounts;
  /** Mean credibility (0..1) over `averagedOver` claims, or null when no claim has one. */
  average: number | null;
  /** Judged claims with relevant evidence: the ones the average is taken over. */
  averagedOver: number;
}

/** Sums claim scores into counts and the average (the same mean as `aggregate`). */
export function summarizeScores(scores: Iterable<Pick<ClaimScore, 'verdict' | 'score'>>): ScoreSummary {
  const list = [...scores].filter((entry) => entry.verdict !== 'not-check-worthy');
  const values = list.map((entry) => entry.score.value).filter((value): value is number => value !== null);
  return {
    counts: countVerdicts(list.map((entry) => entry.verdict)),
    average: values.length > 0 ? values.reduce((sum, value) => sum + value, 0) / values.length : null,
    averagedOver: values.length,
  };
}

/** Whether judging failed for every claim: there were claims to check and none has a verdict. */
export function judgedNothing(counts: VerdictCounts): boolean {
  const claims = total(counts);
  return claims > 0 && (counts['could-not-check'] ?? 0) === claims;
}

export interface HeadlineInput {
  status: 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
  stopped?: 'budget' | 'cancelled' | undefined;
  evidenceOnly?: boolean | undefined;
  /** The claims' scores under the reader's source filters. */
  summary: ScoreSummary;
  /** While running: claims still being checked (counted as "could not check" in `summary` until judged). */
  pending?: number;
  /** The reader left sources out: how many, and the counts with every source counted. */
  leftOut?: { sources: number; withAll: VerdictCounts } | undefined;
  /** Evidence-only checks: sources found, and how many sentences were looked up. */
  sources?: { found: number; lookedUp: number } | undefined;
}

export type HeadlineState = 'running' | 'failed' | 'judged' | 'nothing-to-check' | 'sources';

/**
 * What the first line says, as a code and its counts. lib/view/headline-words.ts words it, in the interface
 * language (the views) or in the English catalogue (`npm run check`, the JSON export): one wording.
 */
export type HeadlineLine =
  | { code: 'looking-for-claims' }
  | { code: 'checking'; claims: number }
  /** While running: the counts so far, and how many claims are still being checked (0: finishing). */
  | { code: 'so-far'; counts: VerdictCounts; pending: number }
  /** Judging failed for `claims` claims (0: the check failed before it found any). */
  | { code: 'failed'; claims: number }
  | { code: 'no-claims' }
  | { code: 'counts'; counts: VerdictCounts }
  | { code: 'search-failed' }
  | { code: 'looking-for-sources' }
  | { code: 'looking-up'; lookedUp: number; found: number }
  | { code: 'sources-to-compare' }
  | { code: 'nothing-to-look-up' }
  | { code: 'sources-found'; lookedUp: number; found: number };

/** What the colour means, as a code. */
export type HeadlineWord =
  | 'refuted-one'
  | 'refuted-many'
  | 'disputed-one'
  | 'disputed-many'
  | 'not-enough-evidence'
  | 'could-not-check'
  | 'supported'
  | 'no-claims'
  | 'checking'
  | 'failed'
  | 'search-failed'
  | 'looking-for-sources'
  | 'sources-to-compare';

/** The figures and notes beside the first line, as numbers. */
export interface HeadlineFigures {
  /** "5 of 6 claims checked". */
  progress?: { checked: number; claims: number };
  /** The average support (0..1) and how many judged claims it is taken over. */
  average?: { value: number; over: number };
  /** Sources the reader left out; `withAll` the counts with every source counted, absent when they are the same. */
  leftOut?: { sources: number; withAll?: VerdictCounts };
}

export interface Headline {
  state: HeadlineState;
  /** Colour (and, in the views, icon): the worst verdict's; `neutral` for sources to compare. */
  band: Band;
  worst?: CountedVerdict;
  /** The first line as a code and counts: the counts worst first, or what happened. */
  line: HeadlineLine;
  /** What the colour means, as a code (titles, screen readers, reports). */
  wordCode: HeadlineWord;
  /** The figures beside it as numbers: progress, the average as a second figure, sources left out. */
  figures: HeadlineFigures;
}

/** What the worst verdict means for the text, never "credible" when a claim is refuted or disputed. */
function wordFor(worst: CountedVerdict | undefined, counts: VerdictCounts): HeadlineWord {
  switch (worst) {
    case 'refuted':
      return (counts.refuted ?? 0) > 1 ? 'refuted-many' : 'refuted-one';
    case 'disputed':
      return (counts.disputed ?? 0) > 1 ? 'disputed-many' : 'disputed-one';
    case 'not-enough-evidence':
    case 'could-not-check':
    case 'supported':
      return worst;
    case undefined:
      return 'no-claims';
  }
}

/** The headline from its codes. */
function headlineOf(
  state: HeadlineState,
  band: Band,
  line: HeadlineLine,
  wordCode: HeadlineWord,
  figures: HeadlineFigures = {},
  worst?: CountedVerdict,
): Headline {
  return { state, band, ...(worst ? { worst } : {}), line, wordCode, figures };
}

/** The headline of a check, by the rule in this file's header. */
export function checkHeadline(input: HeadlineInput): Headline {
  const { summary } = input;
  if (input.evidenceOnly) return sourcesHeadline(input);
  const pending = input.pending ?? 0;
  const claims = total(summary.counts);
  const counts: VerdictCounts = { ...summary.counts };
  if (pending > 0) counts['could-not-check'] = Math.max(0, (counts['could-not-check'] ?? 0) - pending);
  const checked = claims - (summary.counts['could-not-check'] ?? 0);
  const progress = { checked, claims };
  const withAll = input.leftOut?.withAll ?? counts;
  const worst = worstVerdict(counts, withAll);
  const figures: HeadlineFigures = {
    progress,
    ...(summary.average === null ? {} : { average: { value: summary.average, over: summary.averagedOver } }),
    ...(input.leftOut && input.leftOut.sources > 0
      ? {
          leftOut: {
            sources: input.leftOut.sources,
            ...(sameCounts(input.leftOut.withAll, counts) ? {} : { withAll: input.leftOut.withAll }),
          },
        }
      : {}),
  };

  if (input.status === 'queued' || input.status === 'running') {
    // Only what cannot turn out better colours a running check: a refutation found now stays found.
    const wrong = worst === 'refuted' || worst === 'disputed' ? worst : undefined;
    const sofar = { ...counts, 'could-not-check': counts['could-not-check'] ?? 0 };
    const line: HeadlineLine =
      claims === 0
        ? { code: 'looking-for-claims' }
        : total(sofar) > 0
          ? { code: 'so-far', counts: sofar, pending }
          : { code: 'checking', claims };
    return headlineOf('running', wrong ? BAND_OF[wrong] : 'unknown', line, 'checking', figures, wrong);
  }
  // Nothing judged because judging failed (not because it was stopped): the check failed, whatever its status.
  if (input.status === 'failed' || (!input.stopped && input.status === 'done' && judgedNothing(counts))) {
    return headlineOf('failed', 'unknown', { code: 'failed', claims }, 'failed', { progress });
  }
  if (claims === 0) return headlineOf('nothing-to-check', 'grey', { code: 'no-claims' }, 'no-claims');
  return headlineOf(
    'judged',
    BAND_OF[worst!],
    { code: 'counts', counts },
    wordFor(worst, mostOf(counts, withAll)),
    figures,
    worst!,
  );
}

/** Evidence-only: sources to compare, neutral; failed only when every search failed (the writer decides). */
function sourcesHeadline(input: HeadlineInput): Headline {
  const { sources } = input;
  if (input.status === 'failed') return headlineOf('failed', 'unknown', { code: 'search-failed' }, 'search-failed');
  if (input.status === 'queued' || input.status === 'running')
    return headlineOf(
      'running',
      'neutral',
      sources ? { code: 'looking-up', ...sources } : { code: 'looking-for-sources' },
      'looking-for-sources',
    );
  // Without the counts (a history row), what the check is: sources to compare.
  const line: HeadlineLine = !sources
    ? { code: 'sources-to-compare' }
    : sources.lookedUp === 0
      ? { code: 'nothing-to-look-up' }
      : { code: 'sources-found', ...sources };
  return headlineOf('sources', 'neutral', line, 'sources-to-compare');
}
