/**
 * A failed page fetch as the link audit reports it: which `LinkStatus` it means and one clause a reader
 * understands (no trailing period, so the caller can add what the archive found).
 */
import { errorMessage, ProviderError } from '../../errors';
import { hostOf } from '../../text/hosts';
import { englishLinkReason, type LinkReason } from './link-reasons';
import type { LinkStatus } from './types';

/** The status and the reader's explanation of one failure. */
export interface FailureReading {
  status: LinkStatus;
  detail: string;
  /** The same as a code, worded when shown, for the failures coded so far (their `detail` is its English). */
  reason?: LinkReason;
  httpStatus?: number;
}

/** Where the link went, as the reader's sentence names it; "the site" when the address does not parse. */
function addressOf(url: string): string {
  return hostOf(url, { form: 'address' }) ?? 'the site';
}

/** "a PDF file", "an image", … for a media type the fetcher refused. */
function fileKind(contentType: string | undefined): string {
  const type = contentType ?? '';
  if (type === 'application/pdf') return 'a PDF file';
  if (type.startsWith('image/')) return 'an image';
  if (type.startsWith('video/')) return 'a video';
  if (type.startsWith('audio/')) return 'an audio file';
  if (/zip|compressed|tar|octet-stream/.test(type)) return 'a download';
  if (/msword|officedocument|opendocument|rtf/.test(type)) return 'an office document';
  return type ? `a file of type ${type}` : 'a binary file';
}

const REFUSALS: Readonly<Record<number, string>> = {
  401: 'asks for a login',
  402: 'asks for payment',
  403: 'refused access, as paywalls and bot protection do',
  407: 'asks for a proxy login',
  429: 'refused us for sending too many requests',
  451: 'withholds the page for legal reasons',
};

/**
 * Reads a fetch failure. `ProviderError('cancelled')` is not a property of the link and is rethrown by
 * the caller before this is asked; anything that is not a `ProviderError` reads as an unreachable page.
 */
export function readFetchFailure(error: unknown, url: string): FailureReading {
  const host = addressOf(url);
  if (!(error instanceof ProviderError)) {
    return { status: 'dead', detail: `The page at ${host} could not be read (${errorMessage(error)})` };
  }
  const status = error.details.status;
  const withStatus = status !== undefined ? { httpStatus: status } : {};
  switch (error.details.reason) {
    case 'not-text':
      return {
        status: 'not-text',
        detail: `The link leads to ${fileKind(error.details.contentType)}, not a web page, so its text was not read`,
        ...withStatus,
      };
    case 'redirect-loop':
      return { status: 'dead', detail: `The link at ${host} redirects in a loop and never reaches a page` };
    case 'too-many-redirects':
      return { status: 'dead', detail: `The link at ${host} redirects again and again without reaching a page` };
    case 'private-address': {
      const reason: LinkReason = { code: 'private-address', host: addressOf(error.details.url ?? url) };
      return { status: 'blocked', detail: englishLinkReason(reason).replace(/\.$/, ''), reason };
    }
    case 'unreachable-or-private':
      return {
        status: 'dead',
        detail: `The site ${host} could not be reached, or it redirected to a private-network address, which is not fetched unless allowed in the settings`,
      };
    case 'dns':
      return { status: 'dead', detail: `The site name ${host} does not exist (it does not resolve to any server)` };
    case 'invalid-url':
      return { status: 'dead', detail: 'The link is not a valid web address, or redirects to one that is not' };
    default:
      break;
  }
  switch (error.kind) {
    case 'not-found':
      return {
        status: 'dead',
        detail:
          status === 410
            ? `The page at ${host} has been removed (410)`
            : `The page at ${host} does not exist (${status ?? 404})`,
        ...withStatus,
      };
    case 'timeout':
      return { status: 'dead', detail: `The page at ${host} did not load in time`, ...withStatus };
    case 'rate-limit':
    case 'auth':
    case 'forbidden-origin':
    case 'bad-request':
      return {
        status: 'blocked',
        detail: `The site ${host} ${(status !== undefined ? REFUSALS[status] : undefined) ?? 'refused the request'}${status !== undefined ? ` (${status})` : ''}`,
        ...withStatus,
      };
    case 'server':
      return {
        status: 'dead',
        detail: `The site ${host} answered with a server error (${status ?? 500}), so the page could not be read`,
        ...withStatus,
      };
    case 'unreachable':
      return { status: 'dead', detail: `The site ${host} could not be reached`, ...withStatus };
    default:
      return {
        status: 'dead',
        detail: `The page at ${host} could not be read (${error.message.replace(/\.$/, '')})`,
        ...withStatus,
      };
  }
}
