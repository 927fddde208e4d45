/**
 * Following one cited link (FinGrAct's URL content retrieval): fetch it under the user's network policy,
 * read its main text, and say in one sentence what happened. A dead link is looked up in the web
 * archive and its snapshot read instead; a DOI is looked up in the registry first, so an invented
 * reference shows as such; a `#:~:text=` quote is looked for in the text that was read.
 */
import { isCancellation } from '../../errors';
import { canonicalUrl } from '../../evidence/sources/url-filter';
import type {
  ArchiveSnapshot,
  ArticleExtractor,
  DoiRecord,
  DoiRegistry,
  FetchedPage,
  PageFetcher,
  WebArchive,
} from '../../ports';
import { hostOf } from '../../text/hosts';
import {
  findTextFragment,
  fragmentFromQuote,
  fragmentQuote,
  parseTextFragment,
  type TextFragment,
} from '../../text/text-fragment';
import { doiFromUrl } from './doi';
import { readFetchFailure } from './fetch-failure';
import { javascriptSignal, visibleText } from './html-signals';
import { englishLinkReason, type LinkReason } from './link-reasons';
import type { LinkRetrieval } from './types';

/** The ports a retrieval uses; without an archive or a registry those steps are skipped. */
export interface LinkRetrievalDeps {
  fetcher: PageFetcher;
  extractor: ArticleExtractor;
  archive?: WebArchive;
  doiRegistry?: DoiRegistry;
}

export interface RetrieveLinkOptions {
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  /** A reply citation's quote ("start" or "start … end"), used when the URL has no `#:~:text=` itself. */
  quote?: string;
}

interface PageText {
  page: FetchedPage;
  title?: string;
  text?: string;
}

/** The text of a fetched page: plain text as is, HTML through the extractor (whose failure means no text). */
async function readPage(extractor: ArticleExtractor, page: FetchedPage): Promise<PageText> {
  if (/^text\/plain\b/i.test(page.contentType)) return page.body.trim() ? { page, text: page.body.trim() } : { page };
  const article = await extractor.extract(page.body, page.finalUrl).catch(() => null);
  const text = article?.text.trim();
  return { page, ...(article?.title ? { title: article.title } : {}), ...(text ? { text } : {}) };
}

