/**
 * The pipeline's data, from checked text to verdicts. Offsets are UTF-16 code unit offsets into the
 * checked text (what JavaScript strings and DOM ranges use).
 */
import type { ComposedEvidence } from './composed-evidence';
import type { ErrorNotice } from './error-notices';
import type { SearchProviderId, TokenUsage } from './ports';

export interface TextSpan {
  start: number;
  end: number;
}

export interface Sentence extends TextSpan {
  index: number;
  text: string;
}

/** Subject–predicate–object form of a claim (FLEEK), used for knowledge-graph lookups and questions. */
export interface FactTriple {
  subject: string;
  predicate: string;
  object: string;
}

export interface Claim {
  id: string;
  sentenceIndex: number;
  /** Self-contained wording: pronouns and references resolved from the surrounding text. */
  text: string;
  /** The part of the checked text the claim rests on; the whole sentence when it could not be anchored. */
  span: TextSpan;
  anchored: boolean;
  /** Opinions, questions, instructions and the like are not check-worthy and are never scored. */
  checkWorthy: boolean;
  triple?: FactTriple;
}

export interface ClaimQueries {
  claimId: string;
  /** A web search query in the text's language. */
  query: string;
  /** A question whose answer is the fact being checked (FLEEK's type-aware question). */
  question: string;
  /** English versions when the text is not English. */
  englishQuery?: string;
  englishQuestion?: string;
}

export type SourceType = 'news' | 'fact-check' | 'wiki' | 'government' | 'scientific' | 'blog' | 'social' | 'other';

export const SOURCE_TYPES: readonly SourceType[] = [
  'news',
  'fact-check',
  'wiki',
  'government',
  'scientific',
  'blog',
  'social',
  'other',
];

/** How the passage was obtained: read from the page, the search snippet (page unreadable), or structured data. */
export type EvidenceOrigin = 'page' | 'snippet' | 'knowledge-graph' | 'fact-check';

export interface EvidenceSource {
  url: string;
  host: string;
  title: string;
  siteName?: string;
  publishedAt?: string;
  provider: SearchProviderId | 'wikidata';
  sourceType: SourceType;
}

export interface Evidence {
  id: string;
  claimId: string;
  source: EvidenceSource;
  passage: string;
  origin: EvidenceOrigin;
  /**
   * The text fragment that opens the page at the passage's best sentence, built against the page's text
   * as read (unique there when possible); only for passages read from the page.
   */
  textFragment?: { start: string; end?: string; prefix?: string; suffix?: string };
  /**
   * Set when Factlight worded the passage (and a Wikidata statement's title) itself from structured data: what it
   * says as a code and the raw values, worded in the interface language when shown (lib/view/composed-words.ts).
   * `passage` and `source.title` keep the English the model reads (older rows have only those).
   */
  composed?: ComposedEvidence;
}

/**
 * A judge's reading of one passage against one claim. Partial support is its own stance: measured on
 * Factcheck-Bench it carries real signal (see docs/verdict-rules.md in shared data).
 */
export type Stance = 'supports' | 'partially-supports' | 'refutes' | 'irrelevant';

/**
 * What the search for one claim's evidence met, when a source failed: each failure in words, and whether the
 * search failed as a whole: every source failed, or every web search did and the knowledge graph had nothing (then
 * "no sources found" would be untrue: the web search never answered).
 */
export interface SearchOutcome {
  failures: string[];
  allFailed: boolean;
  /** The failures that have a code, by their English words: worded in the interface language when shown. */
  notices?: Record<string, ErrorNotice>;
}

/**
 * Rationales the pipeline writes itself, when the judge gave none for a passage: `no-rationale`, it judged the
 * passage without saying why; `not-judged`, it skipped the passage (its stance is then `irrelevant`).
 */
export const RATIONALE_CODES = ['no-rationale', 'not-judged'] as const;
export type RationaleCode = (typeof RATIONALE_CODES)[number];

export interface Judgement {
  evidenceId: string;
  stance: Stance;
  rationale: string;
  /**
   * Set when the rationale is ours, not the model's: `rationale` as a code, worded in the interface language when
   * shown (lib/view/rationale-words.ts). `rationale` keeps its English (older rows and the CLI read only that).
   */
  rationaleCode?: RationaleCode;
}

export type Verdict =
  'supported' | 'refuted' | 'disputed' | 'not-enough-evidence' | 'could-not-check' | 'not-check-worthy';

/** Explanations the pipeline writes itself. `no-evidence`: the enabled sources returned no evidence for the claim. */
export const EXPLANATION_CODES = ['no-evidence'] as const;
export type ExplanationCode = (typeof EXPLANATION_CODES)[number];

export interface ClaimAssessment {
  claimId: string;
  verdict: Verdict;
  judgements: Judgement[];
  /** Why the claim stands as it does, citing evidence as [1], [2] in `citedEvidenceIds` order. */
  explanation: string;
  /**
   * Set when the explanation is ours, not the model's: `explanation` as a code, worded in the interface language
   * when shown (lib/view/explanation-words.ts). `explanation` keeps its English (older rows have only that).
   */
  explanationCode?: ExplanationCode;
  citedEvidenceIds: string[];
  /** Set when the claim could not be checked: what failed, in English (older rows have only this). */
  error?: string;
  /** `error` as a code and parameters, worded in the interface language when shown (lib/core/error-notices.ts). */
  errorNotice?: ErrorNotice;
  /**
   * Set on the early assessment reported once the judge has written its stances: the verdict is final,
   * the rationales (empty) and the explanation (empty) are still being written.
   */
  explaining?: true;
}

export interface RevisionChange {
  from: string;
  to: string;
  evidenceIds: string[];
}

export interface Revision {
  sentenceIndex: number;
  original: string;
  revised: string;
  changes: RevisionChange[];
}

/**
 * A claim's band. `neutral`: sources found to compare, nothing judged (evidence-only mode): never a colour of truth.
 */
export type Band = 'green' | 'orange' | 'red' | 'grey' | 'unknown' | 'neutral';

export interface Score {
  /** 0..1, or null when nothing could be scored. */
  value: number | null;
  band: Band;
  checked: number;
  total: number;
}

export type StageName =
  | 'sentences'
  | 'claims'
  | 'queries'
  | 'search'
  | 'pages'
  | 'passages'
  | 'source-types'
  | 'verify'
  | 'revise'
  | 'links'
  | 'explain'
  | 'debate';

export interface StageUsage extends TokenUsage {
  calls: number;
}

export interface CheckUsage {
  byStage: Partial<Record<StageName, StageUsage>>;
  total: StageUsage;
  searchCalls: number;
  pageFetches: number;
}
