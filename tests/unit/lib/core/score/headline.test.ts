import { describe, expect, it } from 'vitest';

import type { ClaimScore } from '../../../../../lib/core/score/credibility';
import {
  checkHeadline,
  countVerdicts,
  type HeadlineInput,
  judgedNothing,
  summarizeScores,
  type VerdictCounts,
} from '../../../../../lib/core/score/headline';
import type { Verdict } from '../../../../../lib/core/types';
import { countsWords, headlineWords } from '../../../../../lib/view/headline-words';
import { defaultTranslator } from '../../../../../scripts/lib/node-messages';

/**
 * The core decides in codes and counts; its English is the English catalogue's (lib/view/headline-words.ts),
 * the words `npm run check` prints. A headline here carries both, so the rule reads in words.
 */
const english = defaultTranslator();
function wordedHeadline(input: HeadlineInput) {
  const headline = checkHeadline(input);
  return { ...headline, ...headlineWords(headline, english) };
}

/** A summary of claims with these verdicts; judged claims score 1 (supported), 0 (refuted) or 0.5. */
function summaryOf(verdicts: Verdict[]) {
  const value = (verdict: Verdict) =>
    verdict === 'supported' ? 1 : verdict === 'refuted' ? 0 : verdict === 'disputed' ? 0.5 : null;
  return summarizeScores(
    verdicts.map((verdict, index): ClaimScore => ({
      claimId: `c${index}`,
      verdict,
      score: { value: value(verdict), band: 'unknown', checked: 1, total: 1 },
    })),
  );
}

const done = (verdicts: Verdict[], more: Partial<HeadlineInput> = {}) =>
  wordedHeadline({ status: 'done', summary: summaryOf(verdicts), ...more });

describe('the headline of a judged check', () => {
  // Every mix of verdicts: the text leads with what is wrong, and the colour is the worst verdict's.
  const table: Array<[name: string, verdicts: Verdict[], text: string, band: string, word: string]> = [
    ['all supported', ['supported', 'supported'], '2 supported', 'green', 'every checked claim is supported'],
    [
      'one refuted among supported',
      ['supported', 'refuted', 'supported', 'supported'],
      '1 refuted · 3 supported',
      'red',
      'contains a refuted claim',
    ],
    ['two refuted', ['refuted', 'refuted'], '2 refuted', 'red', 'contains refuted claims'],
    [
      'one disputed among supported',
      ['supported', 'disputed'],
      '1 disputed · 1 supported',
      'orange',
      'contains a disputed claim',
    ],
    [
      'refuted and disputed',
      ['disputed', 'refuted', 'supported'],
      '1 refuted · 1 disputed · 1 supported',
      'red',
      'contains a refuted claim',
    ],
    [
      'every kind',
      ['supported', 'refuted', 'disputed', 'supported', 'supported', 'could-not-check', 'not-enough-evidence'],
      '1 refuted · 1 disputed · 3 supported · 1 without enough evidence · 1 could not be checked',
      'red',
      'contains a refuted claim',
    ],
    [
      'supported and unverified',
      ['supported', 'not-enough-evidence'],
      '1 supported · 1 without enough evidence',
      'unknown',
      'not every claim could be verified',
    ],
    [
      'supported and one failed',
      ['supported', 'could-not-check'],
      '1 supported · 1 could not be checked',
      'unknown',
      'not every claim could be checked',
    ],
    [
      'only unverified',
      ['not-enough-evidence'],
      '1 without enough evidence',
      'unknown',
      'not every claim could be verified',
    ],
    [
      'opinions left out of the counts',
      ['not-check-worthy', 'supported'],
      '1 supported',
      'green',
      'every checked claim is supported',
    ],
  ];
  it.each(table)('%s', (_name, verdicts, text, band, word) => {
    const headline = done(verdicts);
    expect(headline).toMatchObject({ state: 'judged', text, band, word });
  });

  it('never uses the credible colour or word when a claim is refuted or disputed', () => {
    for (const wrong of ['refuted', 'disputed'] as const) {
      const headline = done(['supported', 'supported', 'supported', 'supported', wrong]);
      expect(headline.band).not.toBe('green');
      expect(headline.word).not.toMatch(/credible|supported/);
      expect(headline.text.startsWith(`1 ${wrong}`)).toBe(true);
    }
  });

  it('keeps the average as a second figure that says what it averages, and the progress plural-correct', () => {
    const headline = done(['supported', 'refuted', 'not-enough-evidence']);
    expect(headline.average).toBe('Average support from sources: 50% across 2 judged claims');
    expect(headline.progress).toBe('3 of 3 claims checked');
    expect(done(['supported']).progress).toBe('1 of 1 claim checked');
    expect(done(['supported']).average).toBe('Average support from sources: 100% across 1 judged claim');
    expect(done(['not-enough-evidence']).average).toBeUndefined();
  });

  it('says nothing is there to check when no claim is worth checking', () => {
    expect(done(['not-check-worthy'])).toMatchObject({ state: 'nothing-to-check', band: 'grey' });
    expect(done([])).toMatchObject({ state: 'nothing-to-check', text: 'No factual claims to check' });
  });
});

