/**
 * The ports through which the pipeline core talks to the world. Each runtime (service worker, Node CLI,
 * tests) wires its own adapters to these; the core imports nothing else that touches I/O.
 */
import type { ComposedEvidence } from './composed-evidence';
import type { RunNotice } from './notices';

/** Which configured model a call should use: a fast one for extraction, a strong one for judgement. */
export type ModelRole = 'fast' | 'strong';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema the reply must follow (sent as OpenAI structured output, `strict: true`). */
export interface JsonSchemaSpec {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  role: ModelRole;
  messages: ChatMessage[];
  jsonSchema?: JsonSchemaSpec;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

export interface TokenUsage {
  promptTokens: number;
  /** Every token the model produced, hidden reasoning included (as providers bill them). */
  completionTokens: number;
  /** The part of `completionTokens` a reasoning model spent thinking; absent when the server does not say. */
  reasoningTokens?: number;
}

/** Upper bound on a visible reply when a request sets none (reasoning models get their thinking headroom on top). */
export const DEFAULT_REPLY_TOKENS = 4_096;

export interface ChatResponse {
  text: string;
  model: string;
  usage: TokenUsage;
  /** `length` when the reply was cut off at the token limit: more tokens, not a correction, is the fix. */
  finishReason?: 'stop' | 'length' | 'other';
  /**
   * What the adapter had to leave out of the prompt (e.g. trimmed to a small context window), for the check's warnings:
   * a code worded when shown (lib/core/notices.ts), or an adapter's own words.
   */
  notice?: string | RunNotice;
}

/** Receives a streamed reply's text as the model writes it, piece by piece. */
export type TextSink = (delta: string) => void;

/** An OpenAI-compatible chat model. Errors are thrown as `ProviderError`. */
export interface ChatModel {
  complete(request: ChatRequest): Promise<ChatResponse>;
  /**
   * Optional: the same request, streamed. `onText` gets each piece of the reply as it arrives; the promise
   * settles with the whole reply (and its usage) once the stream ends. Absent on models that cannot stream
   * structured output; callers then use `complete`. A stream that breaks rejects with a `ProviderError`
   * after whatever text already reached `onText`.
   */
  stream?(request: ChatRequest, onText: TextSink): Promise<ChatResponse>;
}

export type SearchProviderId = 'wikipedia' | 'searxng' | 'serper' | 'tavily' | 'brave' | 'exa' | 'google-factcheck';

export interface SearchQuery {
  text: string;
  /** BCP 47 language of the query, e.g. "en", "de". */
  language?: string;
  maxResults: number;
  signal?: AbortSignal;
}

/** An existing fact-check found by Google Fact Check Tools (schema.org ClaimReview). */
export interface ClaimReview {
  claimText: string;
  claimant?: string;
  publisher: string;
  textualRating: string;
  reviewDate?: string;
}

export interface SearchResult {
  url: string;
  title: string;
  /** The provider's own snippet: evidence of last resort when the page cannot be read. */
  snippet: string;
  provider: SearchProviderId;
  publishedAt?: string;
  claimReview?: ClaimReview;
}

/** A web or knowledge search API. Errors are thrown as `ProviderError`. */
export interface SearchProvider {
  readonly id: SearchProviderId;
  search(query: SearchQuery): Promise<SearchResult[]>;
}

export interface FetchOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  maxBytes: number;
}

export interface FetchedPage {
  requestedUrl: string;
  finalUrl: string;
  status: number;
  contentType: string;
  body: string;
  /** True when the body was cut at `maxBytes`. */
  truncated: boolean;
  /**
   * Each address a redirect led to, in order (the last is `finalUrl`); empty without redirects. Where the
   * runtime hides intermediate hops (a browser's opaque redirects) only the final address is listed.
   */
  redirects?: string[];
}

/** Fetches web pages for evidence, applying the user's network policy (private addresses, size caps). */
export interface PageFetcher {
  fetch(url: string, options: FetchOptions): Promise<FetchedPage>;
}

export interface Article {
  title: string;
  text: string;
  siteName?: string;
  byline?: string;
  publishedAt?: string;
  lang?: string;
}

/** Turns an HTML document into its main text (Readability behind a DOM the runtime provides). */
export interface ArticleExtractor {
  extract(html: string, url: string): Promise<Article | null>;
}

export type CacheKind = 'search' | 'page' | 'model' | 'source-type';

/** A persistent key-value cache with expiry; keys are computed by the core. */
export interface Cache {
  get<T>(kind: CacheKind, key: string): Promise<T | undefined>;
  set<T>(kind: CacheKind, key: string, value: T, ttlMs: number): Promise<void>;
}

/** A statement from a knowledge graph, already worded as a passage (e.g. "Eiffel Tower — height: 330 metre"). */
export interface KnowledgeStatement {
  url: string;
  title: string;
  passage: string;
  publishedAt?: string;
  /** The statement as a code and values (`passage` and `title` are its English), worded when shown. */
  composed?: ComposedEvidence;
}

/** A knowledge graph (Wikidata) answering for a claim's fact triple (FLEEK). */
export interface KnowledgeGraph {
  lookup(
    triple: { subject: string; predicate: string; object: string },
    options: { language: string; maxStatements: number; signal?: AbortSignal },
  ): Promise<KnowledgeStatement[]>;
}

/** Text embeddings, when the model provider offers them (for passage ranking). */
export interface Embedder {
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

/** A snapshot of a dead page in a web archive (the Internet Archive's availability API). */
export interface ArchiveSnapshot {
  /** The snapshot as a reader opens it (with the archive's banner). */
  url: string;
  /** The same capture as originally served, without the archive's banner, for reading its text. */
  rawUrl?: string;
  /** When it was captured, ISO 8601. */
  capturedAt?: string;
}

/** Finds the closest archived snapshot of a URL; null when the archive has none. Errors are `ProviderError`s. */
export interface WebArchive {
  closest(url: string, signal?: AbortSignal): Promise<ArchiveSnapshot | null>;
}

/** What a DOI registry (Crossref) knows of a DOI. */
export interface DoiRecord {
  doi: string;
  registered: boolean;
  title?: string;
  /** Where the DOI resolves to, when registered. */
  url?: string;
}

/** Looks DOIs up in a registry, to catch invented references. Errors are `ProviderError`s. */
export interface DoiRegistry {
  lookup(doi: string, signal?: AbortSignal): Promise<DoiRecord>;
}

export interface Clock {
  now(): number;
}
