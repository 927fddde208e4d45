/**
 * A loopback web server for evidence pages: scripted HTML (or any bytes), redirects, a giant page streamed
 * with backpressure (to test size limits without holding megabytes in memory), a binary page, and 404s.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FaultResponses } from './faults';
import {
  escapeHtml,
  type RecordedRequest,
  type RequestContext,
  sendText,
  type ServerBase,
  startHarness,
} from './harness';

/** A page to serve. */
export interface WebResponse {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Default `text/html; charset=utf-8` for strings, `application/octet-stream` for Buffers. */
  contentType?: string;
  body: string | Buffer;
}

/** A redirect to `redirect` (absolute or relative URL). */
export interface WebRedirect {
  redirect: string;
  /** Default 302. */
  status?: 301 | 302 | 303 | 307 | 308;
}

/** What a route answers: fixed, or computed per request. */
export type WebRoute = WebResponse | WebRedirect | ((request: RecordedRequest) => WebResponse | WebRedirect);

/** Options for {@link startWebServer}. */
export interface WebServerOptions {
  /** Routes to register at start, keyed by path. */
  routes?: Record<string, WebRoute>;
  /** Fixed port; default picks a free one. */
  port?: number;
  /** Loopback address to listen on (default 127.0.0.1; `::1` for IPv6 loopback). */
  host?: string;
}

/** A running fake web server. */
export interface WebServer extends ServerBase {
  /** e.g. `http://127.0.0.1:PORT`. */
  origin: string;
  /** Absolute URL of `path` on this server. */
  url(path: string): string;
  /** Serves `response` at `path` (query strings are ignored when matching); replaces an earlier route. */
  route(path: string, response: WebRoute): void;
  /** Serves an HTML page of exactly `megabytes` MiB at `path`, generated while streaming. */
  giant(path: string, megabytes: number): void;
  /** Serves binary content at `path`: a valid 1x1 PNG unless `body`/`contentType` say otherwise. */
  binary(path: string, options?: { body?: Buffer; contentType?: string }): void;
}

/** A valid 1x1 transparent PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const NOT_FOUND_PAGE =
  '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>\n';

const faultResponses: FaultResponses = {
  rateLimit: () => ({
    status: 429,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: '<!DOCTYPE html><html><head><title>429 Too Many Requests</title></head><body><h1>Too Many Requests</h1></body></html>',
  }),
  serverError: () => ({
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: '<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1></body></html>',
  }),
  // A page cut off mid-tag: what a half-written or truncated document looks like to a parser.
  malformed: () => ({
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: '<!DOCTYPE html><html><head><title>Broken</title></head><body><article><p>The claim was fir',
  }),
};

const GIANT_HEAD = '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Giant page</title></head><body>\n';
const GIANT_TAIL = '\n</body></html>\n';
const GIANT_CHUNK_BYTES = 64 * 1024;

/** Yields exactly `total` bytes of ASCII HTML in 64 KiB chunks, so memory stays flat whatever the size. */
function* giantChunks(total: number): Generator<Buffer> {
  const paragraph = '<p>Filler paragraph of a giant evidence page, here to test download size limits.</p>\n';
  const filler = Buffer.from(
    paragraph.repeat(Math.ceil(GIANT_CHUNK_BYTES / paragraph.length)).slice(0, GIANT_CHUNK_BYTES),
  );
  let remaining = total - GIANT_HEAD.length - GIANT_TAIL.length;
  yield Buffer.from(GIANT_HEAD);
  while (remaining > 0) {
    const size = Math.min(remaining, GIANT_CHUNK_BYTES);
    yield size === GIANT_CHUNK_BYTES ? filler : filler.subarray(0, size);
    remaining -= size;
  }
  yield Buffer.from(GIANT_TAIL);
}

/** Starts the server on 127.0.0.1. */
export async function startWebServer(options: WebServerOptions = {}): Promise<WebServer> {
  const routes = new Map<string, WebRoute>(Object.entries(options.routes ?? {}));
  /** Streamed routes, kept apart because their body is produced on demand. */
  const giants = new Map<string, number>();

  const serveGiant = async ({ res }: RequestContext, bytes: number): Promise<void> => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': String(bytes) });
    // pipeline honours backpressure and stops when the client disconnects or close() destroys the socket.
    await pipeline(Readable.from(giantChunks(bytes)), res).catch(() => undefined);
  };

  const base = await startHarness({
    port: options.port,
    ...(options.host ? { host: options.host } : {}),
    faultResponses,
    handle: async (context) => {
      const { request, res } = context;
      const giantBytes = giants.get(request.path);
      if (giantBytes !== undefined) return serveGiant(context, giantBytes);
      const entry = routes.get(request.path);
      if (entry === undefined) return sendText(res, 404, NOT_FOUND_PAGE);
      const answer = typeof entry === 'function' ? entry(request) : entry;
      if ('redirect' in answer) {
        const target = escapeHtml(answer.redirect);
        const body = `<!DOCTYPE html><html><body>Redirecting to <a href="${target}">${target}</a></body></html>`;
        res.writeHead(answer.status ?? 302, { Location: answer.redirect, 'Content-Type': 'text/html; charset=utf-8' });
        res.end(body);
        return;
      }
      const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
      const contentType =
        answer.contentType ??
        (typeof answer.body === 'string' ? 'text/html; charset=utf-8' : 'application/octet-stream');
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, {
        'Content-Type': contentType,
        ...answer.headers,
        'Content-Length': String(body.length),
      });
      res.end(body);
    },
  });

  const route = (path: string, response: WebRoute): void => {
    giants.delete(path);
    routes.set(path, response);
  };
  const host = options.host ?? '127.0.0.1';
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${base.port}`;
  return {
    ...base,
    origin,
    url: (path) => new URL(path, origin).toString(),
    route,
    giant(path, megabytes) {
      const bytes = Math.round(megabytes * 1024 * 1024);
      if (bytes < GIANT_HEAD.length + GIANT_TAIL.length) throw new RangeError(`giant(): ${megabytes} MiB is too small`);
      routes.delete(path);
      giants.set(path, bytes);
    },
    binary(path, binaryOptions = {}) {
      route(path, { body: binaryOptions.body ?? PNG_1X1, contentType: binaryOptions.contentType ?? 'image/png' });
    },
  };
}
