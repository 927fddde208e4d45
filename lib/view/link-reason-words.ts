/**
 * Why a cited link was rated as it was, in words: the reasons the audit kept as codes (lib/core/quality/links/
 * link-reasons.ts) are worded by the catalogue when shown, in the interface language; a link without them (a
 * check stored before the codes, an imported check) or with a code this build does not know shows its stored
 * English `detail`. What the link holds (a host, an address, a DOI, a title, a service's message) stays as given,
 * isolated in a right-to-left sentence (lib/i18n/isolated-words.ts).
 */
import type { LinkRationaleReason, LinkReason } from '../core/quality/links/link-reasons';
import type { LinkJudgement, LinkRetrieval } from '../core/quality/links/types';
import type { NoticeCause } from '../core/stage-notices';
import { formatDate, t as translate } from '../i18n/i18n';
import { isolatingT } from '../i18n/isolated-words';
import { causeWords } from './error-words';

/** The catalogue's words with each value isolated in a right-to-left interface (lib/i18n/isolated-words.ts). */
const t = isolatingT();

/** A refusing site's status that has its own words. */
function refusedWords(host: string, status: number | undefined): string {
  if (status === undefined) return t('linkReasonRefused', { host });
  const values = { host, status: String(status) };
  switch (status) {
    case 401:
      return t('linkReasonRefusedLogin', values);
    case 402:
      return t('linkReasonRefusedPayment', values);
    case 403:
      return t('linkReasonRefusedAccess', values);
    case 407:
      return t('linkReasonRefusedProxyLogin', values);
    case 429:
      return t('linkReasonRefusedTooManyRequests', values);
    case 451:
      return t('linkReasonRefusedLegal', values);
    default:
      return t('linkReasonRefusedStatus', values);
  }
}

function notTextWords(reason: Extract<LinkReason, { code: 'not-text' }>): string | undefined {
  switch (reason.kind) {
    case 'pdf':
      return t('linkReasonNotTextPdf');
    case 'image':
      return t('linkReasonNotTextImage');
    case 'video':
      return t('linkReasonNotTextVideo');
    case 'audio':
      return t('linkReasonNotTextAudio');
    case 'download':
      return t('linkReasonNotTextDownload');
    case 'office':
      return t('linkReasonNotTextOffice');
    case 'other':
      return reason.contentType ? t('linkReasonNotTextType', { type: reason.contentType }) : undefined;
    case 'binary':
      return t('linkReasonNotTextBinary');
    default:
      return undefined;
  }
}

/**
 * A failure's cause inside the parentheses of a reason: its code worded in the interface language, else the stored
 * English, without the full stop that ends it (a Latin, CJK or Devanagari one).
 */
function innerCauseWords(reason: NoticeCause): string {
  return causeWords({ message: reason.cause, notice: reason.causeNotice }).replace(/[.。।]$/u, '');
}

