import type { Band, EvidenceOrigin, SourceType, Stance, Verdict } from '../core/types';
import type { CheckRecord } from '../db/entities';
import { t } from '../i18n/i18n';
import { messages } from '../i18n/message-record';
import { percent } from './format';

/**
 * Human words for the pipeline's values, shared by the side panel and the Markdown report. The verdict,
 * band and stance words come from the message catalogue (their translations follow docs/i18n/glossary.md):
 * each record reads its message when a value is looked up, so it speaks the interface language of that moment.
 */

/** Verdicts as the user reads them (a label on its own: a chip, a heading). */
export const VERDICT_LABELS = messages<Verdict>({
  supported: 'verdict_supported',
  refuted: 'verdict_refuted',
  disputed: 'verdict_disputed',
  'not-enough-evidence': 'verdict_notEnoughEvidence',
  'could-not-check': 'verdict_couldNotCheck',
  'not-check-worthy': 'verdict_notCheckWorthy',
});

/** Verdicts inside a sentence (never a label lower-cased: German nouns keep their capital, for one). */
const VERDICT_INLINE = messages<Verdict>({
  supported: 'verdictInline_supported',
  refuted: 'verdictInline_refuted',
  disputed: 'verdictInline_disputed',
  'not-enough-evidence': 'verdictInline_notEnoughEvidence',
  'could-not-check': 'verdictInline_couldNotCheck',
  'not-check-worthy': 'verdictInline_notCheckWorthy',
});

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
export const BAND_LABELS = messages<Band>({
  green: 'band_green',
  orange: 'band_orange',
  red: 'band_red',
  grey: 'band_grey',
  unknown: 'band_unknown',
  neutral: 'band_neutral',
});

/** How a passage stands towards its claim. */
export const STANCE_LABELS = messages<Stance>({
  supports: 'stance_supports',
  'partially-supports': 'stance_partiallySupports',
  refutes: 'stance_refutes',
  irrelevant: 'stance_irrelevant',
});

/** Source type tags. */
export const SOURCE_TYPE_LABELS = messages<SourceType>({
  news: 'sourceType_news',
  'fact-check': 'sourceType_factCheck',
  wiki: 'sourceType_wiki',
  government: 'sourceType_government',
  scientific: 'sourceType_scientific',
  blog: 'sourceType_blog',
  social: 'sourceType_social',
  other: 'sourceType_elsewhere',
});

/** How a passage was obtained, when it was not read from the page itself. */
export const ORIGIN_LABELS: Readonly<Record<EvidenceOrigin, string | undefined>> = {
  page: undefined,
  get snippet() {
    return t('origin_snippet');
  },
  // A brand, the same in every language.
  'knowledge-graph': 'Wikidata',
  get 'fact-check'() {
    return t('origin_factCheck');
  },
};

/** A check's state in a few words, for history rows and reports. */
export function statusLabel(check: Pick<CheckRecord, 'status' | 'stopped'>): string {
  if (check.stopped === 'budget') return t('checkStatus_budget');
  switch (check.status) {
    case 'queued':
      return t('checkStatus_queued');
    case 'running':
      return t('checkStatus_running');
    case 'done':
      return t('checkStatus_done');
    case 'cancelled':
      return t('checkStatus_cancelled');
    case 'failed':
      return t('checkStatus_failed');
  }
}

/** "supported, credibility 100%" or "not check-worthy": the verdict part of a claim's accessible name. */
export function verdictPhrase(verdict: Verdict, value: number | null): string {
  const words = VERDICT_INLINE[verdict];
  return value === null ? words : t('verdictWithCredibility', { verdict: words, percent: percent(value) });
}
