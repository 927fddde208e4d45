/**
 * Why a model call or a claim failed, as a code and parameters, the way the run's warnings are
 * (lib/core/notices.ts): the views word it in the interface language (lib/view/error-words.ts) whenever
 * the check was made. A `ProviderError` built from a notice takes its English (`englishError`) as its
 * message, which is what the run stores as a claim's `error` and a failure's cause: older checks, logs, the
 * CLI and the JSON export read that. Parameters that come from the service (its own message, a URL, a
 * provider's name) stay as given.
 */

export type ErrorNotice =
  /** A hosted API's 401: the key itself was rejected; `detail` is the provider's own first line. */
  | { code: 'key-rejected'; provider?: string; detail: string }
  /** A local server (Ollama) refused our extension's Origin header with a 403. */
  | { code: 'origin-refused'; provider?: string }
  /** A 429 that a wait fixes: `waitMs` when the provider said how long. */
  | { code: 'rate-limited'; provider?: string; freeTier: boolean; waitMs?: number }
  /** Out of credit (billing); `branded`: the provider has a name of its own ("Your OpenAI account"). */
  | { code: 'out-of-credit'; provider?: string; branded: boolean }
  /** The key has no quota at all for this model (limit 0). */
  | { code: 'no-quota'; provider?: string; freeTier: boolean }
  /** A daily quota is used up; `waitMs` until it resets, when the provider said. */
  | { code: 'daily-limit'; provider?: string; freeTier: boolean; waitMs?: number }
  /**
   * One request is larger than the key's tokens-per-minute limit (OpenAI's 429, Groq's 413 "Request too large"):
   * no wait fixes it. `limit` and `requested` in tokens, when the provider said them.
   */
  | { code: 'request-too-large'; provider?: string; limit?: number; requested?: number }
  /**
   * The provider or model refused the content (lib/llm/refusals.ts): `why` it is known, and `detail` as given
   * (a native finish reason, the model's own refusal, the provider's first line).
   */
  | { code: 'model-refused'; provider?: string; why: RefusalWhy; detail?: string }
  /** Any other HTTP status, with the provider's own first line (a 404 names the missing model there). */
  | { code: 'http-status'; provider?: string; status: number; detail: string }
  /** The connection timed out before an answer. */
  | { code: 'timed-out'; provider?: string }
  /** A streamed reply stopped: nothing arrived for `seconds`. */
  | { code: 'reply-stalled'; provider?: string; seconds: number }
  /** One reply took longer than `seconds` overall. */
  | { code: 'reply-too-slow'; provider?: string; seconds: number }
  /**
   * The server could not be reached (DNS, refused connection, TLS); `url` without credentials or query, absent
   * when the configured address could not be parsed.
   */
  | { code: 'unreachable'; url?: string }
  | { code: 'request-cancelled' }
  | { code: 'not-json'; provider?: string }
  /** Anything else the adapter could not name; `detail` is what was thrown, as given. */
  | { code: 'provider-failed'; provider?: string; detail: string }
  /** The provider says the model failed partway through its reply (OpenRouter's `finish_reason: "error"`). */
  | { code: 'failed-mid-reply'; provider?: string; detail?: string }
  /** The provider's reply had no text, and did not say it was cut off. */
  | { code: 'reply-without-text'; provider?: string }
  /** An embedder answered `got` vectors where `expected` were asked for (`provider`: its name, when known). */
  | { code: 'embeddings-miscounted'; provider?: string; got: number; expected: number }
  /** A step does not fit Ollama's context window of `tokens`, even with its passages shortened. */
  | { code: 'context-too-long'; tokens: number }
  /** A step does not fit Chrome's on-device model's context window of `tokens`, even trimmed. */
  | { code: 'on-device-context-too-long'; tokens: number }
  /** The on-device model refused the request (NotAllowedError while prompting); `detail` as the browser said. */
  | { code: 'on-device-refused'; detail: string }
  /** The on-device model failed otherwise; `detail` as the browser said. */
  | { code: 'on-device-failed'; detail: string }
  /** Chrome's on-device model is not on this browser or device (no Prompt API, or it answered "unavailable"). */
  | { code: 'on-device-unavailable' }
  /** The on-device model must be downloaded once first (Chrome starts that only from a click on Download). */
  | { code: 'on-device-downloadable' }
  /** Chrome is downloading the on-device model. */
  | { code: 'on-device-downloading' }
  /** The organisation's policy switched the on-device model off; `detail` as the browser said, when it did. */
  | { code: 'on-device-policy'; detail?: string }
  /** The on-device model could not be downloaded; `detail` as the browser said. */
  | { code: 'on-device-download-failed'; detail: string }
  /**
   * The on-device model cannot read `language` (the text's detected language tag); `handles`: the tags it
   * reads. Both are worded as language names when shown.
   */
  | { code: 'on-device-language-unsupported'; language: string; handles: readonly string[] }
  /**
   * The model settings cannot run a check yet: no server address (`no-model`), no API key for `provider`
   * (`needs-key`), or no model names (`choose-models`).
   */
  | { code: 'model-not-set-up'; problem: ModelSetupProblem; provider?: string }
  /** Not a failure: the person chose "sources only" in Settings, so checks find sources and judge nothing. */
  | { code: 'sources-only-chosen' }
  /** The model's reply for the step `step` was cut at `maxTokens` even after doubling the limit. */
  | { code: 'reply-cut-off'; step: string; maxTokens: number }
  /** The model's reply for `step` did not match the expected format twice; `problem` is the validator's. */
  | { code: 'reply-malformed'; step: string; problem: string }
  /**
   * A search source answered an HTTP error. `reason`: what the status means (`key-rejected` only for a source
   * with a key); `retrySeconds` when a 429 said when to come back; `detail`: what the source said, as given.
   */
  | {
      code: 'search-http';
      provider: string;
      status: number;
      reason: SearchHttpReason;
      retrySeconds?: number;
      detail?: string;
    }
  /**
   * A search source's reply could not be used: over `megabytes` MB, not JSON, not the documented shape (`at`), or a
   * MediaWiki reply without its search results or entities.
   */
  | {
      code: 'search-bad-reply';
      provider: string;
      problem: 'too-large' | 'not-json' | 'unexpected-shape' | 'no-results' | 'no-entities';
      megabytes?: number;
      at?: string;
    }
  /** A MediaWiki API (Wikipedia, Wikidata) refused the `search` or the `request`; `detail`: its own words, as given. */
  | { code: 'search-api-refused'; provider: string; what: 'search' | 'request'; detail: string }
  /** A search source is enabled without what it needs: an API key, or (self-hosted) its instance's address. */
  | { code: 'search-needs-key' | 'search-needs-address'; provider: string }
  /** A search source did not answer within `seconds`. */
  | { code: 'search-timed-out'; provider: string; seconds: number }
  /** A search source could not be reached at `host`; `cause`: the network's code (ECONNREFUSED), as given. */
  | { code: 'search-unreachable'; provider: string; host: string; cause?: string }
  /**
   * A page (an evidence page, a cited link, an archived copy) could not be read (lib/extract/page-fetcher.ts). `host`
   * is where the request went, with its port; `url` and `scheme` as written.
   */
  | { code: 'page-invalid-url'; url: string }
  | { code: 'page-not-http'; scheme: string }
  /** A private-network address, blocked unless allowed; `redirected` there; `resolvesTo`: the private address. */
  | { code: 'page-private'; host: string; redirected: boolean; resolvesTo?: string }
  /** An HTTP error: `gone` (404, 410), a server error, rate limiting, or a refusal (a paywall, a bot wall). */
  | { code: 'page-http'; host: string; status: number; reason: 'gone' | 'server' | 'rate-limited' | 'refused' }
  /** Not a text page: of media `type`, or (without it) binary content labelled as text. */
  | { code: 'page-not-text'; type?: string }
  /** The page redirects, and the browser hides where to (an opaque redirect). */
  | { code: 'page-redirect-hidden'; host: string }
  | { code: 'page-redirect-loop'; host: string }
  | { code: 'page-too-many-redirects'; host: string; max: number }
  | { code: 'page-timed-out'; host: string; seconds: number }
  /**
   * The connection failed: `cause` the network's code (ECONNREFUSED), as given; `guarded`: a browser, which says
   * no more when its guard refused a private hop.
   */
  | { code: 'page-unreachable'; host: string; cause?: string; guarded?: boolean }
  /**
   * Every source asked for a claim failed: the first `cause` in full (with its code when it has one), and
   * how many `others` there were.
   */
  | { code: 'search-failed'; cause?: string; causeNotice?: ErrorNotice; others: number }
  /**
   * A step of the check could not be saved, so the check stopped: the disk is full (`storage-full`) or another
   * write failed (`not-saved`); `detail` is the browser's own first line; `finalSave` when it was the result.
   */
  | { code: 'storage-full' | 'not-saved'; detail: string; finalSave?: boolean }
  /** The claim was not tried to the end: the check's token budget was reached. */
  | { code: 'not-checked-budget' }
  /**
   * The check's token budget is used up (thrown before a model call): `used` of `budget` tokens. The cause of a
   * contained step's warning when the budget ran out during that step.
   */
  | { code: 'token-budget-used'; budget: number; used: number }
  /** The claim was not tried to the end: the check was cancelled. */
  | { code: 'not-checked-cancelled' }
  /** An explanation cannot be rated: no evidence about its claim was found (errors are found in evidence). */
  | { code: 'rating-no-evidence' };