/** Same page apart from http→https, "www.", a trailing slash, tracking parameters or the fragment. */
function samePage(a: string, b: string): boolean {
  const key = (url: string) => canonicalUrl(url).replace(/^https?:\/\//, '');
  return key(a) === key(b);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}

function sentence(...clauses: string[]): string {
  const text = clauses.filter(Boolean).join('; ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function quoted(title: string | undefined): string {
  return title ? ` “${title.replace(/\s+/g, ' ').trim().slice(0, 120)}”` : '';
}

/** What a page that was fetched amounts to, without the archive or DOI parts. */
function readingOf(asked: string, read: PageText): Pick<LinkRetrieval, 'status' | 'detail' | 'text' | 'title'> {
  const { page } = read;
  const redirected = !samePage(asked, page.finalUrl);
  const status = redirected ? 'redirected' : 'working';
  const host = hostOf(page.finalUrl, { form: 'address' }) ?? page.finalUrl;
  let where = '';
  if (redirected) {
    const home = pathOf(page.finalUrl) === '/' && pathOf(asked) !== '/';
    where = home
      ? `The link redirects to the home page of ${host}, which often means the page was removed`
      : `The link redirects to another address (${page.finalUrl})`;
  }
  const title = read.title ? { title: read.title } : {};
  if (read.text)
    return {
      status,
      detail: sentence(where, `${where ? 'its' : 'The'} page${quoted(read.title)} was read`),
      text: read.text,
      ...title,
    };
  const js = page.contentType.includes('html') ? javascriptSignal(page.body) : undefined;
  if (js) {
    const why = js === 'notice' ? 'it asks for JavaScript' : 'its text is produced by scripts';
    return {
      status: 'needs-javascript',
      detail: sentence(
        where,
        `${where ? 'that' : 'The'} page shows no text without running scripts (${why}), so it could not be read`,
      ),
      ...title,
    };
  }
  return {
    status,
    detail: sentence(where, `${where ? 'that' : 'The'} page loaded but has no readable text`),
    ...title,
  };
}

/** The snapshot's text for a dead link, as fields to merge and a clause for the detail. */
async function fromArchive(
  deps: LinkRetrievalDeps,
  url: string,
  options: RetrieveLinkOptions,
): Promise<{ fields: Partial<LinkRetrieval>; clause: string; read?: PageText }> {
  if (!deps.archive) return { fields: {}, clause: '' };
  let snapshot: ArchiveSnapshot | null;
  try {
    snapshot = await deps.archive.closest(url, options.signal);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return { fields: {}, clause: 'the web archive could not be asked for a copy' };
  }
  if (!snapshot) return { fields: {}, clause: 'the web archive has no copy of it' };
  const when = snapshot.capturedAt ? ` from ${snapshot.capturedAt.slice(0, 10)}` : '';
  try {
    const page = await deps.fetcher.fetch(snapshot.rawUrl ?? snapshot.url, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const read = await readPage(deps.extractor, page);
    if (!read.text)
      return {
        fields: { archivedUrl: snapshot.url },
        clause: `the web archive has a copy${when}, but it has no readable text`,
      };
    return {
      fields: { archivedUrl: snapshot.url, text: read.text, ...(read.title ? { title: read.title } : {}) },
      clause: `the web archive's copy${when} was read instead`,
      read,
    };
  } catch (error) {
    if (isCancellation(error)) throw error;
    return {
      fields: { archivedUrl: snapshot.url },
      clause: `the web archive has a copy${when}, but it could not be read`,
    };
  }
}

/** Looks the fragment's quote up in the text that was read, then in the page's whole visible text. */
function fragmentResult(
  fragment: TextFragment,
  text: string,
  html: string | undefined,
): NonNullable<LinkRetrieval['textFragment']> {
  const quote = fragmentQuote(fragment);
  const inText = findTextFragment(text, fragment);
  if (inText) return { quote, found: true, ...inText };
  return { quote, found: html !== undefined && findTextFragment(visibleText(html), fragment) !== undefined };
}

async function lookUpDoi(
  registry: DoiRegistry | undefined,
  doi: string | undefined,
  signal: AbortSignal | undefined,
): Promise<DoiRecord | undefined> {
  if (!registry || !doi) return undefined;
  try {
    return await registry.lookup(doi, signal);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return undefined; // the registry being down says nothing about the DOI: follow the link as usual
  }
}

/**
 * Retrieves one link and classifies it (see `LinkStatus`). Never throws for a property of the link;
 * throws `ProviderError('cancelled')` when `options.signal` aborts.
 */
export async function retrieveLink(
  url: string,
  deps: LinkRetrievalDeps,
  options: RetrieveLinkOptions,
): Promise<LinkRetrieval> {
  const fragment = parseTextFragment(url) ?? (options.quote ? fragmentFromQuote(options.quote) : undefined);
  const address = url.split('#')[0] ?? url;
  const doi = doiFromUrl(address);
  const record = await lookUpDoi(deps.doiRegistry, doi, options.signal);
  if (doi && record && !record.registered) {
    const reason: LinkReason = { code: 'doi-unregistered', doi };
    return { url, status: 'dead', detail: englishLinkReason(reason), reason, doi: { doi, registered: false } };
  }
  const doiInfo =
    doi && record ? { doi: { doi, registered: true, ...(record.title ? { title: record.title } : {}) } } : {};
  const target = record?.url ?? address;

  let result: LinkRetrieval;
  let html: string | undefined;
  try {
    const page = await deps.fetcher.fetch(target, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const read = await readPage(deps.extractor, page);
    html = page.body;
    const redirects = page.redirects && page.redirects.length > 0 ? { redirects: page.redirects } : {};
    // A DOI resolver always redirects; the address it resolves to is the one the link stands for.
    const asked = doiFromUrl(target) && page.redirects?.[0] ? page.redirects[0] : target;
    result = {
      url,
      ...readingOf(asked, read),
      httpStatus: page.status,
      finalUrl: page.finalUrl,
      ...redirects,
      ...doiInfo,
    };
  } catch (error) {
    if (isCancellation(error)) throw error;
    const failure = readFetchFailure(error, target);
    result = {
      url,
      status: failure.status,
      detail: sentence(failure.detail),
      ...(failure.reason ? { reason: failure.reason } : {}),
      ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
      ...doiInfo,
    };
    if (failure.status === 'dead') {
      const archived = await fromArchive(deps, target, options);
      html = archived.read?.page.body;
      // The archive's clause is not coded yet: the whole sentence stays English.
      const { reason: _uncoded, ...rest } = result;
      result = { ...rest, ...archived.fields, detail: sentence(failure.detail, archived.clause) };
    }
  }

  if (doi && record) {
    const rest = result.detail.charAt(0).toLowerCase() + result.detail.slice(1);
    result.detail = sentence(`The DOI ${doi} is registered${record.title ? ` as${quoted(record.title)}` : ''}`, rest);
    delete result.reason; // the DOI's clause is not coded yet: the whole sentence stays English
  }
  if (fragment && result.text) result.textFragment = fragmentResult(fragment, result.text, html);
  return result;
}
