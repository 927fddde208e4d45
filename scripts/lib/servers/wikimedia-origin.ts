import type { IncomingMessage, ServerResponse } from 'node:http';

import { worldWikipedia } from './fact-world';
import { type HttpsOrigin, startHttpsOrigin } from './https-origin';
import { getEntities, searchEntities } from './wikidata-world';

/** The hosts a fresh install searches: Wikipedia (English edition) and Wikidata, both on by default. */
export const WIKIMEDIA_HOSTS = ['en.wikipedia.org', 'www.wikidata.org'];

/** Every request the origin answered, for tests that count or inspect them. */
export interface WikimediaRequest {
  host: string;
  path: string;
  query: Record<string, string>;
}

export interface WikimediaOrigin extends HttpsOrigin {
  requests: WikimediaRequest[];
}

export interface WikimediaOriginOptions {
  /**
   * `'too-many-requests'`: Wikipedia's API refuses every request as Wikimedia's edge does a client it limits
   * (HTTP 429 and the "Wikimedia Error" HTML page, before MediaWiki is reached, so no JSON and no CORS grant);
   * Wikidata still answers. Default `'ok'`.
   */
  wikipediaApi?: 'ok' | 'too-many-requests';
}

/**
 * The page Wikimedia's caches send with a 429 (the robot policy's short link, and the error line of the footer),
 * cut to what a client may read of it.
 */
const TOO_MANY_REQUESTS_PAGE =
  '<!DOCTYPE html>\n<html lang="en">\n<meta charset="utf-8">\n<title>Wikimedia Error</title>\n' +
  '<div class="content" role="main"><h1>Error</h1>\n' +
  '<p>Too many requests. Please respect our robot policy https://w.wiki/4wJS.</p></div>\n' +
  '<div class="footer"><p>If you report this error to the Wikimedia System Administrators, please include the details below.</p>' +
  '<p class="text-muted"><code>Request served via cp-loopback, Varnish XID 1<br>Error: 429, Too many requests</code></p></div>\n</html>\n';

/**
 * Wikipedia and Wikidata at their real HTTPS origins (en.wikipedia.org, www.wikidata.org), on loopback,
 * for a check with the default evidence settings. It speaks the MediaWiki Action API as the real sites do
 * (https://www.mediawiki.org/wiki/API:Search, API:Errors_and_warnings): `list=search` with
 * `formatversion=2`, errors as `{ error: { code, info } }` with status 200, anonymous CORS only with
 * `origin=*`. Articles are the fact world's pages at /wiki/Title; Wikidata knows the fact world's items
 * (wikidata-world.ts) through `wbsearchentities` and `wbgetentities`.
 */
export async function startWikimediaOrigin(options: WikimediaOriginOptions = {}): Promise<WikimediaOrigin> {
  const requests: WikimediaRequest[] = [];
  const origin = await startHttpsOrigin(WIKIMEDIA_HOSTS, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://placeholder');
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    requests.push({ host, path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (options.wikipediaApi === 'too-many-requests' && host === 'en.wikipedia.org' && url.pathname === '/w/api.php')
      return send(res, 429, 'text/html; charset=utf-8', TOO_MANY_REQUESTS_PAGE);
    answer(host, url, req, res);
  });
  return { ...origin, requests };
}

function answer(host: string, url: URL, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET') return send(res, 405, 'text/plain', 'Method Not Allowed');
  if (url.pathname === '/w/api.php')
    return send(res, 200, 'application/json; charset=utf-8', JSON.stringify(api(host, url.searchParams)), {
      'Access-Control-Allow-Origin': '*',
    });
  const article =
    host === 'en.wikipedia.org' && url.pathname.startsWith('/wiki/')
      ? worldWikipedia.article(decodeURIComponent(url.pathname.slice(6)).replace(/_/g, ' '))
      : undefined;
  if (article) return send(res, 200, 'text/html; charset=utf-8', article);
  send(
    res,
    404,
    'text/html; charset=utf-8',
    '<!doctype html><title>Not Found</title><p>Wikipedia does not have an article with this exact name.</p>',
  );
}

function api(host: string, params: URLSearchParams): object {
  const error = (code: string, info: string) => ({ error: { code, info }, servedby: 'mw-loopback' });
  if (params.get('format') !== 'json') return error('badvalue', 'Unrecognized value for parameter "format".');
  // Without origin=* a cross-origin request gets no CORS grant from the real API.
  if (params.get('origin') !== '*') return error('badorigin', 'CORS requests need origin=*.');
  const action = params.get('action');
  if (host === 'en.wikipedia.org' && action === 'query' && params.get('list') === 'search') {
    const text = params.get('srsearch');
    if (!text) return error('missingparam', 'The "srsearch" parameter must be set.');
    if (params.get('formatversion') !== '2')
      return error('badvalue', 'This loopback Wikipedia speaks formatversion=2 only.');
    const hits = worldWikipedia.search(text).slice(0, Number(params.get('srlimit') ?? 10));
    return { batchcomplete: true, query: { searchinfo: { totalhits: hits.length }, search: hits } };
  }
  if (host === 'www.wikidata.org' && action === 'wbsearchentities') return searchEntities(params);
  if (host === 'www.wikidata.org' && action === 'wbgetentities') return getEntities(params);
  return error('badvalue', `Unrecognized value for parameter "action": ${action ?? ''}.`);
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': type, ...headers });
  res.end(body);
}
