import { BudgetExceededError } from '../model/usage-meter';
import { ProviderError } from '../errors';
import { streamStructuredCall, structuredCall, type ModelCallContext } from '../model/structured-call';
import type { Claim, ClaimQueries, Sentence } from '../types';
import { ClaimStreamParser } from './claim-stream-parser';
import {
  claimEntrySchemaFor,
  claimsCallSpec,
  claimsFromReply,
  sentenceAsEntry,
  toClaim,
  type ExtractClaimsInput,
  type ExtractedClaims,
  type LooseClaimEntry,
} from './extract-claims';

/** Receives each claim once, as soon as it is known (with its queries when check-worthy). */
export type OnClaim = (claim: Claim, queries: ClaimQueries | undefined) => void;

/**
 * Claim extraction that hands over each claim as soon as the model has written it. With a model that can
 * stream, the reply is parsed as it arrives (claim-stream-parser.ts); otherwise the whole reply is awaited
 * and its claims handed over at once. Either way every claim reaches `onClaim` exactly once, and the
 * result lists them all.
 *
 * The whole streamed reply is still validated. When it is invalid, or the stream breaks, the sentences
 * that did not arrive complete are asked again without streaming (with the usual corrective retry); claims
 * already handed over are kept, and a re-asked claim with the same text as one of them is not handed over
 * again, so nothing is lost and nothing is searched twice. When that second call fails too, the error is
 * thrown after what was handed over: the caller marks the sentences still without claims.
 */
export async function extractClaimsAsWritten(ctx: ModelCallContext, input: ExtractClaimsInput, batch: readonly Sentence[], onClaim: OnClaim): Promise<ExtractedClaims> {
  const claims: Claim[] = [];
  const queries: ClaimQueries[] = [];
  const bySentence = new Map<number, Claim[]>();
  const sentenceByIndex = new Map(batch.map((sentence) => [sentence.index, sentence]));
  const handOver = (sentence: Sentence, entry: LooseClaimEntry) => {
    const own = bySentence.get(sentence.index) ?? [];
    const text = normalise(entry.claim);
    if (own.some((claim) => normalise(claim.text) === text)) return;
    const built = toClaim(input, sentence, entry, own.length);
    own.push(built.claim);
    bySentence.set(sentence.index, own);
    claims.push(built.claim);
    if (built.queries) queries.push(built.queries);
    onClaim(built.claim, built.queries);
  };
  /** Hands over a validated reply's claims for `sentences`; a sentence without any stands as itself. */
  const handOverReply = (sentences: readonly Sentence[], reply: Parameters<typeof claimsFromReply>[2]) => {
    const entries = new Map(reply.sentences.map((entry) => [entry.id, entry.claims]));
    for (const sentence of sentences) {
      for (const entry of entries.get(sentence.index) ?? []) if (entry.claim.trim()) handOver(sentence, entry);
    }
  };
  const standAlone = () => {
    for (const sentence of batch) if (!bySentence.has(sentence.index)) handOver(sentence, sentenceAsEntry(sentence));
  };

  if (!ctx.model.stream) {
    const { value } = await structuredCall(ctx, claimsCallSpec(input, batch));
    handOverReply(batch, value);
    standAlone();
    return { claims, queries };
  }

  const parser = new ClaimStreamParser(new Set(sentenceByIndex.keys()), claimEntrySchemaFor(input.language), (id, entry) => handOver(sentenceByIndex.get(id)!, entry));
  let complete: ReadonlySet<number> = new Set();
  try {
    const result = await streamStructuredCall(ctx, claimsCallSpec(input, batch), (delta) => parser.write(delta));
    if (result.ok) {
      // Normally every sentence already arrived through the parser; this covers a reply it could not
      // follow (text around the JSON) and a cached reply, which is not streamed.
      handOverReply(batch.filter((sentence) => !parser.completeSentences().has(sentence.index)), result.value);
      standAlone();
      return { claims, queries };
    }
    complete = parser.completeSentences();
  } catch (error) {
    // A budget stop or cancellation ends the run: nothing is asked again.
    if (error instanceof BudgetExceededError || (error instanceof ProviderError && error.kind === 'cancelled') || ctx.signal?.aborted) throw error;
    complete = parser.completeSentences();
  }
  const missing = batch.filter((sentence) => !complete.has(sentence.index));
  if (missing.length > 0) {
    const { value } = await structuredCall(ctx, claimsCallSpec(input, missing));
    handOverReply(missing, value);
  }
  standAlone();
  return { claims, queries };
}

/** Claim text compared loosely (case, spacing, final full stop), to spot a claim asked about twice. */
function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.。!]+$/, '');
}
