/**
 * Following one cited link (FinGrAct's URL content retrieval): fetch it under the user's network policy,
 * read its main text, and say why in coded sentences (link-reasons.ts). A dead link is looked up in the web
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
import { englishLinkReasons, type LinkReason } from './link-reasons';
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

/** A page's title as a reason quotes it: one line, at most 120 characters. */
function shortTitle(title: string | undefined): { title?: string } {
  const short = title?.replace(/\s+/g, ' ').trim().slice(0, 120);
  return short ? { title: short } : {};
}

/** What a page that was fetched amounts to, without the archive or DOI parts. */
function readingOf(
  asked: string,
  read: PageText,
): Pick<LinkRetrieval, 'status' | 'text' | 'title'> & { reasons: LinkReason[] } {
  const { page } = read;
  const redirected = !samePage(asked, page.finalUrl);
  const status = redirected ? 'redirected' : 'working';
  const host = hostOf(page.finalUrl, { form: 'address' }) ?? page.finalUrl;
  const where: LinkReason[] = [];
  if (redirected) {
    const home = pathOf(page.finalUrl) === '/' && pathOf(asked) !== '/';
    where.push(home ? { code: 'redirect-home', host } : { code: 'redirect-elsewhere', url: page.finalUrl });
  }
  const title = read.title ? { title: read.title } : {};
  if (read.text)
    return { status, reasons: [...where, { code: 'page-read', ...shortTitle(read.title) }], text: read.text, ...title };
  const js = page.contentType.includes('html') ? javascriptSignal(page.body) : undefined;
  if (js)
    return {
      status: 'needs-javascript',
      reasons: [...where, { code: 'needs-javascript', signal: js === 'notice' ? 'notice' : 'scripts' }],
      ...title,
    };
  return { status, reasons: [...where, { code: 'no-readable-text' }], ...title };
}

/** The snapshot's text for a dead link, as fields to merge and a clause for the detail. */
async function fromArchive(
  deps: LinkRetrievalDeps,
  url: string,
  options: RetrieveLinkOptions,
): Promise<{ fields: Partial<LinkRetrieval>; reason?: LinkReason; read?: PageText }> {
  if (!deps.archive) return { fields: {} };
  let snapshot: ArchiveSnapshot | null;
  try {
    snapshot = await deps.archive.closest(url, options.signal);
  } catch (error) {
    if (isCancellation(error)) throw error;
    return { fields: {}, reason: { code: 'archive-unavailable' } };
  }
  if (!snapshot) return { fields: {}, reason: { code: 'archive-none' } };
  const when = snapshot.capturedAt ? { date: snapshot.capturedAt.slice(0, 10) } : {};
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
        reason: { code: 'archive-empty', ...when },
      };
    return {
      fields: { archivedUrl: snapshot.url, text: read.text, ...(read.title ? { title: read.title } : {}) },
      reason: { code: 'archive-read', ...when },
      read,
    };
  } catch (error) {
    if (isCancellation(error)) throw error;
    return {
      fields: { archivedUrl: snapshot.url },
      reason: { code: 'archive-unreadable', ...when },
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

/** The reasons, and their English as the `detail` older readers (the CLI, the JSON export) show. */
function said(reasons: LinkReason[]): Pick<LinkRetrieval, 'detail' | 'reasons'> {
  return { detail: englishLinkReasons(reasons), reasons };
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
    const reasons: LinkReason[] = [{ code: 'doi-unregistered', doi }];
    return { url, status: 'dead', ...said(reasons), doi: { doi, registered: false } };
  }
  const doiInfo =
    doi && record ? { doi: { doi, registered: true, ...(record.title ? { title: record.title } : {}) } } : {};
  const target = record?.url ?? address;

  let found: Omit<LinkRetrieval, 'detail'> & { reasons: LinkReason[] };
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
    found = {
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
    found = {
      url,
      status: failure.status,
      reasons: [failure.reason],
      ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
      ...doiInfo,
    };
    if (failure.status === 'dead') {
      const archived = await fromArchive(deps, target, options);
      html = archived.read?.page.body;
      found = {
        ...found,
        ...archived.fields,
        reasons: [...found.reasons, ...(archived.reason ? [archived.reason] : [])],
      };
    }
  }

  const registered: LinkReason[] = doi && record ? [{ code: 'doi-registered', doi, ...shortTitle(record.title) }] : [];
  const result: LinkRetrieval = { ...found, ...said([...registered, ...found.reasons]) };
  if (fragment && result.text) result.textFragment = fragmentResult(fragment, result.text, html);
  return result;
}
