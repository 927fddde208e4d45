/**
 * Records kept in IndexedDB. A check's summary row (`checks`) is small, so the history list (10,000+
 * checks) reads only summaries; sentences, claims (with their queries and assessment), evidence and
 * revisions live in their own tables keyed by check, loaded when a check is opened. Each row holds the
 * pipeline's own type, so what the UI shows is exactly what the core produced.
 */
import type { CaptureSelectors } from '../anchoring/selectors';
import type { ErrorNotice } from '../core/error-notices';
import type { RunNotice } from '../core/notices';
import type { ActionabilityScore, AttributionResult, Refinement } from '../core/quality/explanations/types';
import type { LinkAudit } from '../core/quality/links/types';
import type { FailureSummary } from '../core/score/failures';
import type { VerdictCounts } from '../core/score/headline';
import {
  type Band,
  type CheckUsage,
  type Claim,
  type ClaimAssessment,
  type ClaimQueries,
  type Evidence,
  type Revision,
  type SearchOutcome,
  type Sentence,
} from '../core/types';
import type { CitedLink } from '../messaging/protocol';

export type CheckStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
export type CheckOrigin = 'selection' | 'page' | 'chatbot-reply' | 'typed';
export type { Band } from '../core/types';

/** Live counters for the progress view. */
export interface CheckProgress {
  sentences: number;
  claims: number;
  checkWorthy: number;
  verdicts: number;
  evidence: number;
}

export interface CheckRecord {
  id: string;
  createdAt: number;
  updatedAt: number;
  status: CheckStatus;
  origin: CheckOrigin;
  /** The checked text exactly as captured; offsets elsewhere point into it. */
  text: string;
  /** Hash of the text and the settings that shape results, to find an identical earlier check ('' until settled). */
  inputHash: string;
  /**
   * Written by the check intake before the engine was loaded (lib/background/check-intake.ts, issue 27): what
   * depends on the settings (the engine it runs on, `inputHash`) is not known yet; the engine settles it when it
   * takes the check up (lib/background/new-check.ts, `settleCheck`).
   */
  unsettled?: true;
  pageUrl?: string;
  pageTitle?: string;
  /** Host of `pageUrl`, for "search by site". */
  site?: string;
  language?: string;
  /** The pipeline stage last reached. */
  stage?: string;
  /** The average credibility (a second figure beside the headline). */
  score?: number | null;
  /** The headline's colour (lib/core/score/headline.ts): the worst verdict's, `neutral` for sources only. */
  band?: Band;
  claimsChecked?: number;
  claimsTotal?: number;
  /** How many claims have each verdict, every source counted: what the headline leads with. */
  verdicts?: VerdictCounts;
  /** How many claims `score` averages (judged claims with relevant evidence). */
  averagedOver?: number;
  /**
   * Set when every answer this check used came from the cache (no model call, search or page read):
   * when those answers were first obtained, so the result says "from your history, checked 2 h ago".
   */
  servedFromCache?: { checkedAt: number };
  /**
   * Why a failed check failed, as the words were at the time (an adapter's, a storage failure's). A check
   * failed because no claim could be judged keeps `failure` instead (rows stored before it have this, in
   * English, and still show it).
   */
  error?: string;
  /**
   * A check failed because no claim could be judged: the counts and cause, which the views word in the
   * interface language (lib/view/headline-words.ts), the JSON export in English. Absent on older rows and
   * other failures.
   */
  failure?: FailureSummary;
  /** `error` as a code (an evidence-only check whose every search failed), worded in the interface language. */
  errorNotice?: ErrorNotice;
  /** Lower-case words of the text, title and site, for history search (multi-entry index). */
  searchWords: string[];
  progress: CheckProgress;
  usage?: CheckUsage;
  warnings: string[];
  /**
   * The warnings that have a code, by their string in `warnings` (a key since codes came, the English words
   * before): worded in the interface language when shown (lib/view/notice-words.ts).
   */
  notices?: Record<string, RunNotice>;
  stopped?: 'budget' | 'cancelled';
  /** True for a forced re-check that ignores cached evidence. */
  fresh?: boolean;
  /** The date the check ran against (evidence dates are judged relative to it). */
  today?: string;
  /** The tab and frame the text was captured in, while that page may still show it. */
  tabId?: number;
  frameId?: number;
  /** Where the text sits in its page (W3C selectors), so highlights can be drawn again. */
  capture?: CaptureSelectors;
  /** The chatbot reply's message id, for replies. */
  messageId?: string;
  /** Links the text itself cites. */
  citations?: CitedLink[];
  /** Whether the cited links' passages back the sentences citing them (citation n = link n in the audit). */
  textAttribution?: AttributionResult;
  /** Claims whose text could not be found on the page any more (never drawn in a wrong place). */
  notFoundOnPage?: string[];
  /** Checked with Chrome's on-device model (Prompt API). */
  onDevice?: boolean;
  /** Evidence-only mode (no model): sources to compare per sentence, no verdicts. */
  evidenceOnly?: boolean;
  /** Why this check found sources only (no model set up, the on-device model not downloaded, its language…). */
  evidenceOnlyReason?: string;
  /** The same reason as a code, when it has one (`evidenceOnlyReason` is then its English); worded when shown. */
  evidenceOnlyNotice?: ErrorNotice;
  /** "Judge these sources": the evidence-only check whose evidence this check judges (no new search for it). */
  judgeOf?: string;
}

