/** Incremental parsing of a streamed claim-extraction reply, for the claim stage (stream-claims.ts). */
import { JSONParser } from '@streamparser/json';
import type { z } from 'zod';

import { JsonReplyStart } from '../model/json-reply-start';

/**
 * Reads a streamed claim-extraction reply (`{"sentences":[{"id":…,"claims":[{…},…]},…]}`) as the model
 * writes it and reports each claim twice: once its search can start (`onSearchable`: the fields the search
 * needs are written, before the quote and triple that follow them) and once its object closes (`onClaim`).
 * The JSON is parsed incrementally (@streamparser/json); each claim is validated on its own against the
 * claim schema, and a sentence counts as complete only once its whole entry has closed with every claim
 * valid. Anything else (an invalid claim, a malformed chunk, a stream that ends mid-sentence) leaves that
 * sentence incomplete, for the caller to ask again; claims already handed over stay handed over.
 */
export class ClaimStreamParser<Entry extends { claim: string }, Searchable extends { claim: string } = Entry> {
  private readonly parser = new JSONParser({
    paths: ['$.sentences.*.claims.*.*', '$.sentences.*.claims.*', '$.sentences.*'],
    keepStack: true,
  });
  /** Claims already reported searchable, as `sentence position:claim position`. */
  private readonly searchable = new Set<string>();
  private readonly sentences = new Map<number, SentenceState<Entry>>();
  private readonly complete = new Set<number>();
  private readonly start = new JsonReplyStart();
  private failed = false;
  private ended = false;

  /**
   * @param sentenceIds the ids (sentence indexes) the batch asked about; entries for other ids are ignored.
   * @param entrySchema one claim's schema.
   * @param onClaim called once per valid, non-empty claim, in the order the model wrote them, with the
   *   claim's position in its sentence's `claims` array.
   * @param early `schema` of the fields a claim's search needs; `onSearchable` is called once per claim as
   *   soon as its partly written object matches it (with its position), before `onClaim` for the same claim.
   *   Only for claims whose sentence id was written before them.
   */
  constructor(
    private readonly sentenceIds: ReadonlySet<number>,
    private readonly entrySchema: z.ZodType<Entry>,
    private readonly onClaim: (sentenceId: number, entry: Entry, position: number) => void,
    private readonly early?: {
      schema: z.ZodType<Searchable>;
      onSearchable: (sentenceId: number, fields: Searchable, position: number) => void;
    },
  ) {
    this.parser.onValue = ({ value, key, parent, stack }) => {
      const top = stack[stack.length - 1];
      // A field of a claim object: the claims array sits at the top of the stack, its sentence below it.
      if (stack[stack.length - 2]?.key === 'claims' && typeof key === 'string')
        this.claimField(parent, top?.key, stack[stack.length - 3]?.key, stack[stack.length - 2]?.value);
      // A claim: its parent (the `claims` array) sits in the sentence object at the top of the stack.
      else if (top?.key === 'claims') this.claimValue(value, stack[stack.length - 2]?.key, top.value, key);
      else if (typeof key === 'number') this.sentenceValue(value, key);
    };
    this.parser.onError = () => {
      this.failed = true;
    };
    this.parser.onEnd = () => {
      this.ended = true;
    };
  }

  /** Feeds the next piece of the reply. Never throws: after malformed JSON, further text is ignored. */
  write(delta: string): void {
    if (this.failed || this.ended) return;
    const text = this.start.json(delta);
    if (!text) return;
    try {
      this.parser.write(text);
    } catch {
      this.failed = true;
    }
  }

  /** True when the JSON broke off (malformed); the sentences completed before that still count. */
  get malformed(): boolean {
    return this.failed;
  }

  /** Sentences whose whole entry arrived with every claim valid. */
  completeSentences(): ReadonlySet<number> {
    return this.complete;
  }

  private stateAt(position: unknown): SentenceState<Entry> | undefined {
    if (typeof position !== 'number') return undefined;
    let state = this.sentences.get(position);
    if (!state) this.sentences.set(position, (state = { pending: [], invalid: false }));
    return state;
  }

  /** A field of a claim was written: is the claim searchable yet? `claim` is the object so far. */
  private claimField(claim: unknown, claimPosition: unknown, sentencePosition: unknown, sentence: unknown): void {
    if (!this.early || typeof claimPosition !== 'number' || typeof sentencePosition !== 'number') return;
    const key = `${sentencePosition}:${claimPosition}`;
    if (this.searchable.has(key)) return;
    const id = sentenceId(sentence);
    if (id === undefined || !this.accepts(id)) return;
    const parsed = this.early.schema.safeParse(claim);
    if (!parsed.success) return;
    this.searchable.add(key);
    this.early.onSearchable(id, parsed.data, claimPosition);
  }

  private claimValue(value: unknown, position: unknown, sentence: unknown, claimPosition: unknown): void {
    const state = this.stateAt(position);
    if (!state || typeof claimPosition !== 'number') return;
    const parsed = this.entrySchema.safeParse(value);
    if (!parsed.success) {
      state.invalid = true;
      return;
    }
    // Empty claims are dropped, as the final reply's processing drops them.
    if (!parsed.data.claim.trim()) return;
    const id = sentenceId(sentence);
    // The id usually comes first (schema order); when it comes after the claims, they wait for it.
    if (id !== undefined && this.accepts(id)) this.onClaim(id, parsed.data, claimPosition);
    else state.pending.push({ entry: parsed.data, position: claimPosition });
  }

  private sentenceValue(value: unknown, position: number): void {
    const state = this.stateAt(position)!;
    const id = sentenceId(value);
    if (id === undefined || !this.accepts(id)) return;
    for (const { entry, position: claimPosition } of state.pending) this.onClaim(id, entry, claimPosition);
    state.pending = [];
    const claims = (value as { claims?: unknown }).claims;
    if (!state.invalid && Array.isArray(claims)) this.complete.add(id);
  }

  /** Whether claims for `id` may be handed over: one of the batch's sentences, not already completed. */
  private accepts(id: number): boolean {
    return this.sentenceIds.has(id) && !this.complete.has(id);
  }
}

interface SentenceState<Entry> {
  /** Valid claims seen before the sentence's id, with their positions. */
  pending: Array<{ entry: Entry; position: number }>;
  /** A claim of this sentence failed its schema. */
  invalid: boolean;
}

function sentenceId(sentence: unknown): number | undefined {
  const id = typeof sentence === 'object' && sentence !== null ? (sentence as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}
