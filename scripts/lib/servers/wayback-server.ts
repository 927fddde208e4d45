/**
 * A loopback Internet Archive for tests: the Wayback availability API (`GET /wayback/available?url=…`,
 * answering `{ url, archived_snapshots: { closest: { status, available, url, timestamp } } }` or an empty
 * `archived_snapshots`) and the snapshots themselves, at `/web/<timestamp>/<url>` with a banner as a reader
 * sees them and at `/web/<timestamp>id_/<url>` as originally captured.
 */
import type { FaultResponses } from './faults';
import { sendJson, sendText, type ServerBase, startHarness } from './harness';

/** One capture of a page. */
export interface WaybackSnapshotInput {
  /** 14 digits, e.g. `20200115093000`. */
  timestamp: string;
  html: string;
  /** The HTTP status the page had when captured (default 200). */
  status?: number;
}

/** A running fake Internet Archive. */
export interface WaybackServer extends ServerBase {
  /** e.g. `http://127.0.0.1:PORT`, the `baseUrl` for the Wayback adapter. */
  baseUrl: string;
  /** Archives `url` (replacing an earlier capture). */
  addSnapshot(url: string, snapshot: WaybackSnapshotInput): void;
  /** The snapshot URL the API reports for `url`. */
  snapshotUrl(url: string): string;
}

const faultResponses: FaultResponses = {
  rateLimit: () => ({ status: 429, headers: { 'Content-Type': 'text/html' }, body: '<h1>Too Many Requests</h1>' }),
  serverError: () => ({ status: 503, headers: { 'Content-Type': 'text/html' }, body: '<h1>Service Unavailable</h1>' }),
  malformed: () => ({
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: '{"archived_snapshots": {"closest": ',
  }),
};

/** The availability API compares addresses without scheme, "www." or trailing slash. */
function key(url: string): string {
  return url
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

/** Starts the server on 127.0.0.1. */
export async function startWaybackServer(): Promise<WaybackServer> {
  const snapshots = new Map<string, WaybackSnapshotInput & { url: string }>();
  let origin = '';
  const snapshotUrl = (url: string) => {
    const snapshot = snapshots.get(key(url));
    return `${origin}/web/${snapshot?.timestamp ?? '20000101000000'}/${snapshot?.url ?? url}`;
  };
  const base = await startHarness({
    faultResponses,
    handle: ({ request, res }) => {
      if (request.path === '/wayback/available') {
        const url = request.query.get('url') ?? '';
        const snapshot = snapshots.get(key(url));
        const closest = snapshot
          ? {
              status: String(snapshot.status ?? 200),
              available: true,
              url: snapshotUrl(url),
              timestamp: snapshot.timestamp,
            }
          : undefined;
        return sendJson(res, 200, { url, archived_snapshots: closest ? { closest } : {} });
      }
      const web = /^\/web\/(\d{14})(id_)?\/(.+)$/.exec(request.path);
      const snapshot = web ? snapshots.get(key(web[3] ?? '')) : undefined;
      if (!web || !snapshot || snapshot.timestamp !== web[1])
        return sendText(res, 404, '<h1>Hrm. The Wayback Machine has not archived that URL.</h1>');
      const banner = '<div id="wm-ipp">INTERNET ARCHIVE Wayback Machine — the toolbar a reader sees</div>';
      return sendText(res, 200, web[2] ? snapshot.html : snapshot.html.replace(/<body([^>]*)>/i, `<body$1>${banner}`));
    },
  });
  origin = `http://127.0.0.1:${base.port}`;
  return {
    ...base,
    baseUrl: origin,
    addSnapshot: (url, snapshot) => snapshots.set(key(url), { ...snapshot, url }),
    snapshotUrl,
  };
}
