import type { Band, EvidenceOrigin, SourceType, Stance, Verdict } from '../core/types';
import type { CheckRecord } from '../db/entities';
import { percent } from './format';

/** Human words for the pipeline's values, shared by the side panel and the Markdown report. */

/** Verdicts as the user reads them. */
export const VERDICT_LABELS: Record<Verdict, string> = {
  supported: 'Supported',
  refuted: 'Refuted',
  disputed: 'Disputed',
  'not-enough-evidence': 'Not enough evidence',
  'could-not-check': 'Could not check',
  'not-check-worthy': 'Not check-worthy',
};

/** A symbol per band, so colour is never the only signal (also read by the Markdown report). */
export const BAND_ICONS: Record<Band, string> = {
  green: '✓',
  orange: '~',
  red: '✗',
  grey: '·',
  unknown: '?',
  neutral: '◇',
};

/** What a band means, in words (history badges, reports). */
export const BAND_LABELS: Record<Band, string> = {
  green: 'credible',
  orange: 'mixed',
  red: 'not credible',
  grey: 'not check-worthy',
  unknown: 'unverified',
  neutral: 'sources to compare',
};

/** How a passage stands towards its claim. */
export const STANCE_LABELS: Record<Stance, string> = {
  supports: 'Supports',
  'partially-supports': 'Partly supports',
  refutes: 'Refutes',
  irrelevant: 'Irrelevant',
};

/** Source type tags. */
export const SOURCE_TYPE_LABELS: Record<SourceType, string> = {
  news: 'News',
  'fact-check': 'Fact-check',
  wiki: 'Wiki',
  government: 'Government',
  scientific: 'Scientific',
  blog: 'Blog',
  social: 'Social',
  other: 'Other',
};

/** How a passage was obtained, when it was not read from the page itself. */
export const ORIGIN_LABELS: Record<EvidenceOrigin, string | undefined> = {
  page: undefined,
  snippet: 'search snippet',
  'knowledge-graph': 'Wikidata',
  'fact-check': 'existing fact-check',
};

/** A check's state in a few words, for history rows and reports. */
export function statusLabel(check: Pick<CheckRecord, 'status' | 'stopped'>): string {
  if (check.stopped === 'budget') return 'Stopped (token budget)';
  switch (check.status) {
    case 'queued':
      return 'Queued';
    case 'running':
      return 'Running';
    case 'done':
      return 'Done';
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return 'Failed';
  }
}

/** "supported, credibility 100%" or "not check-worthy": the verdict part of a claim's accessible name. */
export function verdictPhrase(verdict: Verdict, value: number | null): string {
  const words = VERDICT_LABELS[verdict].toLowerCase();
  return value === null ? words : `${words}, credibility ${percent(value)}`;
}
