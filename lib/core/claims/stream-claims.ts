/**
 * The claim stage as the pipeline runs it: the claim call (claim-prompt.ts), streamed where the model can,
 * each claim handed over as soon as its search can start (extractClaimsAsWritten).
 */
import { endsTheRun, type ModelCallContext, streamStructuredCall, structuredCall } from '../model/structured-call';
import type { Claim, ClaimQueries, Sentence } from '../types';
import {
  claimEntrySchemaFor,
  claimsCallSpec,
  type claimsFromReply,
  type ExtractClaimsInput,
  type ExtractedClaims,
  type LooseClaimEntry,
  searchableClaimSchemaFor,
  sentenceAsEntry,
  toClaim,
} from './claim-prompt';
import { ClaimStreamParser } from './claim-stream-parser';
import { toClaimQueries } from './query-prompt';

/**
 * Receives each claim once, as soon as it can be searched for: `draft` has the claim's final id, sentence,
 * text and check-worthiness (its span is still the sentence's), `queries` are set when it is check-worthy,
 * and `complete` settles with the whole claim (anchor, triple) once the model has written all of it. It
 * never rejects: a claim whose object never arrived whole is completed from its own words.
 */
export type OnClaim = (draft: Claim, queries: ClaimQueries | undefined, complete: Promise<Claim>) => void;

/** A claim handed over, by sentence; `finish` is set until its whole object has arrived. */
interface HandedOver {
  text: string;
  index: number;
  finish?: (entry: LooseClaimEntry) => void;
}

/**
 * Claim extraction that hands over each claim as soon as the model has written what its search needs. With
 * a model that can stream, the reply is parsed as it arrives (claim-stream-parser.ts): a check-worthy claim
 * is handed over once its text and queries are written (the schema puts them first), and completed when
 * its quote and triple follow; otherwise the whole reply is awaited and its claims handed over at once.
 * Either way every claim reaches `onClaim` exactly once, and the result lists them all.
 *
 * The whole streamed reply is still validated. When it is invalid, or the stream breaks, the sentences
 * that did not arrive complete are asked again without streaming (with the usual corrective retry); claims
 * already handed over are kept (completed by the answer when it has them), and a re-asked claim with the
 * same text as one of them is not handed over again, so nothing is lost and nothing is searched twice. When
 * that second call fails too, the error is thrown after what was handed over: the caller marks the
 * sentences still without claims.
 */
