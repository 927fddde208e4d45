/**
 * Why the link audit rated a cited link as it did, as codes and parameters, the way a run's warnings and
 * errors are (lib/core/notices.ts, lib/core/error-notices.ts): the views word them in the interface language
 * (lib/view/link-reason-words.ts) whenever the check was made. A link's reasons are sentences in order (the
 * DOI's registration, where the link led, what reading it found, what the web archive had); the run also
 * stores their English (`englishLinkReasons`) as the link's `detail`, which older checks, the CLI and the JSON
 * export read. What the link itself holds (a DOI, an address, a page's title, a service's message) stays as
 * given.
 */

import type { NoticeCause } from '../../stage-notices';

/** What kind of file a link led to instead of a web page (`other`: a named media type, `binary`: none). */
export type LinkFileKind = 'pdf' | 'image' | 'video' | 'audio' | 'download' | 'office' | 'other' | 'binary';

export type LinkReason =
  /** Crossref does not know the DOI the link cites: the reference it stands for may be invented. */
  | { code: 'doi-unregistered'; doi: string }
  /** Crossref knows the DOI (and the work's title, when it gave one); what following it found comes next. */
  | { code: 'doi-registered'; doi: string; title?: string }
  /** The link leads to a private-network address (`host`), which is not fetched unless the person allowed it. */
  | { code: 'private-address'; host: string }
  /** Redirects ended on the home page of `host`, which often means the page was removed. */
  | { code: 'redirect-home'; host: string }
  /** Redirects ended at another address, `url`. */
  | { code: 'redirect-elsewhere'; url: string }
  /** The page (titled `title`, at most 120 characters) was read. */
  | { code: 'page-read'; title?: string }
  /** The page shows no text without scripts: it says it needs JavaScript (`notice`) or scripts write it. */
  | { code: 'needs-javascript'; signal: 'notice' | 'scripts' }
  | { code: 'no-readable-text' }
  /** A file, not a web page; `contentType` names an `other` kind. */
  | { code: 'not-text'; kind: LinkFileKind; contentType?: string }
  | { code: 'redirect-loop'; host: string }
  | { code: 'too-many-redirects'; host: string }
  | { code: 'unreachable-or-private'; host: string }
  /** The host name does not resolve. */
  | { code: 'no-such-host'; host: string }
  | { code: 'invalid-url' }
  /** HTTP 410. */
  | { code: 'page-removed'; host: string }
  /** HTTP 404 (or another "not found" status). */
  | { code: 'page-missing'; host: string; status: number }
  | { code: 'timeout'; host: string }
  /** The site refused us: 401, 402, 403, 407, 429 and 451 each have their words; others say the status. */
  | { code: 'refused'; host: string; status?: number }
  | { code: 'server-error'; host: string; status: number }
  | { code: 'unreachable'; host: string }
  /** Reading failed otherwise; `cause` is the fetcher's own (English) message, `causeNotice` its code if any. */
  | ({ code: 'unreadable'; host: string } & NoticeCause)
  /** Following the link threw where it never should (a bug or a broken port); `cause` as the error said (+ code). */
  | ({ code: 'not-followed' } & NoticeCause)
  /** The web archive, asked for a dead link's copy: could not be asked, has none, or has one (`date`: YYYY-MM-DD). */
  | { code: 'archive-unavailable' }
  | { code: 'archive-none' }
  | { code: 'archive-read'; date?: string }
  | { code: 'archive-empty'; date?: string }
  | { code: 'archive-unreadable'; date?: string };

/**
 * Why a link's judgement says what it says when code, not the model, wrote the rationale: nothing to judge, or
 * the judging call failed (`cause`: the error as it said it, in English).
 */
export type LinkRationaleReason =
  | { code: 'doi-unreadable' }
  | { code: 'nothing-read' }
  | { code: 'budget' }
  | { code: 'cancelled' }
  /** The call failed for `cause` (its English; `causeNotice` its code, when it has one). */
  | ({ code: 'judge-failed' } & NoticeCause)
  | { code: 'not-answered' }
  | { code: 'no-rationale' };

/** The rationale's English, as the run stores it in `rationale`. */
export function englishLinkRationale(reason: LinkRationaleReason): string {
  switch (reason.code) {
    case 'doi-unreadable':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The DOI is registered, but neither its page nor its title could be read, so it could not be judged.';
    case 'nothing-read':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'Nothing could be read at this link, so it cannot back the sentence.';
    case 'budget':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'Not judged: the token budget for this check was reached.';
    case 'cancelled':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'Not judged: the check was cancelled.';
    case 'judge-failed':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `Could not judge this link: ${reason.cause}`;
    case 'not-answered':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The model did not judge this link.';
    case 'no-rationale':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'No rationale given.';
  }
}

