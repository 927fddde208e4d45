/**
 * A loopback SearXNG instance for tests: `/search` over GET or POST (form), the JSON output format with
 * SearXNG's field names, the HTML page for browsers, and the 403 SearXNG gives when a format is not enabled
 * in `search.formats` (the classic "JSON API switched off" misconfiguration).
 */
import type { FaultResponses } from './faults';
import { escapeHtml, type RequestContext, sendJson, sendText, type ServerBase, startHarness } from './harness';

/** A result as a test scripts it. */
export interface SearxngResultInput {
  url: string;
  title: string;
  content: string;
  /** ISO date; SearXNG sends `null` when an engine gives none. */
  publishedDate?: string;
  /** Engine name (default `'fake'`). */
  engine?: string;
}

/** A result as SearXNG's JSON format sends it. */
export interface SearxngResult {
  url: string;
  title: string;
  content: string;
  engine: string;
  engines: string[];
  score: number;
  category: string;
  positions: number[];
  parsed_url: string[];
  template: string;
  publishedDate: string | null;
}

/** The JSON body of `GET /search?format=json`. */
export interface SearxngResponse {
  query: string;
  number_of_results: number;
  results: SearxngResult[];
  answers: unknown[];
  corrections: unknown[];
  infoboxes: unknown[];
  suggestions: unknown[];
  unresponsive_engines: unknown[];
}

/** Produces results for a query; `params` holds every request parameter (categories, language, pageno, ...). */
export type SearxngResultsFn = (query: string, params: URLSearchParams) => SearxngResultInput[];

/** Options for {@link startSearxngServer}. */
export interface SearxngServerOptions {
  /** `false` leaves json out of `search.formats`, so `format=json` gets 403 (default true). */
  jsonEnabled?: boolean;
  /** Fixed port; default picks a free one. */
  port?: number;
}

/** A running fake SearXNG. */
export interface SearxngServer extends ServerBase {
  /** e.g. `http://127.0.0.1:PORT`, the instance URL a user would type in settings. */
  baseUrl: string;
  /** Scripts the results (default: none). */
  setResults(fn: SearxngResultsFn): void;
}

/** Formats SearXNG knows; an unknown `format` silently falls back to html, a known disabled one is 403. */
const OUTPUT_FORMATS = ['html', 'csv', 'json', 'rss'];

/** Merges query string and form body, form winning, the way SearXNG reads `request.form`. */
function searchParams({ request }: RequestContext): URLSearchParams {
  const params = new URLSearchParams(request.query);
  const type = request.headers['content-type'] ?? '';
  if (request.method === 'POST' && type.includes('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(request.rawBody)) params.set(key, value);
  }
  return params;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} - SearXNG</title></head>\n<body>${body}</body></html>\n`;
}

/** Flask's stock 403 page, which SearXNG returns through `flask.abort(403)`. */
const FORBIDDEN_PAGE =
  '<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n' +
  '<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n';

const faultResponses: FaultResponses = {
  // SearXNG's bot limiter answers a bare text 429.
  rateLimit: () => ({
    status: 429,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    body: 'Too Many Requests',
  }),
  serverError: () => ({
    status: 500,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: '<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n',
  }),
  malformed: (request) =>
    request.query.get('format') === 'json' || request.rawBody.includes('format=json')
      ? {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
          body: '{"query": "broken", "number_of_results": 1, "results": [{"url": "https://exa',
        }
      : {
          status: 200,
          headers: { 'Content-Type': 'text/html; charset=utf-8' },
          body: '<!DOCTYPE html><html><body><article class="res',
        },
};

/** Starts the server on 127.0.0.1. */
export async function startSearxngServer(options: SearxngServerOptions = {}): Promise<SearxngServer> {
  const formats = options.jsonEnabled === false ? ['html'] : ['html', 'json'];
  let resultsFn: SearxngResultsFn = () => [];

  const toResult = (input: SearxngResultInput, index: number, total: number): SearxngResult => {
    const url = new URL(input.url);
    const engine = input.engine ?? 'fake';
    return {
      url: input.url,
      title: input.title,
      content: input.content,
      engine,
      engines: [engine],
      // Descending like SearXNG's merged scores, so "sort by score" keeps the scripted order.
      score: Number(((total - index) / total).toFixed(4)),
      category: 'general',
      positions: [index + 1],
      parsed_url: [
        url.protocol.replace(':', ''),
        url.host,
        url.pathname,
        '',
        url.search.replace('?', ''),
        url.hash.replace('#', ''),
      ],
      template: 'default.html',
      publishedDate: input.publishedDate ?? null,
    };
  };

  const search = (context: RequestContext): void => {
    const { res } = context;
    const params = searchParams(context);
    const requested = params.get('format') ?? 'html';
    const format = OUTPUT_FORMATS.includes(requested) ? requested : 'html';
    if (!formats.includes(format)) return sendText(res, 403, FORBIDDEN_PAGE);
    const query = params.get('q') ?? '';
    if (query.trim() === '') {
      if (format === 'html')
        return sendText(res, 200, page('Search', '<form method="post" action="/search"><input name="q"></form>'));
      return sendJson(res, 400, { error: 'No query' });
    }
    const inputs = resultsFn(query, params);
    const results = inputs.map((input, index) => toResult(input, index, inputs.length));
    if (format === 'json') {
      const body: SearxngResponse = {
        query,
        number_of_results: results.length,
        results,
        answers: [],
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      };
      return sendJson(res, 200, body);
    }
    const articles = results
      .map(
        (r) =>
          `<article class="result result-default category-general"><h3><a href="${escapeHtml(r.url)}">${escapeHtml(r.title)}</a></h3>` +
          `<p class="content">${escapeHtml(r.content)}</p></article>`,
      )
      .join('\n');
    sendText(res, 200, page(query, `<div id="results"><div id="urls" role="main">\n${articles}\n</div></div>`));
  };

  const base = await startHarness({
    port: options.port,
    faultResponses,
    handle: (context) => {
      const { request, res } = context;
      const path = request.path.replace(/\/+$/, '') || '/';
      if (path === '/search' && (request.method === 'GET' || request.method === 'POST')) return search(context);
      if (path === '/healthz' && request.method === 'GET') return sendText(res, 200, 'OK', 'text/plain; charset=utf-8');
      if (path === '/' && request.method === 'GET')
        return sendText(res, 200, page('SearXNG', '<form method="post" action="/search"><input name="q"></form>'));
      sendText(res, 404, '<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n');
    },
  });

  return {
    ...base,
    baseUrl: `http://127.0.0.1:${base.port}`,
    setResults(fn) {
      resultsFn = fn;
    },
  };
}
