/**
 * Custom HTTP headers of a model profile (issue 23 item 7): a gateway's token, Anthropic's
 * `anthropic-workspace-id`, OpenRouter's app attribution. What a name and a value may be, said as a reason
 * a person can act on, and the one filter every sender applies, so a header the options page, a settings
 * file or an organisation's policy let through is still never sent when it breaks these rules.
 *
 * - A name is an RFC 7230 token (§3.2.6: `tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" /
 *   "." / "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA`; https://www.rfc-editor.org/rfc/rfc7230#section-3.2.6).
 * - Hop-by-hop headers describe one connection, not the request, and are never forwarded (RFC 7230 §6.1;
 *   the list of RFC 2616 §13.5.1): Connection, Keep-Alive, Proxy-Authenticate, Proxy-Authorization, TE,
 *   Trailer, Transfer-Encoding, Upgrade.
 * - Forbidden request headers are the browser's to set, and `fetch` drops them silently
 *   (https://fetch.spec.whatwg.org/#forbidden-request-header, as listed on
 *   https://developer.mozilla.org/en-US/docs/Glossary/Forbidden_header_name): Accept-Charset,
 *   Accept-Encoding, Access-Control-Request-Headers/-Method, Connection, Content-Length, Cookie, Date, DNT,
 *   Expect, Host, Keep-Alive, Origin, Permissions-Policy, Referer, Set-Cookie, TE, Trailer,
 *   Transfer-Encoding, Upgrade, Via, and any name starting `Proxy-` or `Sec-`. (OpenRouter's `HTTP-Referer`
 *   is an ordinary name, not `Referer`.)
 * - Authorization carries the API key and Content-Type the JSON body: Factlight sets both itself.
 * - A value has no line break (CR or LF) nor other control character but tab (RFC 7230 §3.2 field-value),
 *   and is not empty: Anthropic answers a blank `anthropic-workspace-id` with a 400, and an empty header
 *   means nothing to any gateway.
 */

/** Why a header cannot be used; each has its sentence in the catalogue (`customHeaderProblem_<problem>`). */
export type HeaderProblem =
  | 'emptyName'
  | 'notToken'
  | 'hopByHop'
  | 'forbidden'
  | 'setByFactlight'
  | 'duplicate'
  | 'emptyValue'
  | 'lineBreak'
  | 'control'
  | 'notLatin1';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const FORBIDDEN = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'origin',
  'permissions-policy',
  'referer',
  'set-cookie',
  'via',
]);

const SET_BY_FACTLIGHT = new Set(['authorization', 'content-type']);

/** What is wrong with a header name, or undefined when it may be sent. */
export function headerNameProblem(name: string): HeaderProblem | undefined {
  if (name.trim() === '') return 'emptyName';
  if (!TOKEN.test(name)) return 'notToken';
  const lower = name.toLowerCase();
  if (HOP_BY_HOP.has(lower) || lower.startsWith('proxy-')) return 'hopByHop';
  if (FORBIDDEN.has(lower) || lower.startsWith('sec-')) return 'forbidden';
  if (SET_BY_FACTLIGHT.has(lower)) return 'setByFactlight';
  return undefined;
}

/** What is wrong with a header value, or undefined when it may be sent. */
export function headerValueProblem(value: string): HeaderProblem | undefined {
  if (/[\r\n]/.test(value)) return 'lineBreak';
  // eslint-disable-next-line no-control-regex -- the control characters are what is looked for
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value)) return 'control';
  // fetch's Headers take ByteStrings: a character above U+00FF (a pasted emoji, ‘quote’ or … ) throws a
  // TypeError on every request (Fetch standard, "header value"; WebIDL ByteString).
  if (/[^\t\x20-\x7e\x80-\xff]/.test(value)) return 'notLatin1';
  if (value.trim() === '') return 'emptyValue';
  return undefined;
}

/** One header as the options page edits it: a saved value is never shown, only that it is set. */
export interface HeaderRow {
  name: string;
  /** The typed value; '' on a saved row keeps the saved value. */
  value: string;
  /** Whether a value for this name is saved in the background. */
  saved: boolean;
}

/** The problem of each row (undefined for a good one); a name used twice (in any case) is the later row's problem. */
export function headerRowProblems(rows: readonly HeaderRow[]): Array<HeaderProblem | undefined> {
  const seen = new Set<string>();
  return rows.map((row) => {
    const name = row.name.trim();
    const nameProblem = headerNameProblem(name);
    if (nameProblem) return nameProblem;
    const key = name.toLowerCase();
    const repeated = seen.has(key);
    seen.add(key);
    if (repeated) return 'duplicate';
    return row.saved && row.value === '' ? undefined : headerValueProblem(row.value);
  });
}

/** The first problem of a header map (as a draft or a settings file sends it), with the name it concerns. */
export function headersProblem(
  headers: Record<string, string> | undefined,
  savedNames: readonly string[] = [],
): { name: string; problem: HeaderProblem } | undefined {
  const rows = Object.entries(headers ?? {}).map(([name, value]) => ({
    name,
    value,
    saved: savedNames.some((saved) => saved.toLowerCase() === name.trim().toLowerCase()),
  }));
  const problems = headerRowProblems(rows);
  const index = problems.findIndex((problem) => problem !== undefined);
  return index < 0 ? undefined : { name: rows[index]!.name, problem: problems[index]! };
}

/** The headers that may be sent: any that breaks the rules above is left out. Undefined when none is left. */
export function sendableHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  const kept = Object.entries(headers ?? {}).filter(
    ([name, value]) => headerNameProblem(name) === undefined && headerValueProblem(value) === undefined,
  );
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
