import type { ArticleExtractor, Cache, ChatModel, Clock, Embedder, KnowledgeGraph, PageFetcher, SearchProvider } from './ports';
import type { Claim, ClaimAssessment, ClaimQueries, CheckUsage, Evidence, Revision, Sentence, SourceType, StageName } from './types';

/** What the pipeline runs on; each runtime wires its own adapters. */
export interface PipelineDeps {
  /** Already wrapped with retries and a concurrency limit (see model/resilient-model.ts). */
  model: ChatModel;
  modelNames?: { fast: string; strong: string };
  embedder?: Embedder;
  providers: readonly SearchProvider[];
  knowledgeGraph?: KnowledgeGraph;
  fetcher: PageFetcher;
  extractor: ArticleExtractor;
  cache?: Cache;
  clock: Clock;
}

export interface PipelineOptions {
  /** Web results each provider contributes per claim (settings: "results per claim"). */
  resultsPerProvider: number;
  passagesPerPage: number;
  contextSentences: number;
  excludedDomains: readonly string[];
  /** Pages read per claim, best first across providers. */
  maxPagesPerClaim: number;
  /** Stop cleanly once this many tokens were used; results so far are kept. */
  tokenBudget?: number;
  /** Ignore cached search results and pages (a forced re-check); model replies still come from cache. */
  fresh?: boolean;
  pageTimeoutMs: number;
  pageMaxBytes: number;
  searchConcurrency: number;
  pageConcurrency: number;
  modelCacheTtlMs: number;
  language?: string;
  signal?: AbortSignal;
  onEvent?: (event: PipelineEvent) => void;
}

export const DEFAULT_PIPELINE_OPTIONS: Omit<PipelineOptions, 'signal' | 'onEvent' | 'language' | 'tokenBudget'> = {
  resultsPerProvider: 3,
  passagesPerPage: 1,
  contextSentences: 1,
  excludedDomains: [],
  maxPagesPerClaim: 4,
  fresh: false,
  pageTimeoutMs: 15_000,
  pageMaxBytes: 3_000_000,
  searchConcurrency: 4,
  pageConcurrency: 6,
  modelCacheTtlMs: 30 * 24 * 3600 * 1000,
};

/** Progress, reported as results arrive, so a UI can show each verdict as soon as it exists. */
export type PipelineEvent =
  | { type: 'stage'; stage: StageName; state: 'started' | 'done' }
  | { type: 'sentences'; sentences: Sentence[]; language: string }
  | { type: 'claims'; claims: Claim[] }
  | { type: 'queries'; queries: ClaimQueries[] }
  | { type: 'evidence'; claimId: string; evidence: Evidence[] }
  | { type: 'assessment'; assessment: ClaimAssessment }
  | { type: 'source-types'; types: Record<string, SourceType> }
  | { type: 'revisions'; revisions: Revision[] }
  | { type: 'warning'; message: string };

export type StopReason = 'budget' | 'cancelled';

export interface CheckResult {
  text: string;
  language: string;
  today: string;
  sentences: Sentence[];
  claims: Claim[];
  queries: ClaimQueries[];
  evidence: Evidence[];
  assessments: ClaimAssessment[];
  revisions: Revision[];
  usage: CheckUsage;
  warnings: string[];
  stopped?: StopReason;
}
