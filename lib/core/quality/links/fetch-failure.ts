/**
 * A failed page fetch as the link audit reports it: which `LinkStatus` it means and why, as a code
 * (lib/core/quality/links/link-reasons.ts), which the caller follows with what the web archive had.
 */
import { ProviderError } from '../../errors';
import { causeOf } from '../../stage-notices';
import { hostOf } from '../../text/hosts';
import type { LinkFileKind, LinkReason } from './link-reasons';
import type { LinkStatus } from './types';

/** The status and the reason of one failure. */
export interface FailureReading {
  status: LinkStatus;
  /** Why, as a code (`englishLinkReason` gives its English sentence). */
  reason: LinkReason;
  httpStatus?: number;
}

/** Where the link went, as the reason names it: its host and port, or the link as written when it does not parse. */
function addressOf(url: string): string {
  return hostOf(url, { form: 'address' }) ?? url;
}

/** A PDF, an image, … for a media type the fetcher refused (`other` for a named type of no such kind). */
function fileKind(contentType: string | undefined): LinkFileKind {
  const type = contentType ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (/zip|compressed|tar|octet-stream/.test(type)) return 'download';
  if (/msword|officedocument|opendocument|rtf/.test(type)) return 'office';
  return type ? 'other' : 'binary';
}

/**
 * Reads a fetch failure. `ProviderError('cancelled')` is not a property of the link and is rethrown by
 * the caller before this is asked; anything that is not a `ProviderError` reads as an unreadable page.
 */
export function readFetchFailure(error: unknown, url: string): FailureReading {
  const host = addressOf(url);
  if (!(error instanceof ProviderError)) {
    return { status: 'dead', reason: { code: 'unreadable', host, ...causeOf(error) } };
  }
  const status = error.details.status;
  const withStatus = status !== undefined ? { httpStatus: status } : {};
  switch (error.details.reason) {
    case 'not-text': {
      const kind = fileKind(error.details.contentType);
      const contentType = kind === 'other' ? { contentType: error.details.contentType ?? '' } : {};
      return { status: 'not-text', reason: { code: 'not-text', kind, ...contentType }, ...withStatus };
    }
    case 'redirect-loop':
      return { status: 'dead', reason: { code: 'redirect-loop', host } };
    case 'too-many-redirects':
      return { status: 'dead', reason: { code: 'too-many-redirects', host } };
    case 'private-address':
      return { status: 'blocked', reason: { code: 'private-address', host: addressOf(error.details.url ?? url) } };
    case 'unreachable-or-private':
      return { status: 'dead', reason: { code: 'unreachable-or-private', host } };
    case 'dns':
      return { status: 'dead', reason: { code: 'no-such-host', host } };
    case 'invalid-url':
      return { status: 'dead', reason: { code: 'invalid-url' } };
    default:
      break;
  }
  switch (error.kind) {
    case 'not-found':
      return {
        status: 'dead',
        reason: status === 410 ? { code: 'page-removed', host } : { code: 'page-missing', host, status: status ?? 404 },
        ...withStatus,
      };
    case 'timeout':
      return { status: 'dead', reason: { code: 'timeout', host }, ...withStatus };
    case 'rate-limit':
    case 'auth':
    case 'forbidden-origin':
    case 'bad-request':
      return { status: 'blocked', reason: { code: 'refused', host, ...withStatusCode(status) }, ...withStatus };
    case 'server':
      return { status: 'dead', reason: { code: 'server-error', host, status: status ?? 500 }, ...withStatus };
    case 'unreachable':
      return { status: 'dead', reason: { code: 'unreachable', host }, ...withStatus };
    default:
      return { status: 'dead', reason: { code: 'unreadable', host, ...causeOf(error) }, ...withStatus };
  }
}

function withStatusCode(status: number | undefined): { status?: number } {
  return status !== undefined ? { status } : {};
}
