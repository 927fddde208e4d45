/**
 * Why a model call or a claim failed, in the interface language: an error the run kept as a code
 * (lib/core/error-notices.ts) is worded by the catalogue when shown, so a check made in English reads in
 * French once the interface is French. One without a code (older checks, causes no adapter has coded yet)
 * is shown as stored. What the service said itself (its message, a URL, its name) stays as given.
 */
import { englishError, type ErrorNotice, INSTANCE_EXAMPLE, isPageNotice, type PageNotice } from '../core/error-notices';
import { searchFailedNotice } from '../core/evidence/find-evidence';
import type { ClaimAssessment, SearchOutcome } from '../core/types';
import { failureCause } from '../core/verify/not-checked';
import { formatNumber, t as plainT, uiLocale } from '../i18n/i18n';
import { isolatingT, tIsolatedWords } from '../i18n/isolated-words';
import { engineReasonWords } from '../settings/engine';

/**
 * The catalogue's words, each string value (a provider's name or message, a URL, a host, a nested cause) isolated
 * when the interface reads right to left (lib/i18n/isolated-words.ts): plain characters, so this holds in the
 * page card and the Markdown export too, where no <bdi> can be.
 */
const t = isolatingT();

/** A duration in the interface language's units ("2 min, 5 s"), as the English `describeWait` rounds it. */
export function waitWords(ms: number): string {
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'short' });
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return unit(seconds, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120)
    return seconds % 60 ? `${unit(minutes, 'minute')} ${unit(seconds % 60, 'second')}` : unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}` : unit(hours, 'hour');
}

function secondsWords(seconds: number): string {
  return formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'short' });
}

function searchHttpWords(notice: Extract<ErrorNotice, { code: 'search-http' }>): string {
  const { provider } = notice;
  const status = String(notice.status);
  const base = (() => {
    switch (notice.reason) {
      case 'key-rejected':
        return t('errorSearchKeyRejected', { provider, status });
      case 'refused':
        return t('errorSearchRefused', { provider, status });
      case 'rate-limited':
        return notice.retrySeconds === undefined
          ? t('errorSearchRateLimited', { provider, status })
          : t('errorSearchRateLimitedRetry', { provider, status, seconds: secondsWords(notice.retrySeconds) });
      case 'not-found':
        return t('errorSearchNotFound', { provider, status });
      case 'timed-out':
        return t('errorSearchTimedOutStatus', { provider, status });
      case 'server':
        return t('errorSearchServer', { provider, status });
      case 'rejected':
        return t('errorSearchRejected', { provider, status });
      case 'json-disabled':
        return t('errorSearchJsonDisabled', { provider, status });
    }
  })();
  return notice.detail ? `${base} ${t('errorSearchSaid', { provider, detail: notice.detail })}` : base;
}

function searchBadReplyWords(notice: Extract<ErrorNotice, { code: 'search-bad-reply' }>): string | undefined {
  const { provider } = notice;
  switch (notice.problem) {
    case 'too-large':
      return t('errorSearchReplyTooLarge', {
        provider,
        size: formatNumber(notice.megabytes ?? 0, { style: 'unit', unit: 'megabyte', unitDisplay: 'short' }),
      });
    case 'not-json':
      return t('errorSearchReplyNotJson', { provider });
    case 'unexpected-shape':
      return notice.at
        ? t('errorSearchReplyShapeAt', { provider, path: notice.at })
        : t('errorSearchReplyShape', { provider });
    case 'no-results':
      return t('errorSearchReplyNoResults', { provider });
    case 'no-entities':
      return t('errorSearchReplyNoEntities', { provider });
    default:
      return undefined;
  }
}

function pageHttpWords(notice: Extract<ErrorNotice, { code: 'page-http' }>): string | undefined {
  const values = { host: notice.host, status: String(notice.status) };
  switch (notice.reason) {
    case 'gone':
      return t('errorPageGone', values);
    case 'server':
      return t('errorPageServer', values);
    case 'rate-limited':
      return t('errorPageRateLimited', values);
    case 'refused':
      return t('errorPageRefused', values);
    default:
      return undefined;
  }
}

function pagePrivateWords(notice: Extract<ErrorNotice, { code: 'page-private' }>): string {
  const { host, resolvesTo: address } = notice;
  if (address === undefined)
    return notice.redirected ? t('errorPageRedirectsPrivate', { host }) : t('errorPagePrivate', { host });
  return notice.redirected
    ? t('errorPageRedirectsPrivateResolves', { host, address })
    : t('errorPagePrivateResolves', { host, address });
}

function pageUnreachableWords(notice: Extract<ErrorNotice, { code: 'page-unreachable' }>): string {
  const { host, cause } = notice;
  if (cause !== undefined) return t('errorPageUnreachableCause', { host, cause });
  return notice.guarded ? t('errorPageUnreachableGuarded', { host }) : t('errorPageUnreachable', { host });
}

/** Why a page (evidence, a cited link, an archived copy) could not be read; undefined for an unknown reason. */
function pageErrorWords(notice: PageNotice): string | undefined {
  switch (notice.code) {
    case 'page-invalid-url':
      return t('errorPageInvalidUrl', { url: notice.url });
    case 'page-not-http':
      return t('errorPageNotHttp', { scheme: notice.scheme });
    case 'page-private':
      return pagePrivateWords(notice);
    case 'page-http':
      return pageHttpWords(notice);
    case 'page-not-text':
      return notice.type === undefined ? t('errorPageBinary') : t('errorPageNotTextType', { type: notice.type });
    case 'page-redirect-hidden':
      return t('errorPageRedirectHidden', { host: notice.host });
    case 'page-redirect-loop':
      return t('errorPageRedirectLoop', { host: notice.host });
    case 'page-too-many-redirects':
      return t('errorPageTooManyRedirects', { host: notice.host, max: formatNumber(notice.max) });
    case 'page-timed-out':
      return t('errorPageTimedOut', { host: notice.host, seconds: secondsWords(notice.seconds) });
    case 'page-unreachable':
      return pageUnreachableWords(notice);
  }
}

/*
 * The model server's errors below have two messages each: one naming the server, and one of its own for a server
 * the settings give no name ("…Unnamed"). A generic "the model server" put where a name goes would read wrong in
 * most languages (its article, case and gender are not a name's, and mid-sentence it is not capitalised).
 */

function rateLimitedWords(notice: Extract<ErrorNotice, { code: 'rate-limited' }>): string {
  const { provider } = notice;
  if (notice.waitMs === undefined) {
    if (provider === undefined)
      return notice.freeTier ? t('errorRateLimitedFreeTierUnnamed') : t('errorRateLimitedUnnamed');
    return notice.freeTier ? t('errorRateLimitedFreeTier', { provider }) : t('errorRateLimited', { provider });
  }
  const wait = waitWords(notice.waitMs);
  if (provider === undefined)
    return notice.freeTier
      ? t('errorRateLimitedFreeTierWaitUnnamed', { wait })
      : t('errorRateLimitedWaitUnnamed', { wait });
  return notice.freeTier
    ? t('errorRateLimitedFreeTierWait', { provider, wait })
    : t('errorRateLimitedWait', { provider, wait });
}

function dailyLimitWords(notice: Extract<ErrorNotice, { code: 'daily-limit' }>): string {
  const { provider } = notice;
  if (notice.waitMs === undefined)
    return provider === undefined ? t('errorDailyLimitUnnamed') : t('errorDailyLimit', { provider });
  const wait = waitWords(notice.waitMs);
  return provider === undefined
    ? t('errorDailyLimitResetsUnnamed', { wait })
    : t('errorDailyLimitResets', { provider, wait });
}

function requestTooLargeWords(notice: Extract<ErrorNotice, { code: 'request-too-large' }>): string {
  const { provider, limit, requested } = notice;
  if (limit === undefined || requested === undefined)
    return provider === undefined ? t('errorRequestTooLargeUnnamed') : t('errorRequestTooLarge', { provider });
  const figures = { limit: formatNumber(limit), requested: formatNumber(requested) };
  return provider === undefined
    ? t('errorRequestTooLargeLimitsUnnamed', figures)
    : t('errorRequestTooLargeLimits', { provider, ...figures });
}

function failedMidReplyWords(notice: Extract<ErrorNotice, { code: 'failed-mid-reply' }>): string {
  const { provider, detail } = notice;
  if (!detail) return provider === undefined ? t('errorFailedMidReplyUnnamed') : t('errorFailedMidReply', { provider });
  return provider === undefined
    ? t('errorFailedMidReplyDetailUnnamed', { detail })
    : t('errorFailedMidReplyDetail', { provider, detail });
}

function refusalCauseWords(notice: Extract<ErrorNotice, { code: 'model-refused' }>): string {
  const detail = notice.detail ?? '';
  switch (notice.why) {
    case 'no-reply':
      return t('errorRefusedNoReply');
    case 'content-filter':
      return t('errorRefusedContentFilter');
    case 'finish-reason':
      return t('errorRefusedFinishReason', { reason: detail });
    case 'declined':
      return t('errorRefusedDeclined', { detail });
    case 'provider-said':
      return detail;
  }
}

/** A language tag's name in the interface language ("de" → "allemand" in French), or the tag. */
function languageWords(language: string): string {
  try {
    return new Intl.DisplayNames([uiLocale()], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

function onDeviceLanguageWords(notice: Extract<ErrorNotice, { code: 'on-device-language-unsupported' }>): string {
  const known = new Intl.ListFormat(uiLocale(), { type: 'conjunction' }).format(notice.handles.map(languageWords));
  return t('errorOnDeviceLanguage', { language: languageWords(notice.language), known });
}

/**
 * The error in the interface language; undefined for a code this build does not know (a newer version's row),
 * whose stored English is shown instead.
 */
export function errorWords(notice: ErrorNotice): string | undefined {
  if (isPageNotice(notice)) return pageErrorWords(notice);
  switch (notice.code) {
    case 'key-rejected':
      return notice.provider === undefined
        ? t('errorKeyRejectedUnnamed', { detail: notice.detail })
        : t('errorKeyRejected', { provider: notice.provider, detail: notice.detail });
    case 'origin-refused':
      return notice.provider === undefined
        ? t('errorOriginRefusedUnnamed')
        : t('errorOriginRefused', { provider: notice.provider });
    case 'rate-limited':
      return rateLimitedWords(notice);
    case 'out-of-credit':
      // Only a name of its own makes it "your … account"; a server without one has the unbranded sentence.
      return notice.branded && notice.provider !== undefined
        ? t('errorOutOfCredit', { provider: notice.provider })
        : t('errorOutOfCreditUnbranded');
    case 'no-quota':
      return notice.provider === undefined
        ? t('errorNoQuotaUnnamed')
        : t('errorNoQuota', { provider: notice.provider });
    case 'daily-limit':
      return dailyLimitWords(notice);
    case 'request-too-large':
      return requestTooLargeWords(notice);
    case 'model-refused': {
      const cause = refusalCauseWords(notice);
      return notice.provider === undefined
        ? t('errorModelRefusedUnnamed', { cause })
        : t('errorModelRefused', { provider: notice.provider, cause });
    }
    case 'http-status': {
      const { detail } = notice;
      const status = String(notice.status);
      return notice.provider === undefined
        ? t('errorHttpStatusUnnamed', { status, detail })
        : t('errorHttpStatus', { provider: notice.provider, status, detail });
    }
    case 'timed-out':
      return notice.provider === undefined
        ? t('errorTimedOutUnnamed')
        : t('errorTimedOut', { provider: notice.provider });
    case 'reply-stalled': {
      const seconds = secondsWords(notice.seconds);
      return notice.provider === undefined
        ? t('errorReplyStalledUnnamed', { seconds })
        : t('errorReplyStalled', { provider: notice.provider, seconds });
    }
    case 'reply-too-slow': {
      const seconds = secondsWords(notice.seconds);
      return notice.provider === undefined
        ? t('errorReplyTooSlowUnnamed', { seconds })
        : t('errorReplyTooSlow', { provider: notice.provider, seconds });
    }
    case 'unreachable':
      return notice.url === undefined ? t('errorUnreachableNoAddress') : t('errorUnreachable', { url: notice.url });
    case 'request-cancelled':
      return t('errorRequestCancelled');
    case 'not-json':
      return notice.provider === undefined
        ? t('errorNotJsonUnnamed')
        : t('errorNotJson', { provider: notice.provider });
    case 'provider-failed':
      return notice.provider === undefined
        ? t('errorProviderFailedUnnamed', { detail: notice.detail })
        : t('errorProviderFailed', { provider: notice.provider, detail: notice.detail });
    case 'failed-mid-reply':
      return failedMidReplyWords(notice);
    case 'reply-without-text':
      return notice.provider === undefined
        ? t('errorReplyWithoutTextUnnamed')
        : t('errorReplyWithoutText', { provider: notice.provider });
    case 'embeddings-miscounted': {
      const counts = { got: notice.got, expected: notice.expected };
      return notice.provider
        ? t('errorEmbeddingsMiscounted', { provider: notice.provider, ...counts })
        : t('errorEmbedderMiscounted', counts);
    }
    case 'context-too-long':
      return t('ollamaContextTooLong', { tokens: notice.tokens });
    case 'on-device-context-too-long':
      return t('errorOnDeviceContextTooLong', { tokens: formatNumber(notice.tokens) });
    case 'on-device-refused':
      return t('errorOnDeviceRefused', { detail: notice.detail });
    case 'on-device-failed':
      return t('errorOnDeviceFailed', { detail: notice.detail });
    case 'on-device-unavailable':
    case 'on-device-downloadable':
    case 'on-device-downloading':
    case 'on-device-policy':
    case 'model-not-set-up':
    case 'sources-only-chosen':
      return engineReasonWords(notice);
    case 'on-device-download-failed':
      // The browser's words isolated; the button named by its own label, in the interface language.
      return tIsolatedWords(
        'errorOnDeviceDownloadFailed',
        { button: plainT('engineDownload'), detail: notice.detail },
        ['detail'],
      );
    case 'on-device-language-unsupported':
      return onDeviceLanguageWords(notice);
    case 'reply-cut-off':
      return t('errorReplyCutOff', { step: notice.step, tokens: formatNumber(notice.maxTokens) });
    case 'reply-malformed':
      return t('errorReplyMalformed', { step: notice.step, problem: notice.problem }).trim();
    case 'search-http':
      return searchHttpWords(notice);
    case 'search-bad-reply':
      return searchBadReplyWords(notice);
    case 'search-api-refused':
      return notice.what === 'search'
        ? t('errorSearchApiRefusedSearch', { provider: notice.provider, detail: notice.detail })
        : t('errorSearchApiRefusedRequest', { provider: notice.provider, detail: notice.detail });
    case 'search-needs-key':
      return t('errorSearchNeedsKey', { provider: notice.provider });
    case 'search-needs-address':
      return t('errorSearchNeedsAddress', { provider: notice.provider, example: INSTANCE_EXAMPLE });
    case 'search-timed-out':
      return t('errorSearchTimedOut', { provider: notice.provider, seconds: secondsWords(notice.seconds) });
    case 'search-unreachable':
      return notice.cause
        ? t('errorSearchUnreachableCause', { provider: notice.provider, host: notice.host, cause: notice.cause })
        : t('errorSearchUnreachable', { provider: notice.provider, host: notice.host });
    case 'search-failed': {
      if (notice.cause === undefined) return t('errorSearchFailedNoCause');
      const cause = causeWords({ message: notice.cause, notice: notice.causeNotice });
      return notice.others > 0
        ? t('errorSearchFailedOthers', { cause, count: notice.others })
        : t('errorSearchFailed', { cause });
    }
    case 'storage-full':
    case 'not-saved': {
      const words =
        notice.code === 'storage-full'
          ? t('errorStorageFull', { detail: notice.detail })
          : t('errorNotSaved', { detail: notice.detail });
      return notice.finalSave ? t('errorResultNotSaved', { cause: words }) : words;
    }
    case 'not-checked-budget':
      return t('errorNotCheckedBudget');
    case 'token-budget-used':
      return t('errorTokenBudgetUsed', { used: formatNumber(notice.used), budget: formatNumber(notice.budget) });
    case 'not-checked-cancelled':
      return t('errorNotCheckedCancelled');
    case 'rating-no-evidence':
      return t('errorRatingNoEvidence');
    default:
      return undefined;
  }
}

/** A cause (of a failure, score/failures.ts; of a search source) in the interface language, else as stored. */
export function causeWords(cause: { message: string; notice?: ErrorNotice | undefined }): string {
  return (cause.notice && errorWords(cause.notice)) ?? cause.message;
}

/**
 * A cause in the given words: worded from its code when they are the interface language's (the views), else its
 * stored English (the English catalogue of the export and the CLI), which is what its code says in English.
 */
export function causeIn(
  words: { readonly interfaceLanguage?: boolean | undefined },
  cause: { message: string; notice?: ErrorNotice | undefined },
): string {
  return words.interfaceLanguage ? causeWords(cause) : cause.message;
}

/**
 * Why a claim could not be checked, in the interface language: its code worded, else the stored English
 * (the cause alone, without an older row's "Could not check: " prefix). Empty when nothing was stored.
 */
export function claimErrorWords(assessment: Pick<ClaimAssessment, 'error' | 'errorNotice'>): string {
  const words = assessment.errorNotice && errorWords(assessment.errorNotice);
  if (words !== undefined) return words;
  return failureCause(assessment.error) ?? assessment.error ?? '';
}

/** A search source's failure (`SearchOutcome.failures`) in the interface language, or as stored. */
export function searchCauseWords(search: Pick<SearchOutcome, 'notices'>, cause: string): string {
  return causeWords({ message: cause, notice: search.notices?.[cause] });
}

/** "Search failed: <first cause> (and 2 other failures)" for searches that all failed, in the interface language. */
export function searchFailedWords(searches: ReadonlyArray<Pick<SearchOutcome, 'failures' | 'notices'>>): string {
  const notices: Record<string, ErrorNotice> = {};
  for (const search of searches) Object.assign(notices, search.notices);
  const notice = searchFailedNotice(
    searches.flatMap((search) => search.failures),
    notices,
  );
  return errorWords(notice) ?? englishError(notice);
}

/** Why a check or a rating failed, when it kept a code for it (`errorNotice`); else its stored English. */
export function checkErrorWords(check: { error?: string; errorNotice?: ErrorNotice }): string | undefined {
  return (check.errorNotice && errorWords(check.errorNotice)) ?? check.error;
}

/** Why a check found sources only, in the interface language when it kept a code for it; else as stored. */
export function evidenceOnlyReasonWords(check: {
  evidenceOnlyReason?: string;
  evidenceOnlyNotice?: ErrorNotice;
}): string | undefined {
  return (check.evidenceOnlyNotice && errorWords(check.evidenceOnlyNotice)) ?? check.evidenceOnlyReason;
}
