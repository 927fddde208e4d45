/**
 * Explanation quality: FinGrAct actionability, citation attribution (masking and recovery), and the
 * Thorough mode's debate refinement.
 */

/** One error in a claim, found from evidence (FinGrAct task 1), and what the explanation does about it (task 2). */
export interface ClaimError {
  /** The sub-claim that is wrong. */
  subClaim: string;
  error: string;
  correction: string;
  /** Does the explanation name this error? */
  named: boolean;
  /** Does the explanation give this correction? */
  corrected: boolean;
}

/** One link of an explanation, FinGrAct-scored: works 1 + relevant 0.5 + supports 0.5. */
export interface ExplanationLinkScore {
  url: string;
  works: boolean;
  relevant: boolean;
  supports: boolean;
}

/**
 * The FinGrAct score. errorDetection and correction: 0 none, 1 some, 2 all errors of the claim named /
 * corrected; links: mean over the explanation's links of works + 0.5·relevant + 0.5·supports (0 without
 * links), 0..2. `total` is out of 6; `outOfFive` = total / 6 · 5, rounded to one decimal.
 */
export interface ActionabilityScore {
  errorDetection: 0 | 1 | 2;
  correction: 0 | 1 | 2;
  links: number;
  total: number;
  outOfFive: number;
  errors: ClaimError[];
  linkScores: ExplanationLinkScore[];
}

/** One [n] citation in an explanation sentence, and whether masking-and-recovery found it again. */
export interface CitationCheck {
  /** 0-based sentence of the explanation. */
  sentenceIndex: number;
  /** The n of [n]. */
  citation: number;
  supported: boolean;
}

/**
 * Citation attribution of one explanation. Precision: share of the explanation's citations recovered
 * (the passage supports the sentence that cites it); recall: share of recovered (sentence, passage) pairs
 * the explanation actually cited; F1 of the two. Null when the explanation cites nothing.
 */
export interface AttributionResult {
  citations: CitationCheck[];
  precision: number | null;
  recall: number | null;
  f1: number | null;
  /** The distinct (sentence, passage) pairs recovery found, cited or not (0-based sentence, n of [n]). */
  recovered?: Array<{ sentenceIndex: number; citation: number }>;
}

/** The Thorough mode's outcome for one claim: the critics' agreed feedback and what the refiner changed. */
export interface Refinement {
  claimId: string;
  rounds: number;
  /** True when the two critics agreed before the round limit. */
  agreed: boolean;
  feedback: string[];
  explanationBefore: string;
  explanationAfter: string;
  /** The sentence revision before and after, when the claim's sentence had one. */
  revisionBefore?: string;
  revisionAfter?: string;
}