/** A snapshot's day (YYYY-MM-DD, UTC) in the interface language's form. */
function dayWords(date: string): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : formatDate(time, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** One reason as one sentence of the interface language; undefined for a code this build does not know. */
export function linkReasonWords(reason: LinkReason): string | undefined {
  switch (reason.code) {
    case 'doi-unregistered':
      return t('linkReasonDoiUnregistered', { doi: reason.doi });
    case 'doi-registered':
      return reason.title
        ? t('linkReasonDoiRegisteredTitle', { doi: reason.doi, title: reason.title })
        : t('linkReasonDoiRegistered', { doi: reason.doi });
    case 'private-address':
      return t('linkReasonPrivateAddress', { host: reason.host });
    case 'redirect-home':
      return t('linkReasonRedirectHome', { host: reason.host });
    case 'redirect-elsewhere':
      return t('linkReasonRedirectElsewhere', { url: reason.url });
    case 'page-read':
      return reason.title ? t('linkReasonPageReadTitle', { title: reason.title }) : t('linkReasonPageRead');
    case 'needs-javascript':
      return reason.signal === 'notice' ? t('linkReasonNeedsJavascriptNotice') : t('linkReasonNeedsJavascriptScripts');
    case 'no-readable-text':
      return t('linkReasonNoReadableText');
    case 'not-text':
      return notTextWords(reason);
    case 'redirect-loop':
      return t('linkReasonRedirectLoop', { host: reason.host });
    case 'too-many-redirects':
      return t('linkReasonTooManyRedirects', { host: reason.host });
    case 'unreachable-or-private':
      return t('linkReasonUnreachableOrPrivate', { host: reason.host });
    case 'no-such-host':
      return t('linkReasonNoSuchHost', { host: reason.host });
    case 'invalid-url':
      return t('linkReasonInvalidUrl');
    case 'page-removed':
      return t('linkReasonPageRemoved', { host: reason.host });
    case 'page-missing':
      return t('linkReasonPageMissing', { host: reason.host, status: String(reason.status) });
    case 'timeout':
      return t('linkReasonTimeout', { host: reason.host });
    case 'refused':
      return refusedWords(reason.host, reason.status);
    case 'server-error':
      return t('linkReasonServerError', { host: reason.host, status: String(reason.status) });
    case 'unreachable':
      return t('linkReasonUnreachable', { host: reason.host });
    case 'unreadable':
      return t('linkReasonUnreadable', { host: reason.host, cause: innerCauseWords(reason) });
    case 'not-followed':
      return t('linkReasonNotFollowed', { cause: innerCauseWords(reason) });
    case 'archive-unavailable':
      return t('linkReasonArchiveUnavailable');
    case 'archive-none':
      return t('linkReasonArchiveNone');
    case 'archive-read':
      return reason.date ? t('linkReasonArchiveReadDate', { date: dayWords(reason.date) }) : t('linkReasonArchiveRead');
    case 'archive-empty':
      return reason.date
        ? t('linkReasonArchiveEmptyDate', { date: dayWords(reason.date) })
        : t('linkReasonArchiveEmpty');
    case 'archive-unreadable':
      return reason.date
        ? t('linkReasonArchiveUnreadableDate', { date: dayWords(reason.date) })
        : t('linkReasonArchiveUnreadable');
    default:
      return undefined; // a code from a newer build: its stored English is shown instead
  }
}

/** Why a link was judged so, when code (not the model) said it; undefined for a code this build does not know. */
export function linkRationaleReasonWords(reason: LinkRationaleReason): string | undefined {
  switch (reason.code) {
    case 'doi-unreadable':
      return t('linkRationaleDoiUnreadable');
    case 'nothing-read':
      return t('linkRationaleNothingRead');
    case 'budget':
      return t('linkRationaleBudget');
    case 'cancelled':
      return t('linkRationaleCancelled');
    case 'judge-failed':
      return t('linkRationaleJudgeFailed', {
        cause: causeWords({ message: reason.cause, notice: reason.causeNotice }),
      });
    case 'not-answered':
      return t('linkRationaleNotAnswered');
    case 'no-rationale':
      return t('linkRationaleNone');
    default:
      return undefined;
  }
}

/** The rationale a person reads under a cited link: the model's words as written, code's in the interface language. */
export function linkRationaleWords(judgement: Pick<LinkJudgement, 'rationale' | 'rationaleReason'>): string {
  return (judgement.rationaleReason && linkRationaleReasonWords(judgement.rationaleReason)) ?? judgement.rationale;
}

/**
 * What the interface language writes between two sentences: a space, or nothing in Japanese and Chinese. Their
 * catalogues write U+200B between the two placeholders of `linkReasonSentences` only because placeholders may not
 * touch ("$$" is an escaped dollar sign); it stands for nothing and is dropped, so no zero-width character reaches
 * the side panel's text or the Markdown export.
 */
function sentenceJoiner(): string {
  return translate('linkReasonSentences', { first: '', next: '' }).replace(/\u200b/g, '');
}

/** The sentences a person reads under a cited link. */
export function linkDetailWords(retrieval: Pick<LinkRetrieval, 'detail' | 'reasons' | 'reason'>): string {
  const reasons = retrieval.reasons ?? (retrieval.reason ? [retrieval.reason] : []);
  const sentences = reasons.map(linkReasonWords);
  if (sentences.length === 0 || sentences.some((words) => words === undefined)) return retrieval.detail;
  return (sentences as string[]).join(sentenceJoiner());
}