describe('the headline when the reader left sources out', () => {
  const withAll: VerdictCounts = { refuted: 1, supported: 3 };

  it('says so, with the counts every source gives, and keeps the worse colour', () => {
    const headline = done(['supported', 'supported', 'supported', 'supported'], { leftOut: { sources: 1, withAll } });
    expect(headline.text).toBe('4 supported');
    expect(headline.leftOut).toBe(
      '1 source you left out is not counted; with every source counted: 1 refuted · 3 supported',
    );
    expect(headline.band).toBe('red');
    expect(headline.word).toBe('contains a refuted claim');
  });

  it('says the verdicts do not change when they do not', () => {
    const headline = done(['supported', 'refuted'], {
      leftOut: { sources: 2, withAll: { supported: 1, refuted: 1 } },
    });
    expect(headline.leftOut).toBe(
      '2 sources you left out are not counted; the verdicts are the same with every source counted',
    );
    expect(headline.band).toBe('red');
  });

  it('says nothing with filters on that leave no source out', () => {
    expect(done(['supported'], { leftOut: { sources: 0, withAll: { supported: 1 } } }).leftOut).toBeUndefined();
    expect(done(['supported']).leftOut).toBeUndefined();
  });
});

describe('the headline of a running, failed, stopped or evidence-only check', () => {
  it('while running: counts so far, coloured only by what is already wrong', () => {
    const pending = wordedHeadline({
      status: 'running',
      summary: summaryOf(['supported', 'could-not-check', 'could-not-check']),
      pending: 2,
    });
    expect(pending).toMatchObject({
      state: 'running',
      band: 'unknown',
      text: '1 supported so far · 2 claims still being checked',
    });
    const wrong = wordedHeadline({ status: 'running', summary: summaryOf(['refuted', 'could-not-check']), pending: 1 });
    expect(wrong).toMatchObject({ band: 'red', text: '1 refuted so far · 1 claim still being checked' });
    expect(wordedHeadline({ status: 'queued', summary: summaryOf([]) }).text).toBe('Looking for claims…');
    expect(wordedHeadline({ status: 'running', summary: summaryOf(['could-not-check']), pending: 1 }).text).toBe(
      'Checking 1 claim…',
    );
  });

  it('failed when every claim could not be judged, never "complete"', () => {
    const headline = done(['could-not-check', 'could-not-check', 'not-check-worthy']);
    expect(headline).toMatchObject({ state: 'failed', text: 'Check failed: none of the 2 claims could be judged' });
    expect(headline.band).not.toBe('green');
    expect(done(['could-not-check']).text).toBe('Check failed: the claim could not be judged');
    expect(wordedHeadline({ status: 'failed', summary: summaryOf([]) })).toMatchObject({
      state: 'failed',
      text: 'Check failed',
    });
  });

  it('a cancelled or budget-stopped check with nothing judged keeps its counts: it was stopped, not failed', () => {
    const cancelled = wordedHeadline({ status: 'cancelled', summary: summaryOf(['could-not-check']) });
    expect(cancelled).toMatchObject({ state: 'judged', text: '1 could not be checked' });
    const budget = wordedHeadline({ status: 'done', stopped: 'budget', summary: summaryOf(['could-not-check']) });
    expect(budget.state).toBe('judged');
  });

  it('evidence-only: neutral sources to compare, never failed for judging nothing', () => {
    const sources = { found: 4, lookedUp: 2 };
    const headline = wordedHeadline({
      status: 'done',
      evidenceOnly: true,
      summary: summaryOf(['could-not-check']),
      sources,
    });
    expect(headline).toMatchObject({
      state: 'sources',
      band: 'neutral',
      text: 'Sources to compare: 4 found for 2 sentences',
    });
    expect(wordedHeadline({ status: 'running', evidenceOnly: true, summary: summaryOf([]), sources }).state).toBe(
      'running',
    );
    expect(
      wordedHeadline({ status: 'done', evidenceOnly: true, summary: summaryOf([]), sources: { found: 0, lookedUp: 0 } })
        .text,
    ).toMatch(/^Nothing to look up/);
    // Only a search that failed everywhere fails an evidence-only check (the writer decides; the headline says it).
    expect(wordedHeadline({ status: 'failed', evidenceOnly: true, summary: summaryOf([]), sources }).state).toBe(
      'failed',
    );
  });
});

describe('counting', () => {
  it('counts verdicts without the claims not worth checking, and knows when nothing was judged', () => {
    const counts = countVerdicts(['supported', 'supported', 'not-check-worthy', 'could-not-check']);
    expect(counts).toEqual({ supported: 2, 'could-not-check': 1 });
    expect(countsWords(counts, english)).toBe('2 supported · 1 could not be checked');
    expect(judgedNothing(counts)).toBe(false);
    expect(judgedNothing({ 'could-not-check': 2 })).toBe(true);
    expect(judgedNothing({})).toBe(false);
  });
});
