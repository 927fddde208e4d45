/** Early verdicts: the stances of a streamed verification reply, as soon as they are written (verify-claim.ts). */
import { JSONParser } from '@streamparser/json';
import type { z } from 'zod';

import { JsonReplyStart } from '../model/json-reply-start';

/**
 * Watches a streamed verification reply (`{"stances":[…],"rationales":[…],"explanation":"…"}`) for the
 * moment its `stances` array closes, and hands it over once, validated, while the model is still writing
 * the rationales and the explanation: the verdict follows from the stances alone. Never throws: malformed
 * JSON or stances that fail the schema simply mean no early hand-over (the whole reply is still validated
 * by the caller).
 */
export class StanceStreamParser<Stances> {
  private readonly parser = new JSONParser({ paths: ['$.stances'], keepStack: false });
  private readonly start = new JsonReplyStart();
  private done = false;

  constructor(
    private readonly stancesSchema: z.ZodType<Stances>,
    private readonly onStances: (stances: Stances) => void,
  ) {
    this.parser.onValue = ({ value }) => {
      if (this.done) return;
      this.done = true;
      const parsed = this.stancesSchema.safeParse(value);
      if (parsed.success) this.onStances(parsed.data);
    };
    this.parser.onError = () => {
      this.done = true;
    };
  }

  /** Feeds the next piece of the reply; text before the first brace (a fence, a sentence) is skipped. */
  write(delta: string): void {
    if (this.done) return;
    const text = this.start.json(delta);
    if (!text) return;
    try {
      this.parser.write(text);
    } catch {
      this.done = true;
    }
  }
}
