/**
 * The claim prompt and its reply schema. Atomic claims (Facts&Evidence, FLEEK): each sentence becomes
 * short, self-contained claims with the exact quote they rest on, anchored back to offsets. One model
 * call covers a batch of sentences; stream-claims.ts makes that call and hands each claim over as it is
 * written, and the benchmark's baseline (scripts/bench/baseline/extract-claims.ts) makes it per sentence.
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../model/prompt-safety';
import type { StructuredCallSpec } from '../model/structured-call';
import { textLanguageLine } from '../model/text-language';
import type { Claim, ClaimQueries, Sentence } from '../types';
import { anchorClaim } from './anchor-claims';
import {
  ENGLISH_QUERY_INSTRUCTIONS,
  isEnglish,
  QUERY_FIELDS,
  QUERY_INSTRUCTIONS,
  toClaimQueries,
} from './query-prompt';

/** Sentences per call: large enough to share context, small enough that replies stay reliable. */
const MAX_SENTENCES_PER_CALL = 20;
const MAX_CHARS_PER_CALL = 6_000;
/** Surrounding text given for resolving pronouns, in characters before the batch. */
const CONTEXT_CHARS = 1_500;

/**
 * One claim as the model writes it (validated on its own while a reply streams). The order is the order
 * of writing (strict structured outputs follow the schema's key order): what the claim's search needs
 * (the claim, whether it is check-worthy, its queries) comes first, so the search starts while the model
 * is still writing the quote and the triple, which only anchoring and display need.
 */
export const claimEntrySchema = z.object({
  claim: z.string(),
  checkWorthy: z.boolean(),
  ...QUERY_FIELDS,
  sourceQuote: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
});

/** A claim entry as written by the model. */
export type ClaimEntry = z.infer<typeof claimEntrySchema>;

/**
 * The claim of an English text: no English-version query fields, which would only be written as nulls
 * (about ten output tokens a claim, on the path to every claim's search).
 */
const englishClaimEntrySchema = claimEntrySchema.omit({ englishQuery: true, englishQuestion: true });

/** The claim schema for a text in `language`. */
export function claimEntrySchemaFor(language: string): z.ZodType<LooseClaimEntry> {
  return isEnglish(language) ? englishClaimEntrySchema : claimEntrySchema;
}

/**
 * The fields a check-worthy claim's search needs, once the model has written them (it writes them first:
 * see claimEntrySchema): the claim, `checkWorthy: true` and its queries.
 */
export function searchableClaimSchemaFor(language: string): z.ZodType<SearchableClaim> {
  const base = z.object({
    claim: z.string().refine((text) => text.trim() !== ''),
    checkWorthy: z.literal(true),
    query: QUERY_FIELDS.query,
    question: QUERY_FIELDS.question,
  });
  return isEnglish(language)
    ? base
    : base.extend({ englishQuery: QUERY_FIELDS.englishQuery, englishQuestion: QUERY_FIELDS.englishQuestion });
}

/** A claim's searchable fields (the English versions only for a text not in English). */
export type SearchableClaim = Pick<ClaimEntry, 'claim' | 'query' | 'question'> &
  Partial<Pick<ClaimEntry, 'englishQuery' | 'englishQuestion'>> & { checkWorthy: true };

/** A validated claims reply (English replies lack the English-version fields). */
export interface ClaimsReply {
  sentences: Array<{ id: number; claims: LooseClaimEntry[] }>;
}

function claimsSchemaFor(language: string): z.ZodType<ClaimsReply> {
  return z.object({
    sentences: z.array(z.object({ id: z.number().int(), claims: z.array(claimEntrySchemaFor(language)) })),
  });
}

const systemPrompt = (queryInstructions: string) =>
  // i18n-exempt: a prompt sent to the model, English by design
  `You split text into atomic factual claims for fact-checking.
For each numbered sentence, list its claims. A claim is one short, self-contained statement of fact:
- resolve pronouns and references from the context ("It was built in 1889" becomes "The Eiffel Tower was built in 1889");
- one fact per claim; keep the sentence's own words where possible; keep numbers, dates and names exactly;
- write claims in the language of the text;
- sourceQuote is the exact, contiguous span of the sentence the claim rests on, copied character for character;
- subject / predicate / object is the claim as a fact triple (e.g. "Eiffel Tower" / "completed in" / "1889").
Opinions, value judgements, predictions, questions, instructions, greetings and hedged speculation are not
check-worthy: return them as a single claim with checkWorthy false. Factual sentences get checkWorthy true.
${queryInstructions}
Return every sentence id you were given, in order. ${DATA_BLOCK_RULE}`;

export interface ExtractClaimsInput {
  text: string;
  sentences: readonly Sentence[];
  /** The language the text was split in (a best guess): it decides whether an English query is asked for. */
  language: string;
  /** The language named to the model (`promptLanguage`): only one declared or reliably guessed. */
  promptLanguage?: string;
}

