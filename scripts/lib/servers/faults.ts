/**
 * Fault switches shared by every loopback test server (OpenAI-compatible, SearXNG, web pages).
 *
 * The switch only decides *which* fault hits a request; how a fault looks on the wire (the 429 body, what a
 * "broken" body is) belongs to each protocol, so servers pass a {@link FaultResponses} to {@link applyFault}.
 */
import type { ServerResponse } from 'node:http';

import type { RecordedRequest } from './harness';

/** A misbehaviour a server can be told to show. */
export type Fault =
  /** Wait `ms`, then answer normally. */
  | { kind: 'latency'; ms: number }
  /** 429 with a `Retry-After` header and the protocol's rate-limit body. */
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  /** 500 with the protocol's error body. */
  | { kind: 'server-error' }
  /** Read the request and never answer (until the client gives up or the server closes). */
  | { kind: 'hang' }
  /** 200 with a broken body (truncated JSON, a broken SSE event, a cut-off HTML page). */
  | { kind: 'malformed' }
  /** Destroy the socket without an HTTP response. */
  | { kind: 'reset' }
  /**
   * Send the headers and the start of the body (a few SSE events of a stream, the first part of a JSON
   * body), then nothing more, with the socket left open: a server that stalls mid-reply.
   */
  | { kind: 'stall' };

/** Restricts a fault to requests whose path starts with `pathPrefix` (e.g. `/v1/chat`). */
export interface FaultScope {
  pathPrefix?: string;
}

/** The switches every server exposes as `server.faults`. */
export interface FaultControls {
  /** Apply `fault` to every request (in scope) until changed; `null` removes the rule (all rules without a scope). */
  always(fault: Fault | null, scope?: FaultScope): void;
  /** Queue `fault` for the next `count` requests in scope; queued faults win over `always`. */
  next(fault: Fault, count?: number, scope?: FaultScope): void;
  /** Base latency added to every request before anything else, composable with the other faults. */
  latency(ms: number): void;
  /** Remove every rule, queued fault and the base latency. */
  clear(): void;
}

/** What a protocol sends for the faults that produce an HTTP response. */
export interface HttpReply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

/** Protocol-specific renderings of the answering faults. */
export interface FaultResponses {
  rateLimit(retryAfterSeconds: number, request: RecordedRequest): HttpReply;
  serverError(request: RecordedRequest): HttpReply;
  malformed(request: RecordedRequest): HttpReply;
  /** The start of a reply for the `stall` fault; without one, the `malformed` body's start is sent. */
  stalled?(request: RecordedRequest): HttpReply;
}

interface QueuedFault {
  fault: Fault;
  remaining: number;
  pathPrefix: string;
}

/** The single implementation of {@link FaultControls}; servers call {@link FaultSwitch.take} once per request. */
export class FaultSwitch implements FaultControls {
  /** Keyed by path prefix ('' = every path); the longest matching prefix wins. */
  private readonly rules = new Map<string, Fault>();
  private readonly queue: QueuedFault[] = [];
  private baseLatencyMs = 0;

  always(fault: Fault | null, scope: FaultScope = {}): void {
    const prefix = scope.pathPrefix ?? '';
    if (fault) this.rules.set(prefix, fault);
    else if (scope.pathPrefix === undefined) this.rules.clear();
    else this.rules.delete(prefix);
  }

  next(fault: Fault, count = 1, scope: FaultScope = {}): void {
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError(`next(): count must be a positive integer, got ${count}`);
    this.queue.push({ fault, remaining: count, pathPrefix: scope.pathPrefix ?? '' });
  }

  latency(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`latency(): ms must be >= 0, got ${ms}`);
    this.baseLatencyMs = ms;
  }

  clear(): void {
    this.rules.clear();
    this.queue.length = 0;
    this.baseLatencyMs = 0;
  }

  /** Base latency for the current request. */
  get latencyMs(): number {
    return this.baseLatencyMs;
  }

  /** The fault for a request to `path`, consuming one use of the first matching queued fault. */
  take(path: string): Fault | null {
    const index = this.queue.findIndex((entry) => path.startsWith(entry.pathPrefix));
    const queued = this.queue[index];
    if (queued) {
      queued.remaining -= 1;
      if (queued.remaining === 0) this.queue.splice(index, 1);
      return queued.fault;
    }
    let best: { prefix: string; fault: Fault } | null = null;
    for (const [prefix, fault] of this.rules) {
      if (path.startsWith(prefix) && (!best || prefix.length > best.prefix.length)) best = { prefix, fault };
    }
    return best?.fault ?? null;
  }
}

/** Resolves after `ms`, or early when `signal` aborts (server closing), so no timer outlives a server. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Writes a complete reply unless the client already went away. */
export function sendReply(res: ServerResponse, reply: HttpReply): void {
  if (res.destroyed || res.headersSent) return;
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { ...reply.headers, 'Content-Length': String(body.length) });
  res.end(body);
}

/**
 * Writes the headers and `reply.body` and leaves the response open (no Content-Length, no end): the client
 * sees a reply begin and then silence, until it gives up or the server closes.
 */
export function sendStalled(res: ServerResponse, reply: HttpReply): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(reply.status, { ...reply.headers });
  res.write(reply.body);
}

/**
 * Applies `fault` to a request. Returns `true` when the request was fully dealt with (answered, hung or reset)
 * and `false` when the server should go on and answer normally (no fault, or after a latency fault).
 */
export async function applyFault(
  fault: Fault | null,
  request: RecordedRequest,
  res: ServerResponse,
  responses: FaultResponses,
  closing: AbortSignal,
): Promise<boolean> {
  if (!fault) return false;
  switch (fault.kind) {
    case 'latency':
      await sleep(fault.ms, closing);
      return closing.aborted;
    case 'rate-limit': {
      const reply = responses.rateLimit(fault.retryAfterSeconds, request);
      sendReply(res, { ...reply, headers: { ...reply.headers, 'Retry-After': String(fault.retryAfterSeconds) } });
      return true;
    }
    case 'server-error':
      sendReply(res, responses.serverError(request));
      return true;
    case 'malformed':
      sendReply(res, responses.malformed(request));
      return true;
    case 'hang':
      // Deliberately nothing: the socket stays open until the client aborts or close() destroys it.
      return true;
    case 'reset':
      res.socket?.destroy();
      return true;
    case 'stall':
      sendStalled(res, responses.stalled?.(request) ?? responses.malformed(request));
      return true;
  }
}
