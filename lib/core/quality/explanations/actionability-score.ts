/**
 * FinGrAct's actionability score (Eldifrawi, Wang, Trabelsi 2025, arXiv 2504.05229), computed by code from
 * the per-error and per-link findings, so the model only answers yes/no questions and never picks a number.
 */
import type { ActionabilityScore, ClaimError, ExplanationLinkScore } from './types';

/** 0 when none of `total` items qualify, 1 when some do, 2 when all do. */
export function level(hits: number, total: number): 0 | 1 | 2 {
  if (hits <= 0) return 0;
  return hits >= total ? 2 : 1;
}

/** One link's points: works 1 + relevant 0.5 + supports 0.5, so 0..2. */
export function linkPoints(link: ExplanationLinkScore): number {
  return (link.works ? 1 : 0) + (link.relevant ? 0.5 : 0) + (link.supports ? 0.5 : 0);
}

/** Mean of {@link linkPoints} over the links; 0 for an explanation without links (nothing to follow). */
export function linksScore(links: readonly ExplanationLinkScore[]): number {
  if (links.length === 0) return 0;
  return links.reduce((sum, link) => sum + linkPoints(link), 0) / links.length;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The score for one explanation. errorDetection is the share of the claim's errors the explanation names,
 * correction the share whose correction it gives, each as 0 (none) / 1 (some) / 2 (all).
 *
 * A claim in which the evidence shows no error has nothing to detect or correct. FinGrAct defines both
 * criteria relative to the claim's errors, so an explanation cannot miss any: both are scored 2 (full
 * marks), not 0, which would punish an explanation for errors that do not exist. Explanations that invent
 * errors are not penalised here; the debate critics (debate-refine.ts) are the place that catches those.
 */
export function actionabilityScore(
  errors: readonly ClaimError[],
  linkScores: readonly ExplanationLinkScore[],
): ActionabilityScore {
  const errorDetection = errors.length === 0 ? 2 : level(errors.filter((error) => error.named).length, errors.length);
  const correction = errors.length === 0 ? 2 : level(errors.filter((error) => error.corrected).length, errors.length);
  const links = linksScore(linkScores);
  const total = errorDetection + correction + links;
  return {
    errorDetection,
    correction,
    links,
    total,
    outOfFive: round1((total / 6) * 5),
    errors: errors.map((error) => ({ ...error })),
    linkScores: linkScores.map((link) => ({ ...link })),
  };
}
