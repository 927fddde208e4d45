/**
 * Evidence retrieval for one claim through every enabled provider, in the text's language and in English
 * when the text is not English; plus knowledge-graph statements about the claim's triple and existing
 * fact-checks. One provider failing never sinks the claim: it becomes a warning. The claim is "could not check" only
 * when nothing was found and every source failed, or every web search did (find-evidence.ts).
 */
import type { ErrorNotice } from '../error-notices';
import { errorMessage, errorNotice, isCancellation, ProviderError } from '../errors';
import type { Cache, KnowledgeGraph, KnowledgeStatement, SearchProvider, SearchResult } from '../ports';
import type { Claim, ClaimQueries, FactTriple } from '../types';
import { canonicalUrl, isUsableEvidenceUrl } from './sources/url-filter';

const SEARCH_TTL_MS = 24 * 3600 * 1000;
const MAX_KNOWLEDGE_STATEMENTS = 3;

export interface SearchDeps {
  providers: readonly SearchProvider[];
  knowledgeGraph?: KnowledgeGraph;
  cache?: Cache;
  /** When true, cached results are not read (a forced re-check), but fresh ones are stored. */
  fresh?: boolean;
  onSearch?: () => void;
}

export interface ClaimSearchResult {
  /** Web results, de-duplicated by canonical URL, best first, filtered for usable evidence. */
  web: SearchResult[];
  factChecks: SearchResult[];
  knowledge: KnowledgeStatement[];
  /** One message per source that failed. */
  failures: string[];
  /** The failures that have a code (lib/core/error-notices.ts), by their English words. */
  notices: Record<string, ErrorNotice>;
  /** True when there were sources to ask and all of them failed. */
  allFailed: boolean;
}

async function cachedSearch(
  deps: SearchDeps,
  provider: SearchProvider,
  text: string,
  language: string,
  maxResults: number,
  signal?: AbortSignal,
): Promise<SearchResult[]> {
  const key = `${provider.id}|${language}|${maxResults}|${text}`;
  if (!deps.fresh) {
    const cached = await deps.cache?.get<SearchResult[]>('search', key);
    if (cached) return cached;
  }
  deps.onSearch?.();
  const results = await provider.search({ text, language, maxResults, ...(signal ? { signal } : {}) });
  await deps.cache?.set('search', key, results, SEARCH_TTL_MS);
  return results;
}

/** Interleaves ranked lists so every provider's best results come first. */
function interleave(lists: readonly SearchResult[][]): SearchResult[] {
  const out: SearchResult[] = [];
  for (let rank = 0; lists.some((list) => rank < list.length); rank++)
    for (const list of lists) if (list[rank]) out.push(list[rank]!);
  return out;
}

/** The options of one claim's search. */
export interface SearchOptions {
  language: string;
  resultsPerProvider: number;
  excludedDomains: readonly string[];
  signal?: AbortSignal;
  /**
   * The claim's fact triple when the model is still writing it (a streamed claim is searched from its text and
   * queries, before its triple arrives): the knowledge graph waits for it, the web searches do not. A triple
   * that never comes (the stream failed) means no lookup.
   */
  triple?: Promise<FactTriple | undefined>;
}

/** A claim's web results: de-duplicated by canonical URL, best first; fact-checks apart from the rest. */
export type WebSearchResult = Pick<ClaimSearchResult, 'web' | 'factChecks'>;

/**
 * One claim's search under way: the web searches and the knowledge-graph lookup as separate promises, so the
 * pages found can be read while the lookup still waits for a streamed claim's triple. Both reject only on
 * cancellation; `failures`, `notices` and `allFailed()` are complete once both have settled.
 */
export interface StartedSearch {
  web: Promise<WebSearchResult>;
  knowledge: Promise<KnowledgeStatement[]>;
  /** One message per source that failed, in the order they failed. */
  failures: string[];
  /**
   * The same messages in the order the sources are asked (the providers' order, each query in turn, then the
   * knowledge graph), whenever each failed: what a claim's "Search failed" names first, so claims that failed
   * for the same sources read the same, and a check does not count one reason as two.
   */
  failuresBySource: () => string[];
  notices: Record<string, ErrorNotice>;
  /** True when there were sources to ask and all of them failed, web and knowledge graph together. */
  allFailed: () => boolean;
  /** True when there were web searches and all of them failed (the knowledge graph aside). */
  webFailed: () => boolean;
}

