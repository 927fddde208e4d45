import { describe, expect, it } from 'vitest';

import {
  actionabilityScore,
  level,
  linkPoints,
  linksScore,
} from '../../../../../../lib/core/quality/explanations/actionability-score';
import type { ClaimError, ExplanationLinkScore } from '../../../../../../lib/core/quality/explanations/types';

const error = (named: boolean, corrected: boolean): ClaimError => ({
  subClaim: 's',
  error: 'e',
  correction: 'c',
  named,
  corrected,
});
const link = (works: boolean, relevant: boolean, supports: boolean): ExplanationLinkScore => ({
  url: 'https://example.org/',
  works,
  relevant,
  supports,
});

describe('FinGrAct actionability score', () => {
  it('scores error detection 0 / 1 / 2 for none / some / all errors named', () => {
    const errors = [error(false, false), error(false, false), error(false, false)];
    expect(actionabilityScore(errors, []).errorDetection).toBe(0);
    expect(actionabilityScore([error(true, false), error(false, false), error(false, false)], []).errorDetection).toBe(
      1,
    );
    expect(actionabilityScore([error(true, false), error(true, false), error(false, false)], []).errorDetection).toBe(
      1,
    );
    expect(actionabilityScore([error(true, false), error(true, false), error(true, false)], []).errorDetection).toBe(2);
  });

  it('scores correction 0 / 1 / 2 independently of detection', () => {
    expect(actionabilityScore([error(true, false), error(true, false)], []).correction).toBe(0);
    expect(actionabilityScore([error(true, true), error(true, false)], []).correction).toBe(1);
    expect(actionabilityScore([error(false, true), error(false, true)], [])).toMatchObject({
      errorDetection: 0,
      correction: 2,
    });
  });

  it('gives full detection and correction marks when the evidence shows no error', () => {
    expect(actionabilityScore([], [])).toMatchObject({
      errorDetection: 2,
      correction: 2,
      links: 0,
      total: 4,
      outOfFive: 3.3,
    });
  });

  it('scores a link as works 1 + relevant 0.5 + supports 0.5 and averages over links', () => {
    expect(linkPoints(link(false, false, false))).toBe(0);
    expect(linkPoints(link(true, false, false))).toBe(1);
    expect(linkPoints(link(true, true, false))).toBe(1.5);
    expect(linkPoints(link(true, true, true))).toBe(2);
    expect(linkPoints(link(false, true, true))).toBe(1); // a snippet-only source can still be on point
    expect(linksScore([])).toBe(0);
    expect(linksScore([link(true, true, true), link(true, false, false)])).toBe(1.5);
    expect(linksScore([link(true, true, true), link(false, false, false), link(true, true, false)])).toBeCloseTo(
      3.5 / 3,
    );
  });

  it('sums to a total out of 6 and scales to one decimal out of 5', () => {
    const best = actionabilityScore([error(true, true)], [link(true, true, true)]);
    expect(best).toMatchObject({ errorDetection: 2, correction: 2, links: 2, total: 6, outOfFive: 5 });
    expect(actionabilityScore([error(false, false)], [])).toMatchObject({ total: 0, outOfFive: 0 });
    // 2 + 1 + 1.5 = 4.5 → 3.75 → 3.8
    expect(actionabilityScore([error(true, true), error(true, false)], [link(true, true, false)])).toMatchObject({
      total: 4.5,
      outOfFive: 3.8,
    });
    // 1 + 0 + 1 = 2 → 1.666… → 1.7
    expect(actionabilityScore([error(true, false), error(false, false)], [link(true, false, false)])).toMatchObject({
      total: 2,
      outOfFive: 1.7,
    });
  });

  it('levels by share: none, some, all', () => {
    expect([level(0, 4), level(1, 4), level(3, 4), level(4, 4)]).toEqual([0, 1, 1, 2]);
  });

  it('copies its inputs', () => {
    const errors = [error(true, true)];
    const score = actionabilityScore(errors, []);
    errors[0]!.named = false;
    expect(score.errors[0]!.named).toBe(true);
  });
});
