/**
 * A failed fetch read as the link audit's status and reason code: each failure the page fetchers report
 * (lib/extract/page-fetcher.ts, its browser twin) becomes a code with its values, never English words; the
 * English sentence comes from the code (`englishLinkReason`), as the run stores it.
 */
import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../../lib/core/errors';
import { readFetchFailure } from '../../../../../../lib/core/quality/links/fetch-failure';
import { englishLinkReason } from '../../../../../../lib/core/quality/links/link-reasons';

const URL_ = 'https://news.example:8443/story';
const HOST = 'news.example:8443';
const failure = (kind: ConstructorParameters<typeof ProviderError>[0], details = {}) =>
  readFetchFailure(new ProviderError(kind, 'The fetch failed.', details), URL_);

describe('readFetchFailure', () => {
  it('codes each refusing status, keeping the status for the words and as httpStatus', () => {
    for (const status of [401, 402, 403, 407, 429, 451, 418]) {
      expect(failure('bad-request', { status })).toEqual({
        status: 'blocked',
        reason: { code: 'refused', host: HOST, status },
        httpStatus: status,
      });
    }
    expect(failure('forbidden-origin')).toEqual({ status: 'blocked', reason: { code: 'refused', host: HOST } });
    expect(englishLinkReason(failure('auth', { status: 402 }).reason)).toBe(`The site ${HOST} asks for payment (402).`);
    expect(englishLinkReason(failure('auth', { status: 451 }).reason)).toBe(
      `The site ${HOST} withholds the page for legal reasons (451).`,
    );
    expect(englishLinkReason(failure('bad-request', { status: 418 }).reason)).toBe(
      `The site ${HOST} refused the request (418).`,
    );
  });

  it('codes missing, removed, slow, unreachable and broken pages as dead', () => {
    expect(failure('not-found', { status: 404 }).reason).toEqual({ code: 'page-missing', host: HOST, status: 404 });
    expect(failure('not-found', { status: 410 }).reason).toEqual({ code: 'page-removed', host: HOST });
    expect(failure('timeout').reason).toEqual({ code: 'timeout', host: HOST });
    expect(failure('unreachable').reason).toEqual({ code: 'unreachable', host: HOST });
    expect(failure('server', { status: 503 })).toEqual({
      status: 'dead',
      reason: { code: 'server-error', host: HOST, status: 503 },
      httpStatus: 503,
    });
    expect(failure('malformed').reason).toEqual({ code: 'unreadable', host: HOST, cause: 'The fetch failed.' });
    expect(readFetchFailure(new TypeError('socket hang up'), URL_)).toEqual({
      status: 'dead',
      reason: { code: 'unreadable', host: HOST, cause: 'socket hang up' },
    });
  });

  it("keeps an unreadable page's cause with its code, so the views word it (issue 25)", () => {
    const notice = { code: 'unreachable', url: 'https://news.example:8443/story' } as const;
    expect(readFetchFailure(new ProviderError('malformed', notice), URL_).reason).toEqual({
      code: 'unreadable',
      host: HOST,
      cause: 'Could not reach https://news.example:8443/story.',
      causeNotice: notice,
    });
  });

  it("codes the fetcher's own reasons: redirects, DNS, private addresses, invalid links", () => {
    const because = (reason: string, details = {}) => failure('unreachable', { reason, ...details }).reason;
    expect(because('redirect-loop')).toEqual({ code: 'redirect-loop', host: HOST });
    expect(because('too-many-redirects')).toEqual({ code: 'too-many-redirects', host: HOST });
    expect(because('unreachable-or-private')).toEqual({ code: 'unreachable-or-private', host: HOST });
    expect(because('dns')).toEqual({ code: 'no-such-host', host: HOST });
    expect(because('invalid-url')).toEqual({ code: 'invalid-url' });
    expect(because('private-address', { url: 'http://10.0.0.5/admin' })).toEqual({
      code: 'private-address',
      host: '10.0.0.5',
    });
  });

  it('names the kind of file a not-text link leads to, and a named media type as given', () => {
    const kind = (contentType?: string) =>
      failure('bad-request', { reason: 'not-text', ...(contentType ? { contentType } : {}) }).reason;
    expect(kind('application/pdf')).toEqual({ code: 'not-text', kind: 'pdf' });
    expect(kind('video/mp4')).toEqual({ code: 'not-text', kind: 'video' });
    expect(kind('audio/mpeg')).toEqual({ code: 'not-text', kind: 'audio' });
    expect(kind('application/zip')).toEqual({ code: 'not-text', kind: 'download' });
    expect(kind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toEqual({
      code: 'not-text',
      kind: 'office',
    });
    expect(kind()).toEqual({ code: 'not-text', kind: 'binary' });
    const flash = kind('application/x-shockwave-flash');
    expect(flash).toEqual({ code: 'not-text', kind: 'other', contentType: 'application/x-shockwave-flash' });
    expect(englishLinkReason(flash)).toBe(
      'The link leads to a file of type application/x-shockwave-flash, not a web page, so its text was not read.',
    );
  });
});
