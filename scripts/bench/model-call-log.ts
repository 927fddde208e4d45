import { countTokens, type ChatRequest, type ChatResponder } from '../../tests/servers';

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
}

/** Wraps `responder` to log every call into `log`. */
export function loggingResponder(responder: ChatResponder, log: LoggedCall[]): ChatResponder {
  return async (request: ChatRequest) => {
    const produced = await responder(request);
    const content = typeof produced === 'string' ? produced : JSON.stringify(produced);
    const format = request.response_format;
    const name = format && format.type === 'json_schema' ? format.json_schema.name : 'text';
    const entry: LoggedCall = { name, userText: request.userText, outputTokens: countTokens(content) };
    if (name === 'atomic_claims' && typeof produced === 'object') entry.claimEnds = claimEnds(produced as ClaimsReply, content);
    log.push(entry);
    return produced;
  };
}

interface ClaimsReply {
  sentences: Array<{ id: number; claims: Array<{ claim: string }> }>;
}

/** Where each claim object ends in the serialised reply, in tokens (the same numbering as the pipeline's ids). */
function claimEnds(reply: ClaimsReply, content: string): Map<string, number> {
  const ends = new Map<string, number>();
  let position = 0;
  for (const sentence of reply.sentences) {
    let k = 0;
    for (const claim of sentence.claims) {
      const text = JSON.stringify(claim);
      const at = content.indexOf(text, position);
      if (at < 0) continue;
      position = at + text.length;
      if (claim.claim.trim()) ends.set(`c${sentence.id}-${k++}`, countTokens(content.slice(0, position)));
    }
  }
  return ends;
}

/** The text of a `<<<LABEL>>> … <<<END LABEL>>>` block in a prompt. */
export function promptBlock(text: string, label: string): string | undefined {
  return new RegExp(`<<<${label}(?: id=[^>]*)?>>>\\n?([\\s\\S]*?)\\n?<<<END ${label}>>>`).exec(text)?.[1];
}
