/**
 * Evidence for one claim, as the pipeline and a rating find it: search every source (search-evidence.ts),
 * and read the pages found and pick their best passages (gather-evidence.ts) while the knowledge graph answers.
 */
import { englishError, type ErrorNotice } from '../error-notices';
import { ProviderError } from '../errors';
import type { PipelineDeps, PipelineOptions } from '../pipeline-types';
import type { Cache, SearchProvider } from '../ports';
import type { Claim, ClaimQueries, Evidence } from '../types';
import { assembleEvidence, readPageEvidence } from './gather-evidence';
import type { PageReader } from './read-pages';
import { startSearch } from './search-evidence';

/** What finding evidence for one claim needs from the run. */
export interface EvidenceRun {
  providers: readonly SearchProvider[];
  reader: PageReader;
  /** The run's cache (run-context.ts), which never throws. */
  cache?: Cache;
  onSearch: () => void;
  /** Told of each source that failed (a warning for the user), with its code if any; the others still count. */
  onFailure: (message: string, notice?: ErrorNotice) => void;
  /**
   * Told when the embedder failed and a page's passages were chosen by their words instead (the run's, told once:
   * run-context.ts).
   */
  onEmbedderFailure: (error: unknown) => void;
  /**
   * Told, once every source has answered, the failures in the order the sources are set up (the providers', each
   * query in turn, then the knowledge graph), whichever failed first: what the claim's search outcome lists, so a
   * claim's "Search failed" leads with the same source from one run to the next.
   */
  onFailuresBySource?: (failures: string[]) => void;
}

/** How one claim is searched: in which language, and the whole claim when `claim` is a streamed draft. */
export interface FindOptions {
  language: string;
  /**
   * The whole claim when `claim` is a streamed draft still being written (it has no triple yet): the knowledge
   * graph is asked once this brings the triple, while the pages the web searches found are already being read.
   */
  whole?: Promise<Claim>;
}

/**
 * Searches every enabled source for a claim and reads the best pages into passages. Search failures go to
 * `onFailure`; when nothing was found and every source failed, or every web search did, it throws, so the claim is
 * "could not check" rather than "not enough evidence". Pages are read as soon as the web searches are in, beside a
 * knowledge-graph lookup that may still wait for a streamed claim's triple; the evidence is numbered once
 * both are in, in the same order as if they had been found one after the other.
 */
export async function findEvidence(
  run: EvidenceRun,
  deps: PipelineDeps,
  options: PipelineOptions,
  claim: Claim,
  queries: ClaimQueries,
  { language, whole }: FindOptions,
): Promise<Evidence[]> {
  const started = startSearch(
    {
      providers: [...run.providers],
      onSearch: run.onSearch,
      ...(deps.knowledgeGraph ? { knowledgeGraph: deps.knowledgeGraph } : {}),
      ...(run.cache ? { cache: run.cache } : {}),
      ...(options.fresh ? { fresh: true } : {}),
    },
    claim,
    queries,
    {
      language,
      resultsPerProvider: options.resultsPerProvider,
      excludedDomains: options.excludedDomains,
      ...(options.signal ? { signal: options.signal } : {}),
      // A whole claim that never comes (its stream failed) means no lookup; the web results still count.
      ...(whole
        ? {
            triple: whole.then(
              (done) => done.triple,
              () => undefined,
            ),
          }
        : {}),
    },
  );
  const searched = Promise.all([started.web, started.knowledge]);
  // Each failure is told once, in the order it happened: those of the web searches as soon as they are in (before
  // the pages are read, as when the search was one step), any later one (the knowledge graph's) once all settle.
  let told = 0;
  const tellFailures = () => {
    for (; told < started.failures.length; told++) {
      const failure = started.failures[told]!;
      run.onFailure(failure, started.notices[failure]);
    }
  };
  const read = started.web.then(({ web }) => {
    tellFailures();
    return readPageEvidence(claim, queries, web, run.reader, {
      language,
      passagesPerPage: options.passagesPerPage,
      contextSentences: options.contextSentences,
      maxPages: options.maxPagesPerClaim,
      ...(deps.embedder ? { embedder: deps.embedder, onEmbedderFailure: run.onEmbedderFailure } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  });
  // Both settle before anything is thrown, so the search's failures are reported even when reading a page failed.
  const [search, pages] = await Promise.allSettled([searched, read]);
  if (search.status === 'rejected') throw search.reason;
  tellFailures();
  run.onFailuresBySource?.(started.failuresBySource());
  if (pages.status === 'rejected') throw pages.reason;
  const [{ factChecks }, knowledge] = search.value;
  const evidence = assembleEvidence(claim, { factChecks, knowledge }, pages.value);
  // A ProviderError with the failure's code, so the claim's reason is worded in the interface language. Every web
  // search failed and the knowledge graph, asked, had nothing: the claim was not looked for where evidence mostly
  // is, so it is "could not check" too, not "not enough evidence" (which says it was looked for and not found).
  if (evidence.length === 0 && (started.allFailed() || started.webFailed()))
    throw new ProviderError('unreachable', searchFailedNotice(started.failuresBySource(), started.notices));
  return evidence;
}

/**
 * "Search failed: Could not reach Wikipedia at en.wikipedia.org." when every source failed: the first
 * cause in full, and how many other causes there were (the same cause from two queries counts once).
 */
export function searchFailedMessage(failures: readonly string[]): string {
  return englishError(searchFailedNotice(failures));
}

/** The same as a code: the first cause (with its own code, from `notices`, when it has one) and how many others. */
export function searchFailedNotice(
  failures: readonly string[],
  notices: Readonly<Record<string, ErrorNotice>> = {},
): ErrorNotice {
  const causes = [...new Set(failures)];
  const [cause] = causes;
  if (cause === undefined) return { code: 'search-failed', others: 0 };
  const causeNotice = notices[cause];
  return { code: 'search-failed', cause, ...(causeNotice ? { causeNotice } : {}), others: causes.length - 1 };
}