/**
 * How a refusal showed: no reply at all, a content-filter finish, another refusing finish reason (`detail`), the
 * model's own refusal (`detail`), or an HTTP error whose words (`detail`) say the content was flagged.
 */
export type RefusalWhy = 'no-reply' | 'content-filter' | 'finish-reason' | 'declined' | 'provider-said';

function englishRefusalCause(notice: Extract<ErrorNotice, { code: 'model-refused' }>): string {
  const detail = notice.detail ?? '';
  switch (notice.why) {
    case 'no-reply':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'it sent no reply at all';
    case 'content-filter':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'content filter';
    case 'finish-reason':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `finish reason ${detail}`;
    case 'declined':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `it declined: ${detail}`;
    case 'provider-said':
      return detail;
  }
}

/** What is missing from the model settings (lib/settings/active-profile.ts). */
export type ModelSetupProblem = 'no-model' | 'needs-key' | 'choose-models';

/** What people can do without the on-device model, said after its refusals. */
const ON_DEVICE_INSTEAD =
  // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
  'Checks still find sources to compare (no model needed), and for verdicts you can choose a local server (Ollama, LM Studio) or an API key in Settings.';

/** The English label of the button that downloads the on-device model (`engineDownload`): the errors name it. */
// i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
const DOWNLOAD_BUTTON = 'Download the on-device model';

