/** The pipeline's contract: what it runs on (ports and adapters), its options, the events it reports and its result. */
import type { RunNotice } from './notices';
import type {
  ArticleExtractor,
  Cache,
  ChatModel,
  Clock,
  DoiRegistry,
  Embedder,
  KnowledgeGraph,
  PageFetcher,
  SearchProvider,
  WebArchive,
} from './ports';
import type { ActionabilityScore, AttributionResult, Refinement } from './quality/explanations/types';
import type { ReplyCitationInput } from './quality/links/find-links';
import type { LinkAudit } from './quality/links/types';
import type { TextSplit } from './text/run-sentences';
import type {
  CheckUsage,
  Claim,
  ClaimAssessment,
  ClaimQueries,
  Evidence,
  Revision,
  SearchOutcome,
  Sentence,
  SourceType,
  StageName,
} from './types';

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
  /** For the link audit: snapshots of dead links, and DOI lookups. Without them those checks are skipped. */
  webArchive?: WebArchive;
  doiRegistry?: DoiRegistry;
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
  /** Thorough: refuted and disputed claims' explanations and revisions are refined by a critics' debate. */
  mode?: 'fast' | 'thorough';
  /** Retrieve and judge the links the text cites (default on). */
  auditLinks?: boolean;
  /** Links a chatbot reply cites (pills, footnotes, sources lists), with their positions in the text when known. */
  replyCitations?: readonly ReplyCitation[];
  language?: string;
  /**
   * The text already split (`splitSentences(text, language)`, e.g. stored with the check): the run takes these
   * sentences instead of splitting again, when they fit the text (text/run-sentences.ts).
   */
  split?: TextSplit;
  /** For a model with a small context window (on-device): smaller claim batches, fewer passages judged per claim. */
  promptLimits?: { sentencesPerBatch: number; charsPerBatch: number; passagesPerClaim: number };
  /**
   * Evidence an evidence-only run found, by sentence index: claims of those sentences are judged on it, with no new
   * search.
   */
  priorEvidence?: ReadonlyMap<number, readonly Evidence[]>;
  /**
   * The warnings of the evidence-only run that found `priorEvidence` that concern that evidence (a source that
   * failed, passages chosen by words: lib/background/judged-warnings.ts), coded ones with their codes: this run lists
   * them first, then its own, each once.
   */
  priorWarnings?: { warnings: readonly string[]; notices?: Readonly<Record<string, RunNotice>> };
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

/** A link a chatbot reply cites; `start`/`end` locate its marker in the checked text when known. */
export type ReplyCitation = ReplyCitationInput;

/** Progress, reported as results arrive, so a UI can show each verdict as soon as it exists. */
export type PipelineEvent =
  | { type: 'stage'; stage: StageName; state: 'started' | 'done' }
  /** `given`: the sentences are the options' `split`, which whoever gave them already holds. */
  | { type: 'sentences'; sentences: Sentence[]; language: string; given?: true }
  | { type: 'claims'; claims: Claim[] }
  | { type: 'queries'; queries: ClaimQueries[] }
  | { type: 'evidence'; claimId: string; evidence: Evidence[] }
  /** Sources that failed while a claim's evidence was searched (only sent when one did). */
  | { type: 'search-outcome'; claimId: string; outcome: SearchOutcome }
  | { type: 'assessment'; assessment: ClaimAssessment }
  /** A claim's verdict from the judge's stances, before its rationales and explanation (`explaining`). */
  | { type: 'verdict'; assessment: ClaimAssessment }
  | { type: 'source-types'; types: Record<string, SourceType> }
  | { type: 'revisions'; revisions: Revision[] }
  | { type: 'links'; links: LinkAudit[] }
  | {
      type: 'explanation-quality';
      actionability: Record<string, ActionabilityScore>;
      attribution: Record<string, AttributionResult>;
    }
  | { type: 'refinement'; refinement: Refinement }
  | { type: 'text-attribution'; attribution: AttributionResult }
  /**
   * `message`: the warning's words, or for a coded warning its key (`noticeKey`) or English words
   * (lib/core/stage-notices.ts), with `notice` its code and parameters (lib/core/notices.ts), worded when shown.
   */
  | { type: 'warning'; message: string; notice?: RunNotice };

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
  links: LinkAudit[];
  /** FinGrAct scores of the explanations of refuted and disputed claims, by claim id. */
  actionability: Record<string, ActionabilityScore>;
  /** Citation attribution of every explanation that cites evidence, by claim id. */
  attribution: Record<string, AttributionResult>;
  refinements: Refinement[];
  /** Masking and recovery of the text's own citations (its links, by their place in `links`, 1-based). */
  textAttribution?: AttributionResult;
  /** By claim id: the sources that failed while its evidence was searched (claims where one did). */
  searchOutcomes?: Record<string, SearchOutcome>;
  usage: CheckUsage;
  warnings: string[];
  /** The warnings that have a code, by the string `warnings` lists them by (lib/core/notices.ts). */
  notices?: Record<string, RunNotice>;
  stopped?: StopReason;
}