export interface SentenceRecord extends Sentence {
  /** `${checkId}:s${index}` */
  id: string;
  checkId: string;
  kind?: string;
}

export interface ClaimRecord {
  /** `${checkId}:${claim.id}` */
  id: string;
  checkId: string;
  claim: Claim;
  queries?: ClaimQueries;
  assessment?: ClaimAssessment;
  /** FinGrAct score of the explanation (refuted and disputed claims). */
  actionability?: ActionabilityScore;
  /** Whether each [n] citation of the explanation holds up under masking and recovery. */
  attribution?: AttributionResult;
  /** Thorough mode: what the critics' debate changed. */
  refinement?: Refinement;
  /** The sources that failed while its evidence was searched, when one did. */
  search?: SearchOutcome;
}

export interface EvidenceRecord {
  /** `${checkId}:${evidence.id}` */
  id: string;
  checkId: string;
  claimId: string;
  evidence: Evidence;
}

export interface RevisionRecord {
  /** `${checkId}:r${sentenceIndex}` */
  id: string;
  checkId: string;
  revision: Revision;
}

export interface LinkRecord {
  /** `${checkId}:${audit.linkId}` */
  id: string;
  checkId: string;
  audit: LinkAudit;
}

export type RatingStatus = 'running' | 'done' | 'failed';

/** "Rate an explanation": a user-chosen explanation of a claim, scored with FinGrAct. */
export interface RatingRecord {
  id: string;
  createdAt: number;
  updatedAt: number;
  status: RatingStatus;
  claim: string;
  explanation: string;
  pageUrl?: string;
  pageTitle?: string;
  /** What the rating stage is doing, for the progress line. */
  stage?: string;
  evidence: Evidence[];
  links: LinkAudit[];
  score?: ActionabilityScore;
  attribution?: AttributionResult;
  /** Why it failed, in English (what older versions stored and show). */
  error?: string;
  /** The same as a code, when it has one (not indexed): worded when shown, in the interface language. */
  errorNotice?: ErrorNotice;
  /**
   * What went wrong on the way (a search source that failed, a page that could not be read…), as a check's
   * `warnings`; absent on ratings stored before they were kept (not indexed: no schema version needed).
   */
  warnings?: string[];
  /** The warnings that have a code, by their string in `warnings`, as a check's `notices` (worded when shown). */
  notices?: Record<string, RunNotice>;
}

export type CacheKindRecord = 'search' | 'page' | 'model' | 'source-type';

/** Cached search results, page extracts, model responses and source types, shared by all checks. */
export interface CacheRecord {
  /** `${kind}:${key}`. */
  id: string;
  kind: CacheKindRecord;
  createdAt: number;
  expiresAt: number;
  value: unknown;
}