/** A language tag's English name ("de" → "German"), or the tag when Intl does not know it. */
export function englishLanguageName(language: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}

/** An on-device error in English (`englishError` for these codes, on its own for the light status line). */
export function englishOnDevice(notice: Extract<ErrorNotice, { code: `on-device-${string}` }>): string {
  switch (notice.code) {
    case 'on-device-unavailable':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `This browser or device has no on-device model. It needs Google Chrome 138 or later on a desktop with enough memory and disk space (Debian's Chromium and Firefox have none). ${ON_DEVICE_INSTEAD}`;
    case 'on-device-downloadable':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The on-device model must be downloaded once (about 4 GB, by Chrome). Press "${DOWNLOAD_BUTTON}" to start; checks find sources to compare meanwhile.`;
    case 'on-device-downloading':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'Chrome is downloading the on-device model. Checks find sources to compare until it is ready.';
    case 'on-device-policy': {
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const words = `The on-device model is switched off by your organisation's policy (Chrome's GenAILocalFoundationalModelSettings). ${ON_DEVICE_INSTEAD}`;
      return notice.detail === undefined ? words : `${words} (${notice.detail})`;
    }
    case 'on-device-download-failed':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The on-device model could not be downloaded. Check the connection and free disk space (Chrome needs about 22 GB free), then press "${DOWNLOAD_BUTTON}" again. (${notice.detail})`;
    case 'on-device-language-unsupported': {
      const known = new Intl.ListFormat('en', { type: 'conjunction' }).format(notice.handles.map(englishLanguageName));
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The on-device model cannot read ${englishLanguageName(notice.language)} text yet (it handles ${known}). ${ON_DEVICE_INSTEAD}`;
    }
    case 'on-device-context-too-long':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `This step is too long for the on-device model's ${notice.tokens.toLocaleString('en-US')}-token context window even after trimming; check a shorter part of the text, or choose a larger model in Settings.`;
    case 'on-device-refused':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The on-device model refused the request: ${notice.detail}`;
    case 'on-device-failed':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The on-device model failed: ${notice.detail}`;
  }
}

