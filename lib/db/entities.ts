/**
 * Records kept in IndexedDB. A check's summary row is small, so the history list (10,000+ checks) reads
 * only `checks`; sentences, claims and evidence live in their own tables keyed by check, loaded when a
 * check is opened. Payload fields are never indexed.
 */

export type CheckStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';
export type CheckOrigin = 'selection' | 'page' | 'chatbot-reply' | 'typed';
export type Band = 'green' | 'orange' | 'red' | 'grey' | 'unknown';

export interface CheckRecord {
  id: string;
  createdAt: number;
  updatedAt: number;
  status: CheckStatus;
  origin: CheckOrigin;
  /** The checked text exactly as captured; offsets elsewhere point into it. */
  text: string;
  /** Hash of the text and settings that shape results, to find an identical earlier check. */
  inputHash: string;
  pageUrl?: string;
  pageTitle?: string;
  /** Host of `pageUrl`, for "search by site". */
  site?: string;
  language?: string;
  /** The pipeline stage last completed, so a stopped worker can resume after it. */
  stage?: string;
  score?: number | null;
  band?: Band;
  claimsChecked?: number;
  claimsTotal?: number;
  error?: string;
}

export interface SentenceRecord {
  id: string;
  checkId: string;
  index: number;
  start: number;
  end: number;
  text: string;
}

export interface ClaimRecord {
  id: string;
  checkId: string;
  sentenceId: string;
  index: number;
  text: string;
  /** The span of the checked text the claim rests on. */
  start: number;
  end: number;
  checkWorthy: boolean;
  verdict?: string;
}

export interface EvidenceRecord {
  id: string;
  checkId: string;
  claimId: string;
  url: string;
  title: string;
  passage: string;
  stance?: string;
  rationale?: string;
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
