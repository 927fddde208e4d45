/**
 * Where a streamed JSON reply begins. Weaker servers (JSON mode, schema in the prompt) open with a sentence
 * or a ```json fence, so the incremental parsers start at the first brace and skip what comes before it.
 */

/** Follows one streamed reply, piece by piece, until its JSON has begun. */
export class JsonReplyStart {
  private started = false;

  /** The part of the next piece that belongs to the JSON: '' until its first brace has arrived. */
  json(delta: string): string {
    if (this.started) return delta;
    const brace = delta.indexOf('{');
    if (brace < 0) return '';
    this.started = true;
    return delta.slice(brace);
  }
}