function englishSetupProblem(notice: Extract<ErrorNotice, { code: 'model-not-set-up' }>): string {
  switch (notice.problem) {
    case 'no-model':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'No model is configured: set the base URL of a model server.';
    case 'needs-key':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider ?? 'The model provider'} needs an API key.`;
    case 'choose-models':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'Choose a fast and a strong model (one model may serve both).';
  }
}

/**
 * What a search source's HTTP error status means; `json-disabled`: SearXNG's 403 for a format its settings.yml
 * does not list (https://docs.searxng.org/dev/search_api.html).
 */
export type SearchHttpReason =
  'key-rejected' | 'refused' | 'rate-limited' | 'not-found' | 'timed-out' | 'server' | 'rejected' | 'json-disabled';

function englishSearchHttp(notice: Extract<ErrorNotice, { code: 'search-http' }>): string {
  const { provider: label, status } = notice;
  const base = (() => {
    switch (notice.reason) {
      case 'key-rejected':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} rejected the API key (${status}).`;
      case 'refused':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} refused the request (${status}).`;
      case 'rate-limited':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return notice.retrySeconds !== undefined
          ? `${label} is rate-limiting requests (${status}); try again in ${notice.retrySeconds} s.`
          : `${label} is rate-limiting requests (${status}); try again later.`;
      case 'not-found':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} answered "not found" (${status}); check its address.`;
      case 'timed-out':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} timed out (${status}).`;
      case 'server':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} had a server error (${status}).`;
      case 'rejected':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} rejected the request (${status}).`;
      case 'json-disabled':
        // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
        return `${label} refused to answer in JSON (${status}). Add \`json\` to \`search.formats\` in the instance's settings.yml and restart it.`;
    }
  })();
  // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
  return notice.detail ? `${base} ${label} said: "${notice.detail}"` : base;
}

/** The address a self-hosted search source's "needs the address" error gives as an example. */
export const INSTANCE_EXAMPLE = 'http://localhost:8080';

function englishSearchBadReply(notice: Extract<ErrorNotice, { code: 'search-bad-reply' }>): string {
  switch (notice.problem) {
    case 'too-large':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} sent a response over ${notice.megabytes ?? '?'} MB.`;
    case 'not-json':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} sent a response that is not JSON.`;
    case 'unexpected-shape':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} sent a response in an unexpected shape${notice.at ? ` at "${notice.at}"` : ''}.`;
    case 'no-results':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} sent a response without search results.`;
    case 'no-entities':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} sent an entity response without entities.`;
  }
}

function englishPageHttp(notice: Extract<ErrorNotice, { code: 'page-http' }>): string {
  switch (notice.reason) {
    case 'gone':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The page at ${notice.host} no longer exists (${notice.status}): a dead link.`;
    case 'server':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The site ${notice.host} had a server error (${notice.status}).`;
    case 'rate-limited':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The site ${notice.host} is rate-limiting requests (${notice.status}).`;
    case 'refused':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The site ${notice.host} refused the request (${notice.status}).`;
  }
}

function englishPageError(notice: PageNotice): string {
  switch (notice.code) {
    case 'page-invalid-url':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Not a valid web address: ${notice.url}`;
    case 'page-not-http':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Only http and https pages can be fetched, not ${notice.scheme} addresses.`;
    case 'page-private': {
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const how = notice.redirected ? 'The page redirects to' : 'Refused to fetch';
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const what =
        notice.resolvesTo === undefined
          ? 'a private-network address'
          : `which resolves to a private-network address (${notice.resolvesTo})`;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${how} ${notice.host}, ${what}; private addresses are blocked unless allowed in the settings.`;
    }
    case 'page-http':
      return englishPageHttp(notice);
    case 'page-not-text':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Not a text page (${notice.type ?? 'binary content labelled as text'}).`;
    case 'page-redirect-hidden':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The page at ${notice.host} redirects, and this browser hides where to, so it is not followed.`;
    case 'page-redirect-loop':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The page at ${notice.host} redirects in a loop.`;
    case 'page-too-many-redirects':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The page at ${notice.host} redirects more than ${notice.max} times.`;
    case 'page-timed-out':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The page at ${notice.host} did not load within ${notice.seconds} s.`;
    case 'page-unreachable': {
      const suffix =
        notice.cause !== undefined
          ? ` (${notice.cause})`
          : notice.guarded
            ? ': the connection failed, or the page redirected to a private-network address, which is blocked'
            : '';
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Could not reach ${notice.host}${suffix}.`;
    }
  }
}