/** Starts every source's search for one claim. `resultsPerProvider` caps each provider's web results. */
export function startSearch(
  deps: SearchDeps,
  claim: Claim,
  queries: ClaimQueries,
  options: SearchOptions,
): StartedSearch {
  const texts: Array<{ text: string; language: string }> = [{ text: queries.query, language: options.language }];
  if (queries.englishQuery) texts.push({ text: queries.englishQuery, language: 'en' });
  const failures: string[] = [];
  const bySource: Array<{ source: number; message: string }> = [];
  const notices: Record<string, ErrorNotice> = {};
  const failed = (error: unknown, source: number) => {
    const message = errorMessage(error);
    failures.push(message);
    bySource.push({ source, message });
    const notice = errorNotice(error);
    if (notice) notices[message] = notice;
  };
  let attempts = 0;
  let webFailures = 0;
  // Handled at once, whether or not a lookup will wait for it: a triple that never comes must not reject unheard.
  const pendingTriple = options.triple?.catch(() => undefined);

  const jobs = deps.providers.flatMap((provider, providerIndex) =>
    texts.map(async ({ text, language }, textIndex) => {
      attempts++;
      try {
        return {
          provider,
          results: await cachedSearch(deps, provider, text, language, options.resultsPerProvider, options.signal),
        };
      } catch (error) {
        if (isCancellation(error)) throw error;
        failed(error, providerIndex * texts.length + textIndex);
        webFailures++;
        return { provider, results: [] as SearchResult[] };
      }
    }),
  );
  const knowledge = (async () => {
    if (!deps.knowledgeGraph) return [];
    // A triple that never comes (the claim's stream failed) means no lookup, not a lost web search.
    const triple = claim.triple ?? (await pendingTriple);
    // Cancelled while the lookup waited for the triple: nothing is asked after the cancel, and the claim is told
    // as cancelled rather than searched to the end on its web results alone.
    // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
    if (options.signal?.aborted) throw new ProviderError('cancelled', 'The search was cancelled.');
    if (!triple) return [];
    attempts++;
    try {
      return await deps.knowledgeGraph.lookup(triple, {
        language: options.language,
        maxStatements: MAX_KNOWLEDGE_STATEMENTS,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      // A cancelled lookup is the run stopping, not a source that failed (as for the web searches).
      if (isCancellation(error)) throw error;
      failed(error, deps.providers.length * texts.length);
      return [];
    }
  })();
  const web = Promise.all(jobs).then((answers) => {
    const isFactCheck = (result: SearchResult) => Boolean(result.claimReview) || result.provider === 'google-factcheck';
    const seen = new Set<string>();
    const unique = (result: SearchResult) => {
      const key = canonicalUrl(result.url);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    };
    const all = interleave(answers.map((answer) => answer.results));
    const factChecks = all.filter(isFactCheck).filter(unique);
    const found = all
      .filter((result) => !isFactCheck(result) && isUsableEvidenceUrl(result.url, options.excludedDomains))
      .filter(unique);
    return { web: found, factChecks };
  });
  return {
    web,
    knowledge,
    failures,
    failuresBySource: () => [...bySource].sort((a, b) => a.source - b.source).map(({ message }) => message),
    notices,
    allFailed: () => attempts > 0 && failures.length === attempts,
    webFailed: () => jobs.length > 0 && webFailures === jobs.length,
  };
}

/** Searches every source for one claim and waits for all of them (web and knowledge graph). */
export async function searchEvidence(
  deps: SearchDeps,
  claim: Claim,
  queries: ClaimQueries,
  options: SearchOptions,
): Promise<ClaimSearchResult> {
  const started = startSearch(deps, claim, queries, options);
  const [found, knowledge] = await Promise.all([started.web, started.knowledge]);
  const { failures, notices } = started;
  return { ...found, knowledge, failures, notices, allFailed: started.allFailed() };
}
