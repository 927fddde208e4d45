/**
 * Evidence for one claim, as the pipeline and a rating find it: search every source (search-evidence.ts),
 * then read the pages found and pick their best passages (gather-evidence.ts).
 */
import type { PipelineDeps, PipelineOptions } from '../pipeline-types';
import type { Cache, SearchProvider } from '../ports';
import type { Claim, ClaimQueries, Evidence } from '../types';
import { gatherEvidence } from './gather-evidence';
import type { PageReader } from './read-pages';
import { searchEvidence } from './search-evidence';

/** What finding evidence for one claim needs from the run. */
export interface EvidenceRun {
  providers: readonly SearchProvider[];
  reader: PageReader;
  /** The run's cache (run-context.ts), which never throws. */
  cache?: Cache;
  onSearch: () => void;
  /** Told of each source that failed (a warning for the user); the others still count. */
  onFailure: (message: string) => void;
}

/**
 * Searches every enabled source for a claim and reads the best pages into passages. Search failures go to
 * `onFailure`; when every source failed and nothing was found, it throws, so the claim is "could not
 * check" rather than "not enough evidence".
 */
export async function findEvidence(
  run: EvidenceRun,
  deps: PipelineDeps,
  options: PipelineOptions,
  claim: Claim,
  queries: ClaimQueries,
  language: string,
): Promise<Evidence[]> {
  const search = await searchEvidence(
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
    },
  );
  for (const failure of search.failures) run.onFailure(failure);
  const evidence = await gatherEvidence(claim, queries, search, run.reader, {
    language,
    passagesPerPage: options.passagesPerPage,
    contextSentences: options.contextSentences,
    maxPages: options.maxPagesPerClaim,
    ...(deps.embedder ? { embedder: deps.embedder } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (evidence.length === 0 && search.allFailed) throw new Error(searchFailedMessage(search.failures));
  return evidence;
}

/**
 * "Search failed: Could not reach Wikipedia at en.wikipedia.org." when every source failed: the first
 * cause in full, and how many other causes there were (the same cause from two queries counts once).
 */
export function searchFailedMessage(failures: readonly string[]): string {
  const causes = [...new Set(failures)];
  if (causes.length === 0) return 'Search failed.';
  const more = causes.length - 1;
  return `Search failed: ${causes[0]}${more > 0 ? ` (and ${more} other ${more === 1 ? 'failure' : 'failures'})` : ''}`;
}