/** The codes of a page that could not be read. */
export type PageNotice = Extract<ErrorNotice, { code: `page-${string}` }>;

/** A page that could not be read (the fetcher's `page-…` codes): worded by their own switch, here and in the views. */
export function isPageNotice(notice: ErrorNotice): notice is PageNotice {
  return notice.code.startsWith('page-');
}

/** A wait in English ("45 s", "2 min 30 s", "3 h"), as the rate-limit messages say it. */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
  if (minutes < 120) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/**
 * A model provider's name in English, or what the English said when the settings gave none: only where the
 * sentence starts with it (mid-sentence, the unnamed English is a sentence of its own, as in the catalogue).
 */
export function named(provider: string | undefined): string {
  // i18n-exempt: English kept beside the notice's code; views word an absent name (lib/view/error-words.ts)
  return provider ?? 'The model server';
}

/** The error in English: a `ProviderError`'s message, a claim's stored `error`. */
export function englishError(notice: ErrorNotice): string {
  if (isPageNotice(notice)) return englishPageError(notice);
  switch (notice.code) {
    case 'key-rejected':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} rejected the API key (401: ${notice.detail}): check the API key in the settings.`;
    case 'origin-refused':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} refused requests from the extension (403).`;
    case 'rate-limited': {
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const why = notice.freeTier ? 'free-tier limit' : 'rate limit';
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return notice.waitMs !== undefined
        ? `${named(notice.provider)} asks to wait ${describeWait(notice.waitMs)} (${why}).`
        : `${named(notice.provider)} is rate-limiting this key (${why}): wait a minute, or check its limits.`;
    }
    case 'out-of-credit':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.branded && notice.provider !== undefined ? `Your ${notice.provider} account` : 'The account behind this key'} is out of credit (billing): add credit or raise the spending limit, then check again. Waiting will not help.`;
    case 'no-quota':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} gives this key no ${notice.freeTier ? 'free-tier ' : ''}quota for this model (limit 0): choose another model, or enable billing. Waiting will not help.`;
    case 'daily-limit': {
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const limit = `daily ${notice.freeTier ? 'free-tier ' : ''}limit`;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const whose =
        notice.provider === undefined
          ? `This key's ${limit} at the model server`
          : `${notice.provider}'s ${limit} for this key`;
      const when =
        notice.waitMs === undefined
          ? ': check again later'
          : `; it resets in ${describeWait(notice.waitMs)}: check again then`;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${whose} is used up${when}, or enable billing for a higher limit.`;
    }
    case 'request-too-large': {
      const { limit, requested } = notice;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const said =
        limit !== undefined && requested !== undefined
          ? ` (limit ${limit.toLocaleString('en-US')}, this request ${requested.toLocaleString('en-US')})`
          : '';
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `This request is larger than ${notice.provider === undefined ? 'the model server' : notice.provider}'s tokens-per-minute limit for this key${said}: waiting will not help; check a shorter text, or raise the limit (a higher usage tier).`;
    }
    case 'model-refused':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider === undefined ? 'This' : `${notice.provider}: this`} model refused the content (${englishRefusalCause(notice)}). The claim is left unchecked; another model may accept it.`;
    case 'http-status':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} answered ${notice.status}: ${notice.detail}`;
    case 'timed-out':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} did not answer in time.`;
    case 'reply-stalled':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} stopped sending its reply: nothing arrived for ${notice.seconds} s. It is asked again; if this keeps happening, the server is overloaded or the connection is unstable.`;
    case 'reply-too-slow':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} took longer than ${notice.seconds} s for one reply. It is asked again; if this keeps happening, choose a faster model or a lower reasoning effort.`;
    case 'unreachable':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Could not reach ${notice.url ?? 'the configured base URL'}.`;
    case 'request-cancelled':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'The request was cancelled.';
    case 'not-json':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} sent a reply that is not valid JSON.`;
    case 'provider-failed':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider === undefined ? 'The request to the model server' : notice.provider} failed: ${notice.detail}`;
    case 'failed-mid-reply':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} reports that the model failed mid-reply${notice.detail ? `: ${notice.detail}` : ''}.`;
    case 'reply-without-text':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${named(notice.provider)} sent a reply without text.`;
    case 'embeddings-miscounted':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider ?? 'The embedder'} returned the wrong number of embeddings: ${notice.got}, expected ${notice.expected}.`;
    case 'context-too-long':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `This step does not fit Ollama's ${notice.tokens.toLocaleString('en-US')}-token context even with its passages shortened; raise num_ctx in Ollama, or check a shorter text.`;
    case 'on-device-unavailable':
    case 'on-device-downloadable':
    case 'on-device-downloading':
    case 'on-device-policy':
    case 'on-device-download-failed':
    case 'on-device-language-unsupported':
    case 'on-device-context-too-long':
    case 'on-device-refused':
    case 'on-device-failed':
      return englishOnDevice(notice);
    case 'model-not-set-up':
      return englishSetupProblem(notice);
    case 'sources-only-chosen':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'You chose sources only in Settings.';
    case 'reply-cut-off':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The model's reply for "${notice.step}" was cut off at the token limit (${notice.maxTokens.toLocaleString('en-US')} tokens), even after doubling it.`;
    case 'reply-malformed':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The model's reply for "${notice.step}" did not match the expected format twice. ${notice.problem}`.trim();
    case 'search-http':
      return englishSearchHttp(notice);
    case 'search-bad-reply':
      return englishSearchBadReply(notice);
    case 'search-api-refused':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} refused the ${notice.what}: ${notice.detail}`;
    case 'search-needs-key':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} needs an API key.`;
    case 'search-needs-address':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} needs the address of your instance, e.g. ${INSTANCE_EXAMPLE}.`;
    case 'search-timed-out':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `${notice.provider} did not answer within ${notice.seconds} s.`;
    case 'search-unreachable':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Could not reach ${notice.provider} at ${notice.host}${notice.cause ? ` (${notice.cause})` : ''}.`;
    case 'search-failed': {
      const more = notice.others;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      if (notice.cause === undefined) return 'Search failed.';
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `Search failed: ${notice.cause}${more > 0 ? ` (and ${more} other ${more === 1 ? 'failure' : 'failures'})` : ''}`;
    }
    case 'storage-full':
    case 'not-saved': {
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      const words =
        notice.code === 'storage-full'
          ? `Storage is full: ${notice.detail}. What was found before is kept; delete old checks in History to make room, then re-check.`
          : `Part of this check could not be saved (${notice.detail}), so it stopped. What was found before is kept; re-check to try again.`;
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return notice.finalSave ? `The result could not be saved. ${words}` : words;
    }
    case 'not-checked-budget':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'Not checked: the token budget for this check was reached.';
    case 'token-budget-used':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return `The token budget for this check is used up (${notice.used} of ${notice.budget} tokens).`;
    case 'not-checked-cancelled':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'Not checked: the check was cancelled.';
    case 'rating-no-evidence':
      // i18n-exempt: English kept beside the notice's code; views word the code (lib/view/error-words.ts)
      return 'Rating an explanation needs evidence about the claim; none was found.';
  }
}
