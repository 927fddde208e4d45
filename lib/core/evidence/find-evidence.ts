/**
 * Evidence for one claim, as the pipeline and a rating find it: search every source (search-evidence.ts),
 * then read the pages found and pick their best passages (gather-evidence.ts).
 */
import { englishError, type ErrorNotice } from '../error-notices';
import { ProviderError } from '../errors';
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
  /** Told of each source that failed (a warning for the user), with its code if any; the others still count. */
  onFailure: (message: string, notice?: ErrorNotice) => void;
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
  /** The whole claim when `claim` is a streamed draft still being written: its triple is looked up once it is. */
  whole?: Promise<Claim>,
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
      ...(whole ? { triple: whole.then((done) => done.triple) } : {}),
    },
  );
  for (const failure of search.failures) run.onFailure(failure, search.notices[failure]);
  const evidence = await gatherEvidence(claim, queries, search, run.reader, {
    language,
    passagesPerPage: options.passagesPerPage,
    contextSentences: options.contextSentences,
    maxPages: options.maxPagesPerClaim,
    ...(deps.embedder ? { embedder: deps.embedder } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // A ProviderError with the failure's code, so the claim's reason is worded in the interface language.
  if (evidence.length === 0 && search.allFailed)
    throw new ProviderError('unreachable', searchFailedNotice(search.failures, search.notices));
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
