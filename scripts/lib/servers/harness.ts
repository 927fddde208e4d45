/**
 * The plumbing every loopback test server shares: listen on 127.0.0.1, record requests, wait for them without
 * polling, apply faults, and close promptly even while requests hang.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { applyFault, type FaultControls, type FaultResponses, FaultSwitch, sleep } from './faults';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/v1/chat/completions`. */
  path: string;
  /** Query string parameters. */
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or `undefined` when empty or not JSON. */
  body: unknown;
  /** The body as text (form posts, broken JSON). */
  rawBody: string;
  /** `Date.now()` when the body had been read. */
  at: number;
}

/** Which recorded requests count: a predicate, or a path prefix. */
export type RequestFilter = ((request: RecordedRequest) => boolean) | string;

/** Options for {@link ServerBase.waitForRequests}. */
export interface WaitOptions {
  /** Reject after this many milliseconds; without it the wait lasts until the condition holds or close(). */
  timeoutMs?: number;
}

/** Members every test server returns. */
export interface ServerBase {
  port: number;
  /** Every request received, in arrival order (including hung and faulted ones). */
  readonly requests: RecordedRequest[];
  faults: FaultControls;
  /** Resolves with the matching requests once at least `n` were recorded; rejects on timeout or close(). */
  waitForRequests(n: number, filter?: RequestFilter, options?: WaitOptions): Promise<RecordedRequest[]>;
  /** Stops listening and destroys open sockets, so hanging requests end too. Idempotent. */
  close(): Promise<void>;
}

/** Per-request context handed to a server's handlers. */
export interface RequestContext {
  request: RecordedRequest;
  req: IncomingMessage;
  res: ServerResponse;
  /** Aborted when the server closes, for long-running responses (streams, giant pages). */
  closing: AbortSignal;
}

/** How a concrete server plugs into the harness. */
export interface HarnessSpec {
  /** Listen port; 0 (default) picks a free one. */
  port?: number;
  /** A loopback address to listen on (127.0.0.0/8), default 127.0.0.1: distinct addresses give distinct hosts. */
  host?: string;
  faultResponses: FaultResponses;
  /**
   * Runs before faults, e.g. origin checks and CORS. Return `true` when it answered the request itself;
   * that keeps CORS preflights from consuming queued faults meant for the real request.
   */
  prelude?: (context: RequestContext) => boolean;
  handle: (context: RequestContext) => void | Promise<void>;
}

interface Waiter {
  n: number;
  matches: (request: RecordedRequest) => boolean;
  resolve: (requests: RecordedRequest[]) => void;
  reject: (error: Error) => void;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
    // An aborted upload ends with 'close' and no 'end'; settle so the handler does not leak (no-op after 'end').
    req.on('close', () => reject(new Error('client closed the request before its body ended')));
  });
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts a server described by `spec` and returns the shared members. */
export async function startHarness(spec: HarnessSpec): Promise<ServerBase> {
  const faults = new FaultSwitch();
  const requests: RecordedRequest[] = [];
  const waiters = new Set<Waiter>();
  const sockets = new Set<Socket>();
  const closing = new AbortController();

  const settleWaiters = (): void => {
    for (const waiter of waiters) {
      const matching = requests.filter(waiter.matches);
      if (matching.length >= waiter.n) {
        waiters.delete(waiter);
        waiter.resolve(matching);
      }
    }
  };

  const onRequest = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A client that hangs up mid-response must not crash the test run with an unhandled 'error'.
    res.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rawBody = await readBody(req);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: parseJson(rawBody),
      rawBody,
      at: Date.now(),
    };
    requests.push(request);
    settleWaiters();
    const context: RequestContext = { request, req, res, closing: closing.signal };
    if (spec.prelude?.(context)) return;
    await sleep(faults.latencyMs, closing.signal);
    if (closing.signal.aborted) return;
    if (await applyFault(faults.take(request.path), request, res, spec.faultResponses, closing.signal)) return;
    await spec.handle(context);
  };

  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      // A bug in a handler or responder should be visible as a 500 with its message, not as a hang.
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`test server error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    if (spec.host && !/^127\.\d+\.\d+\.\d+$/.test(spec.host) && spec.host !== '::1')
      throw new Error(`Test servers listen on loopback only, not ${spec.host}`);
    server.listen(spec.port ?? 0, spec.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closed: Promise<void> | null = null;
  return {
    port,
    requests,
    faults,
    waitForRequests(n, filter, options = {}) {
      const matches =
        typeof filter === 'string' ? (r: RecordedRequest) => r.path.startsWith(filter) : (filter ?? (() => true));
      const already = requests.filter(matches);
      if (already.length >= n) return Promise.resolve(already);
      if (closing.signal.aborted) return Promise.reject(new Error('waitForRequests: server is closed'));
      return new Promise<RecordedRequest[]>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const waiter: Waiter = {
          n,
          matches,
          resolve: (found) => {
            clearTimeout(timer);
            resolve(found);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.add(waiter);
        if (options.timeoutMs !== undefined) {
          timer = setTimeout(() => {
            waiters.delete(waiter);
            const seen = requests.filter(matches).length;
            reject(new Error(`waitForRequests: ${seen}/${n} matching requests after ${options.timeoutMs} ms`));
          }, options.timeoutMs);
        }
      });
    },
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort();
        for (const waiter of waiters) waiter.reject(new Error('waitForRequests: server closed'));
        waiters.clear();
        server.close(() => resolve());
        // server.close() alone waits for open (hanging, keep-alive) connections; end them now.
        server.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

/** Headers to send with JSON bodies. */
export const JSON_HEADERS = { 'Content-Type': 'application/json' } as const;

/** Sends `value` as a JSON response (no-op when the client is gone). */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed || res.headersSent) return;
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  res.writeHead(status, { ...JSON_HEADERS, ...headers, 'Content-Length': String(body.length) });
  res.end(body);
}

/** Sends an HTML or text response (no-op when the client is gone). */
export function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  contentType = 'text/html; charset=utf-8',
): void {
  if (res.destroyed || res.headersSent) return;
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': String(bytes.length) });
  res.end(bytes);
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