/**
 * Groups sentences into batches under both limits (and at most `maxSentences` sentences a batch); a model
 * with a small context window (on-device) passes a smaller `maxChars` too.
 */
export function batchSentences(
  sentences: readonly Sentence[],
  maxSentences = MAX_SENTENCES_PER_CALL,
  maxChars = MAX_CHARS_PER_CALL,
): Sentence[][] {
  const batches: Sentence[][] = [];
  let current: Sentence[] = [];
  let chars = 0;
  const perCall = Math.max(1, Math.min(maxSentences, MAX_SENTENCES_PER_CALL));
  for (const sentence of sentences) {
    if (
      current.length > 0 &&
      (current.length >= perCall || chars + sentence.text.length > Math.min(maxChars, MAX_CHARS_PER_CALL))
    ) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(sentence);
    chars += sentence.text.length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

function userMessage(input: ExtractClaimsInput, batch: readonly Sentence[]): string {
  const first = batch[0]!;
  const context = input.text.slice(Math.max(0, first.start - CONTEXT_CHARS), first.start);
  const numbered = batch.map((sentence) => `[${sentence.index}] ${sentence.text}`).join('\n');
  return [
    textLanguageLine(input.promptLanguage),
    // i18n-exempt: a prompt sent to the model, English by design
    context ? dataBlock('CONTEXT BEFORE', context) : '',
    dataBlock('SENTENCES', numbered),
  ]
    .filter(Boolean)
    .join('\n\n');
}

export interface ExtractedClaims {
  claims: Claim[];
  /** Search queries and questions of the check-worthy claims. */
  queries: ClaimQueries[];
}

/** The claim-extraction request for one batch. */
export function claimsCallSpec(input: ExtractClaimsInput, batch: readonly Sentence[]): StructuredCallSpec<ClaimsReply> {
  return {
    stage: 'claims',
    role: 'fast',
    name: 'atomic_claims',
    schema: claimsSchemaFor(input.language),
    messages: [
      {
        role: 'system',
        content: systemPrompt(isEnglish(input.language) ? ENGLISH_QUERY_INSTRUCTIONS : QUERY_INSTRUCTIONS),
      },
      { role: 'user', content: userMessage(input, batch) },
    ],
  };
}

/** A claim entry that may lack the optional fields (a sentence the model skipped stands as one claim). */
export type LooseClaimEntry = Partial<ClaimEntry> & { claim: string; sourceQuote: string; checkWorthy: boolean };

/** Anchors one claim entry of `sentence` as its `index`-th claim, with its queries when check-worthy. */
export function toClaim(
  input: ExtractClaimsInput,
  sentence: Sentence,
  entry: LooseClaimEntry,
  index: number,
): { claim: Claim; queries?: ClaimQueries } {
  const anchor = anchorClaim(input.text, sentence, entry.claim, entry.sourceQuote);
  const triple =
    entry.subject && entry.predicate
      ? { subject: entry.subject, predicate: entry.predicate, object: entry.object ?? '' }
      : undefined;
  const claim: Claim = {
    id: `c${sentence.index}-${index}`,
    sentenceIndex: sentence.index,
    text: entry.claim.trim(),
    span: anchor.span,
    anchored: anchor.anchored,
    checkWorthy: entry.checkWorthy,
    ...(triple ? { triple } : {}),
  };
  return { claim, ...(claim.checkWorthy ? { queries: toClaimQueries(claim, entry, input.language) } : {}) };
}

/** The sentence itself as its one claim, for a sentence the model gave no claims for. */
export function sentenceAsEntry(sentence: Sentence): LooseClaimEntry {
  return { claim: sentence.text, sourceQuote: sentence.text, checkWorthy: true };
}

/** Claims of a validated reply, sentence by sentence. */
export function claimsFromReply(
  input: ExtractClaimsInput,
  batch: readonly Sentence[],
  value: ClaimsReply,
): ExtractedClaims {
  const bySentence = new Map(value.sentences.map((entry) => [entry.id, entry.claims]));
  const claims: Claim[] = [];
  const queries: ClaimQueries[] = [];
  for (const sentence of batch) {
    const extracted = (bySentence.get(sentence.index) ?? []).filter((entry) => entry.claim.trim());
    // A sentence the model skipped is still checked, as itself, rather than silently dropped.
    const entries: LooseClaimEntry[] = extracted.length > 0 ? extracted : [sentenceAsEntry(sentence)];
    entries.forEach((entry, index) => {
      const built = toClaim(input, sentence, entry, index);
      claims.push(built.claim);
      if (built.queries) queries.push(built.queries);
    });
  }
  return { claims, queries };
}