export async function extractClaimsAsWritten(
  ctx: ModelCallContext,
  input: ExtractClaimsInput,
  batch: readonly Sentence[],
  onClaim: OnClaim,
): Promise<ExtractedClaims> {
  const claims: Claim[] = [];
  const queries: ClaimQueries[] = [];
  const bySentence = new Map<number, HandedOver[]>();
  const sentenceByIndex = new Map(batch.map((sentence) => [sentence.index, sentence]));

  /** Hands over a whole claim entry, or completes the claim already handed over with the same text. */
  const handOver = (sentence: Sentence, entry: LooseClaimEntry) => {
    const own = bySentence.get(sentence.index) ?? [];
    bySentence.set(sentence.index, own);
    const text = normalise(entry.claim);
    const earlier = own.find((claim) => claim.text === text);
    if (earlier) {
      earlier.finish?.(entry);
      return;
    }
    const built = toClaim(input, sentence, entry, own.length);
    own.push({ text, index: own.length });
    claims.push(built.claim);
    if (built.queries) queries.push(built.queries);
    onClaim(built.claim, built.queries, Promise.resolve(built.claim));
  };

  /** Hands over a check-worthy claim whose queries are written; its quote and triple are still coming. */
  const handOverSearchable = (sentence: Sentence, fields: LooseClaimEntry) => {
    const own = bySentence.get(sentence.index) ?? [];
    bySentence.set(sentence.index, own);
    const text = normalise(fields.claim);
    if (own.some((claim) => claim.text === text)) return;
    const index = own.length;
    const record: HandedOver = { text, index };
    own.push(record);
    const draft: Claim = {
      id: `c${sentence.index}-${index}`,
      sentenceIndex: sentence.index,
      text: fields.claim.trim(),
      span: { start: sentence.start, end: sentence.end },
      anchored: false,
      checkWorthy: true,
    };
    const draftQueries = toClaimQueries(draft, fields, input.language);
    const complete = new Promise<Claim>((resolve) => {
      record.finish = (entry) => {
        record.finish = undefined;
        // The claim as handed over stays what is checked: its text, check-worthiness and queries are kept.
        const { claim } = toClaim(input, sentence, { ...entry, claim: fields.claim, checkWorthy: true }, index);
        claims.push(claim);
        resolve(claim);
      };
    });
    queries.push(draftQueries);
    onClaim(draft, draftQueries, complete);
  };

  /** Hands over a validated reply's claims for `sentences`. */
  const handOverReply = (sentences: readonly Sentence[], reply: Parameters<typeof claimsFromReply>[2]) => {
    const entries = new Map(reply.sentences.map((entry) => [entry.id, entry.claims]));
    for (const sentence of sentences) {
      for (const entry of entries.get(sentence.index) ?? []) if (entry.claim.trim()) handOver(sentence, entry);
    }
  };
  /**
   * The end, whatever happened: a claim handed over early whose whole object never came is completed from
   * its own words (anchored by them, no triple); a sentence without any claim stands as itself.
   */
  const finishAll = (withSentences: boolean) => {
    for (const [index, own] of bySentence) {
      for (const claim of own) claim.finish?.({ ...sentenceAsEntry(sentenceByIndex.get(index)!), sourceQuote: '' });
    }
    if (withSentences)
      for (const sentence of batch)
        if (!bySentence.get(sentence.index)?.length) handOver(sentence, sentenceAsEntry(sentence));
  };

  if (!ctx.model.stream) {
    const { value } = await structuredCall(ctx, claimsCallSpec(input, batch));
    handOverReply(batch, value);
    finishAll(true);
    return { claims, queries };
  }

  const parser = new ClaimStreamParser(
    new Set(sentenceByIndex.keys()),
    claimEntrySchemaFor(input.language),
    (id, entry) => handOver(sentenceByIndex.get(id)!, entry),
    {
      schema: searchableClaimSchemaFor(input.language),
      onSearchable: (id, fields) => handOverSearchable(sentenceByIndex.get(id)!, { ...fields, sourceQuote: '' }),
    },
  );
  let succeeded = false;
  try {
    let complete: ReadonlySet<number> = new Set();
    try {
      const result = await streamStructuredCall(ctx, claimsCallSpec(input, batch), (delta) => parser.write(delta));
      if (result.ok) {
        // Normally every sentence already arrived through the parser; this covers a reply it could not
        // follow (text around the JSON) and a cached reply, which is not streamed.
        handOverReply(
          batch.filter((sentence) => !parser.completeSentences().has(sentence.index)),
          result.value,
        );
        succeeded = true;
        return { claims, queries };
      }
      complete = parser.completeSentences();
    } catch (error) {
      // A budget stop or cancellation ends the run: nothing is asked again.
      if (endsTheRun(error, ctx.signal)) throw error;
      complete = parser.completeSentences();
    }
    const missing = batch.filter((sentence) => !complete.has(sentence.index));
    if (missing.length > 0) {
      const { value } = await structuredCall(ctx, claimsCallSpec(input, missing));
      handOverReply(missing, value);
    }
    succeeded = true;
    return { claims, queries };
  } finally {
    // On failure the caller stands in for the sentences still without claims; the claims already handed
    // over are completed either way, so nothing waits on them forever.
    finishAll(succeeded);
  }
}

/** Claim text compared loosely (case, spacing, final full stop), to spot a claim asked about twice. */
function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.。!]+$/, '');
}
