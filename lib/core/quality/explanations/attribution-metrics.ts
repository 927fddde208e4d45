/**
 * Citation attribution as numbers: which of an explanation's citations the recovered (sentence, passage)
 * pairs support, and precision, recall and F1 over them (cited-sentences.ts masks, attribute-citations.ts recovers).
 */
import type { CitedSentence } from './cited-sentences';
import type { AttributionResult, CitationCheck } from './types';

/** A (sentence, passage) pair: sentence `sentenceIndex` (0-based) and the passage cited or recovered as [n]. */
export interface CitationPair {
  sentenceIndex: number;
  citation: number;
}

const key = (pair: CitationPair) => `${pair.sentenceIndex}:${pair.citation}`;

/** Harmonic mean; 0 when both are 0. */
export function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/**
 * Scores an explanation's citations against the pairs masking-and-recovery found. A citation (s, n) is
 * supported iff passage n was recovered for sentence s. Precision = supported / cited pairs; recall =
 * recovered pairs that were cited / recovered pairs. All null when nothing is cited. When the explanation
 * cites but nothing was recovered, recall is 0 (no recovered pair agrees with a citation; F1 is 0 either
 * way since precision is 0 too). `recovered` lists the distinct recovered pairs.
 */
export function attributionResult(
  sentences: readonly CitedSentence[],
  recovered: Iterable<CitationPair>,
): AttributionResult {
  const found = new Set<string>();
  const pairs: CitationPair[] = [];
  for (const pair of recovered) {
    if (found.has(key(pair))) continue;
    found.add(key(pair));
    pairs.push({ sentenceIndex: pair.sentenceIndex, citation: pair.citation });
  }
  const citations: CitationCheck[] = [];
  const cited = new Set<string>();
  sentences.forEach((sentence, sentenceIndex) => {
    for (const citation of sentence.citations) {
      const pair = { sentenceIndex, citation };
      if (cited.has(key(pair))) continue;
      cited.add(key(pair));
      citations.push({ ...pair, supported: found.has(key(pair)) });
    }
  });
  if (citations.length === 0) return { citations, precision: null, recall: null, f1: null, recovered: pairs };
  const supported = citations.filter((check) => check.supported).length;
  const precision = supported / citations.length;
  const recall = found.size === 0 ? 0 : [...found].filter((pair) => cited.has(pair)).length / found.size;
  return { citations, precision, recall, f1: f1(precision, recall), recovered: pairs };
}