/** What a refusing site's status means, in the words of `englishLinkReason`. */
const REFUSALS: Readonly<Record<number, string>> = {
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  401: 'asks for a login',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  402: 'asks for payment',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  403: 'refused access, as paywalls and bot protection do',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  407: 'asks for a proxy login',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  429: 'refused us for sending too many requests',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  451: 'withholds the page for legal reasons',
};

const FILE_KINDS: Readonly<Record<Exclude<LinkFileKind, 'other'>, string>> = {
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  pdf: 'a PDF file',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  image: 'an image',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  video: 'a video',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  audio: 'an audio file',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  download: 'a download',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  office: 'an office document',
  // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
  binary: 'a binary file',
};

const from = (date: string | undefined): string => (date ? ` from ${date}` : '');
const quoted = (title: string | undefined): string => (title ? ` “${title}”` : '');

/** One reason's English, as one sentence. */
export function englishLinkReason(reason: LinkReason): string {
  switch (reason.code) {
    case 'doi-unregistered':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The DOI ${reason.doi} is not registered, so the reference it stands for may be invented.`;
    case 'doi-registered':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The DOI ${reason.doi} is registered${reason.title ? ` as${quoted(reason.title)}` : ''}.`;
    case 'private-address':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link leads to a private-network address (${reason.host}), which is not fetched unless allowed in the settings.`;
    case 'redirect-home':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link redirects to the home page of ${reason.host}, which often means the page was removed.`;
    case 'redirect-elsewhere':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link redirects to another address (${reason.url}).`;
    case 'page-read':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page${quoted(reason.title)} was read.`;
    case 'needs-javascript':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page shows no text without running scripts (${reason.signal === 'notice' ? 'it asks for JavaScript' : 'its text is produced by scripts'}), so it could not be read.`;
    case 'no-readable-text':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The page loaded but has no readable text.';
    case 'not-text': {
      const kind =
        // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
        reason.kind === 'other' ? `a file of type ${reason.contentType ?? 'unknown'}` : FILE_KINDS[reason.kind];
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link leads to ${kind}, not a web page, so its text was not read.`;
    }
    case 'redirect-loop':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link at ${reason.host} redirects in a loop and never reaches a page.`;
    case 'too-many-redirects':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link at ${reason.host} redirects again and again without reaching a page.`;
    case 'unreachable-or-private':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The site ${reason.host} could not be reached, or it redirected to a private-network address, which is not fetched unless allowed in the settings.`;
    case 'no-such-host':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The site name ${reason.host} does not exist (it does not resolve to any server).`;
    case 'invalid-url':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The link is not a valid web address, or redirects to one that is not.';
    case 'page-removed':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page at ${reason.host} has been removed (410).`;
    case 'page-missing':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page at ${reason.host} does not exist (${reason.status}).`;
    case 'timeout':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page at ${reason.host} did not load in time.`;
    case 'refused': {
      const status = reason.status;
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      const words = (status !== undefined ? REFUSALS[status] : undefined) ?? 'refused the request';
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The site ${reason.host} ${words}${status !== undefined ? ` (${status})` : ''}.`;
    }
    case 'server-error':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The site ${reason.host} answered with a server error (${reason.status}), so the page could not be read.`;
    case 'unreachable':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The site ${reason.host} could not be reached.`;
    case 'unreadable':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The page at ${reason.host} could not be read (${reason.cause.replace(/\.$/, '')}).`;
    case 'not-followed':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The link could not be followed (${reason.cause.replace(/\.$/, '')}).`;
    case 'archive-unavailable':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The web archive could not be asked for a copy.';
    case 'archive-none':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return 'The web archive has no copy of it.';
    case 'archive-read':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The web archive's copy${from(reason.date)} was read instead.`;
    case 'archive-empty':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The web archive has a copy${from(reason.date)}, but it has no readable text.`;
    case 'archive-unreadable':
      // i18n-exempt: English kept beside the reason's code; views word it (lib/view/link-reason-words.ts)
      return `The web archive has a copy${from(reason.date)}, but it could not be read.`;
  }
}

/** The reasons' English, sentence after sentence: what the run stores as the link's `detail`. */
export function englishLinkReasons(reasons: readonly LinkReason[]): string {
  return reasons.map(englishLinkReason).join(' ');
}
