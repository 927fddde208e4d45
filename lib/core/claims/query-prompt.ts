/**
 * The search half of the claim prompt: for each claim, a web search query and a type-aware question whose
 * answer is the fact being checked (FLEEK), in the text's language, plus English versions when the text
 * is not English (English sources are often the richest). Factlight asks for them in the claim-extraction
 * call itself (QUERY_FIELDS and QUERY_INSTRUCTIONS below), which saves a model round-trip on every check's
 * critical path; the benchmark's paper-structured baseline asks for them in a call of its own
 * (scripts/bench/baseline/generate-queries.ts).
 */
import { z } from 'zod';

import type { Claim, ClaimQueries } from '../types';

/** The query fields of one claim, as the model returns them. */
export const QUERY_FIELDS = {
  query: z.string(),
  question: z.string(),
  englishQuery: z.string().nullable(),
  englishQuestion: z.string().nullable(),
};
export type QueryFields = { [K in keyof typeof QUERY_FIELDS]: z.infer<(typeof QUERY_FIELDS)[K]> };

/** Whether `language` (BCP 47) is English, where no separate English query is asked for. */
export function isEnglish(language: string): boolean {
  return language.toLowerCase().startsWith('en');
}

// i18n-exempt: a prompt sent to the model, English by design
export const QUERY_INSTRUCTIONS = `For each check-worthy claim also give:
- query: a concise search-engine query (keywords, names, numbers; no quotes or operators) that finds sources confirming or refuting it;
- question: a question whose answer is exactly the fact the claim asserts, phrased by fact type
  (e.g. a date claim asks "When was …?", a quantity claim asks "How tall is …?", a person claim asks "Who …?").
Write both in the language of the text. When that language is not English, also give englishQuery and
englishQuestion; otherwise set them to null. For claims that are not check-worthy, use empty strings and nulls.`;

/** {@link QUERY_INSTRUCTIONS} for an English text, whose schema has no English-version fields. */
// i18n-exempt: a prompt sent to the model, English by design
export const ENGLISH_QUERY_INSTRUCTIONS = `For each check-worthy claim also give:
- query: a concise search-engine query (keywords, names, numbers; no quotes or operators) that finds sources confirming or refuting it;
- question: a question whose answer is exactly the fact the claim asserts, phrased by fact type
  (e.g. a date claim asks "When was …?", a quantity claim asks "How tall is …?", a person claim asks "Who …?").
For claims that are not check-worthy, use empty strings.`;

/** A claim's queries from the model's fields; a missing query falls back to the claim's own words. */
export function toClaimQueries(claim: Claim, fields: Partial<QueryFields> | undefined, language: string): ClaimQueries {
  const result: ClaimQueries = {
    claimId: claim.id,
    query: fields?.query?.trim() || claim.text,
    question: fields?.question?.trim() || claim.text,
  };
  if (!isEnglish(language)) {
    if (fields?.englishQuery?.trim()) result.englishQuery = fields.englishQuery.trim();
    if (fields?.englishQuestion?.trim()) result.englishQuestion = fields.englishQuestion.trim();
  }
  return result;
}
