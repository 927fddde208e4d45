/**
 * A real HTTP server on 127.0.0.1 for the search adapter tests: it records each request (method, path,
 * query, headers, body) and answers with whatever the test set, or never answers ('hang').
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
}

export type Handler = (request: RecordedRequest) => Reply | 'hang';

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sets how the server answers from now on. */
  reply(handler: Handler | Reply | 'hang'): void;
  /** Resolves once the server has received `count` requests in all. */
  waitForRequests(count?: number): Promise<void>;
  /** Destroys open sockets (including hanging ones) and stops listening. */
  close(): Promise<void>;
}

/** Starts a server on an ephemeral loopback port. */
export async function startServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  let handler: Handler = () => ({ status: 200, body: {} });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const reply = handler(recorded);
      if (reply === 'hang') return;
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      const contentType = typeof reply.body === 'string' ? 'text/html' : 'application/json';
      res.writeHead(reply.status ?? 200, { 'Content-Type': contentType, ...reply.headers });
      res.end(body);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      handler = typeof next === 'function' ? next : () => next;
    },
    waitForRequests(count = 1) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The request body parsed as JSON. */
export function jsonBody(request: RecordedRequest | undefined): unknown {
  expect(request, 'the server received no request').toBeDefined();
  return JSON.parse(request?.body ?? '');
}

/** Awaits a promise that must reject with a `ProviderError`, and returns the error. */
export async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  if (outcome.ok) throw new Error(`expected a ProviderError, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(ProviderError);
  return outcome.error as ProviderError;
}
