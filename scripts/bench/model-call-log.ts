import { type ChatRequest, type ChatResponder, countTokens, inSchemaOrder, type JsonSchema } from '../lib/servers';

/**
 * What the benchmark's scripted model wrote for each call, so the lower bound can give every call its own
 * latency (TTFT + its output tokens / decode rate) and know when each claim of a streamed claim reply was
 * complete.
 */
export interface LoggedCall {
  /** The schema name (stage) of the call, e.g. `atomic_claims`. */
  name: string;
  userText: string;
  /** Output tokens, counted as the loopback server counts them. */
  outputTokens: number;
  /** Claim replies only: each claim id (`c<sentence>-<k>`) → output tokens written once it was complete. */
  claimEnds?: Map<string, number>;
  /**
   * Claim replies only: each check-worthy claim id → output tokens written once what its search needs
   * (claim, checkWorthy, query, question) was, which is when Factlight starts searching for it.
   */
  claimSearchable?: Map<string, number>;
}

/** Wraps `responder` to log every call into `log`. */
export function loggingResponder(responder: ChatResponder, log: LoggedCall[]): ChatResponder {
  return async (request: ChatRequest) => {
    const produced = await responder(request);
    const format = request.response_format;
    // What the server will write: a structured reply with its keys in the schema's order.
    const written =
      format?.type === 'json_schema' && typeof produced === 'object'
        ? inSchemaOrder(produced, format.json_schema.schema as JsonSchema | undefined)
        : produced;
    const content = typeof written === 'string' ? written : JSON.stringify(written);
    const name = format && format.type === 'json_schema' ? format.json_schema.name : 'text';
    const entry: LoggedCall = { name, userText: request.userText, outputTokens: countTokens(content) };
    if (name === 'atomic_claims' && typeof written === 'object')
      Object.assign(entry, claimPositions(written as ClaimsReply, content));
    log.push(entry);
    return produced;
  };
}

interface ClaimsReply {
  sentences: Array<{ id: number; claims: Array<Record<string, unknown> & { claim: string; checkWorthy?: boolean }> }>;
}

/** The fields after which a claim's search can start (English text: no English-version fields). */
const SEARCH_FIELDS = ['claim', 'checkWorthy', 'query', 'question', 'englishQuery', 'englishQuestion'];

/**
 * Where each claim object ends in the serialised reply, and where its searchable fields end, in tokens
 * (the same numbering as the pipeline's ids).
 */
function claimPositions(reply: ClaimsReply, content: string): Pick<LoggedCall, 'claimEnds' | 'claimSearchable'> {
  const claimEnds = new Map<string, number>();
  const claimSearchable = new Map<string, number>();
  let position = 0;
  for (const sentence of reply.sentences) {
    let k = 0;
    for (const claim of sentence.claims) {
      const text = JSON.stringify(claim);
      const at = content.indexOf(text, position);
      if (at < 0) continue;
      position = at + text.length;
      if (!claim.claim.trim()) continue;
      const id = `c${sentence.id}-${k++}`;
      claimEnds.set(id, countTokens(content.slice(0, position)));
      // The object's text up to its last searchable field, as written (keys in the schema's order).
      const keys = Object.keys(claim);
      const last = Math.max(...SEARCH_FIELDS.map((field) => keys.indexOf(field)));
      const head = JSON.stringify(Object.fromEntries(keys.slice(0, last + 1).map((key) => [key, claim[key]]))).slice(
        0,
        -1,
      );
      if (claim.checkWorthy) claimSearchable.set(id, countTokens(content.slice(0, at + head.length)));
    }
  }
  return { claimEnds, claimSearchable };
}

/** The text of a `<<<LABEL>>> … <<<END LABEL>>>` block in a prompt. */
export function promptBlock(text: string, label: string): string | undefined {
  return new RegExp(`<<<${label}(?: id=[^>]*)?>>>\\n?([\\s\\S]*?)\\n?<<<END ${label}>>>`).exec(text)?.[1];
}
