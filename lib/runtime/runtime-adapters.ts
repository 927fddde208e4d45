/**
 * What the place running checks brings to them: the extension's background and the Node commands differ
 * only in these (the extractor, cache and fetch), and `createPipelineDeps` / `createEvidenceDeps` turn
 * settings plus these into the pipeline's adapters. Its own file, so those two need not import each other
 * for a type.
 */
import type { ResilienceOptions } from '../core/model/resilience';
import type { ArticleExtractor, Cache, Clock } from '../core/ports';
import type { PageFetcherDeps } from '../extract/page-fetcher';
import type { ReplyDeadlines } from '../llm/reply-deadlines';

export interface RuntimeAdapters {
  extractor: ArticleExtractor;
  cache?: Cache;
  clock?: Clock;
  fetch?: typeof fetch;
  /**
   * How page fetches police redirects and names: the extension says `redirects: 'browser'` (its network guard
   * checks every hop); Node brings a DNS `lookup` (lib/extract/page-fetcher.ts).
   */
  pages?: Pick<PageFetcherDeps, 'redirects' | 'lookup'>;
  /** Overrides Wikidata's API origin (tests). */
  wikidataBaseUrl?: string;
  /** Overrides retry timings (tests use short ones). */
  retry?: Partial<Pick<ResilienceOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxRetries'>>;
  /** Overrides the model replies' idle and overall deadlines (tests use short ones). */
  replyDeadlines?: ReplyDeadlines;
}
