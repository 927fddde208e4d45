// @vitest-environment happy-dom
/**
 * The claim card's usefulness line in the interface language: whole messages from the catalogue (the shipped
 * Arabic and French ones, read from public/_locales), numbers through Intl, the model's words as they are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ActionabilityScore } from '../../../../../components/sidepanel/claim/actionability-score';
import type { ActionabilityScore as Score } from '../../../../../lib/core/quality/explanations/types';
import type { Catalogue } from '../../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../../lib/i18n/sources';

const shipped = (locale: string) =>
  JSON.parse(readFileSync(join(process.cwd(), 'public/_locales', locale, 'messages.json'), 'utf8')) as Catalogue;

const SCORE: Score = {
  outOfFive: 3.8,
  total: 4.5,
  errorDetection: 2,
  correction: 1,
  links: 1.5,
  linkScores: [],
  errors: [
    {
      subClaim: 'visible from the Moon',
      error: 'The wall is not visible.',
      correction: 'It cannot be seen unaided.',
      named: true,
      corrected: false,
    },
  ],
};

afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
});

function shown(score: Score = SCORE) {
  const { container } = render(<ActionabilityScore score={score} />);
  return {
    summary: container.querySelector('summary')!.textContent,
    score: screen.getByTestId('actionability-score').textContent,
    parts: [...screen.getByTestId('actionability-breakdown').querySelectorAll('li')].map((li) => li.textContent),
    error: container.querySelector('.actionability-errors li')!.textContent,
  };
}

describe('the usefulness line of a claim card', () => {
  it('says its score and parts in English when the browser is English', () => {
    expect(shown()).toEqual({
      summary: 'How useful this explanation is: 3.8 out of 5',
      score: '3.8 out of 5',
      parts: [
        'Says what is wrong: yes (2 of 2)',
        'Gives the correction: partly (1 of 2)',
        'Links that work, fit and back it: 1.5 of 2 (no links)',
      ],
      error: 'The wall is not visible. → It cannot be seen unaided. named, not corrected',
    });
  });

  it('says them in Arabic, with no English word left but the model’s', () => {
    setMessageSource(catalogueSource('ar', shipped('ar')));
    const ar = shipped('ar');
    const words = shown();
    expect(words.summary).toBe(`${ar.actionabilityLabel!.message}: 3.8 من 5`);
    expect(words.parts[0]).toBe('تبيّن ما الخطأ: نعم (2 من 2)');
    expect(words.parts[1]).toBe('تقدّم التصحيح: جزئيًا (1 من 2)');
    expect(words.parts[2]).toContain('(لا روابط)');
    expect(words.error).toContain('مذكور، غير مصحَّح');
    expect(`${words.summary} ${words.parts.join(' ')}`).not.toMatch(/[A-Za-z]/);
  });

  it('points the arrow from the error to its correction the way the language reads, the model’s words isolated', () => {
    const arrowOf = () => {
      const { container } = render(<ActionabilityScore score={SCORE} />);
      const item = container.querySelector('.actionability-errors li')!;
      const isolated = [...item.querySelectorAll('[dir="auto"]')].map((span) => span.textContent);
      const arrow = [...item.childNodes]
        .filter((node) => node.nodeType === 3)
        .map((node) => node.textContent)
        .join('')
        .trim();
      cleanup();
      return { arrow, isolated };
    };
    const modelWords = ['The wall is not visible.', 'It cannot be seen unaided.'];
    expect(arrowOf()).toEqual({ arrow: '→', isolated: modelWords });
    setMessageSource(catalogueSource('ar', shipped('ar')));
    // Right to left, "error ← correction": the arrow points on from the error, as the line is read.
    expect(arrowOf()).toEqual({ arrow: '←', isolated: modelWords });
  });

  it('writes its numbers as the locale does (French: decimal comma, its own colon spacing)', () => {
    setMessageSource(catalogueSource('fr', shipped('fr')));
    const words = shown({
      ...SCORE,
      linkScores: [{ url: 'https://a.example/', works: true, relevant: true, supports: false }],
    });
    expect(words.summary).toBe('Utilité de cette explication : 3,8 sur 5');
    expect(words.parts[2]).toBe('Liens qui fonctionnent, sont pertinents et l’étayent : 1,5 sur 2');
  });

  it('keeps a label it is given (the Rate tab names its own score)', () => {
    render(<ActionabilityScore score={SCORE} label="Usefulness" />);
    expect(screen.getByText(/^Usefulness:/)).toBeTruthy();
  });
});
