// @vitest-environment happy-dom
/**
 * The claim card's citation line in the interface language: whole messages from the shipped catalogues
 * (public/_locales), the count as a plural message, percentages through Intl.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AttributionFlags } from '../../../../../components/sidepanel/claim/attribution-flags';
import type { AttributionResult } from '../../../../../lib/core/quality/explanations/types';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

const ONE_FLAGGED: AttributionResult = {
  citations: [
    { sentenceIndex: 0, citation: 1, supported: true },
    { sentenceIndex: 2, citation: 2, supported: false },
  ],
  precision: 0.5,
  recall: 1,
  f1: 2 / 3,
  recovered: [],
};

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

function shown(attribution: AttributionResult) {
  render(<AttributionFlags attribution={attribution} />);
  const figures = screen.getByTestId('attribution-figures');
  return {
    flags: screen.queryAllByTestId('attribution-flag').map((flag) => flag.textContent),
    summary: figures.querySelector('summary')!.textContent,
    figures: figures.textContent!.slice(figures.querySelector('summary')!.textContent!.length),
  };
}

describe('the citation line of a claim card', () => {
  it('names an unsupported citation and counts the backed ones, in English when the browser is English', () => {
    expect(shown(ONE_FLAGGED)).toEqual({
      flags: ['⚠ Citation [2] in sentence 3: its passage does not support that sentence.'],
      summary: '1 of 2 citations backed by the passage cited',
      figures: 'Citation precision 50%, recall 100%, F1 67%',
    });
  });

  it('uses the singular when the explanation has one citation, and says when every citation holds', () => {
    const one: AttributionResult = {
      citations: [{ sentenceIndex: 0, citation: 1, supported: true }],
      precision: 1,
      recall: null,
      f1: null,
      recovered: [],
    };
    const words = shown(one);
    expect(words.summary).toBe('1 of 1 citation backed by the passage cited');
    expect(words.figures).toBe('Citation precision 100%');
    expect(screen.getByText('Every citation in this explanation is backed by its passage.')).toBeTruthy();
  });

  it('says it all in Arabic and in French from their catalogues', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const ar = shown(ONE_FLAGGED);
    expect(ar.flags).toEqual(['⚠ الاستشهاد [2] في الجملة 3: مقطعه لا يدعم تلك الجملة.']);
    expect(ar.summary).toBe('الاستشهادات التي يدعمها المقطع المستشهد به: 1 من 2');
    expect(`${ar.summary} ${ar.figures} ${ar.flags.join(' ')}`.replace('F1', '')).not.toMatch(/[A-Za-z]/);
    cleanup();
    setMessageSource(catalogueSource('fr', shipped('fr')));
    // French puts a space before % (Intl: a narrow no-break one) and before its colons (the catalogue).
    expect(shown(ONE_FLAGGED).figures.replace(/\s/g, ' ')).toBe(
      'Précision des citations : 50 %, rappel : 100 %, F1 : 67 %',
    );
  });
});
