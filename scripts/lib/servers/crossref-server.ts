/**
 * A loopback Crossref REST API for tests: `GET /works/{doi}` answers Crossref's envelope
 * `{ status: "ok", "message-type": "work", message: { DOI, title: [...], URL, resource: { primary: { URL } } } }`
 * for a registered DOI (case-insensitive, percent-encoded or not) and Crossref's plain-text 404
 * "Resource not found." for any other.
 */
import type { FaultResponses } from './faults';
import { sendJson, sendText, type ServerBase, startHarness } from './harness';

/** A registered work as a test scripts it. */
export interface CrossrefWorkInput {
  title?: string;
  /** The publisher's landing page (`resource.primary.URL`); left out when undefined. */
  landingPage?: string;
}

/** A running fake Crossref. */
export interface CrossrefServer extends ServerBase {
  /** e.g. `http://127.0.0.1:PORT`, the `baseUrl` for the Crossref adapter. */
  baseUrl: string;
  register(doi: string, work: CrossrefWorkInput): void;
}

const faultResponses: FaultResponses = {
  rateLimit: () => ({ status: 429, headers: { 'Content-Type': 'text/plain' }, body: 'Too many requests' }),
  serverError: () => ({ status: 500, headers: { 'Content-Type': 'text/plain' }, body: 'Internal Server Error' }),
  malformed: () => ({
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: '{"status":"ok","message":',
  }),
};

function decode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Starts the server on 127.0.0.1. */
export async function startCrossrefServer(): Promise<CrossrefServer> {
  const works = new Map<string, CrossrefWorkInput & { doi: string }>();
  const base = await startHarness({
    faultResponses,
    handle: ({ request, res }) => {
      const doi = request.path.startsWith('/works/') ? decode(request.path.slice('/works/'.length)) : '';
      const work = works.get(doi.toLowerCase());
      if (!work) return sendText(res, 404, 'Resource not found.', 'text/plain');
      return sendJson(res, 200, {
        status: 'ok',
        'message-type': 'work',
        'message-version': '1.0.0',
        message: {
          DOI: work.doi.toLowerCase(),
          type: 'journal-article',
          title: work.title === undefined ? [] : [work.title],
          URL: `https://doi.org/${work.doi.toLowerCase()}`,
          ...(work.landingPage ? { resource: { primary: { URL: work.landingPage } } } : {}),
        },
      });
    },
  });
  return {
    ...base,
    baseUrl: `http://127.0.0.1:${base.port}`,
    register: (doi, work) => works.set(doi.toLowerCase(), { ...work, doi }),
  };
}
