/**
 * Turns one claim's search results into evidence items: the best passages of each readable page, the
 * search snippet (marked as such) when a page cannot be read, existing fact-checks, and knowledge-graph
 * statements. Source types start from the rules; the source-types stage fills in the rest.
 */
import { composedEnglish } from '../composed-english';
import type { ComposedEvidence } from '../composed-evidence';
import { errorMessage, isCancellation } from '../errors';
import type { ClaimReview, Embedder, SearchResult } from '../ports';
import { buildTextFragment } from '../text/build-text-fragment';
import { hostOf } from '../text/hosts';
import type { Claim, ClaimQueries, Evidence, EvidenceSource } from '../types';
import { selectPassages } from './passages/select-passages';
import type { PageReader, PageReading } from './read-pages';
import type { ClaimSearchResult } from './search-evidence';
import { sourceTypeByRule } from './sources/source-type-rules';

/** Limits and language for reading one claim's pages. */
export interface GatherOptions {
  language: string;
  passagesPerPage: number;
  contextSentences: number;
  /** Web results read per claim, best first across providers. */
  maxPages: number;
  embedder?: Embedder;
  /** Told when the embedder failed and a page's passages were chosen by their words (select-passages.ts). */
  onEmbedderFailure?: (error: unknown) => void;
  signal?: AbortSignal;
}

function sourceFor(
  url: string,
  title: string,
  provider: EvidenceSource['provider'],
  extra: Partial<EvidenceSource> = {},
): EvidenceSource {
  const host = hostOf(url) ?? '';
  return { url, host, title: title || host, provider, sourceType: sourceTypeByRule(url) ?? 'other', ...extra };
}

/** The review as a code and its values, for the views to word in the interface language. */
function reviewComposed(review: ClaimReview): ComposedEvidence {
  const { publisher, claimText, textualRating, claimant, reviewDate } = review;
  return {
    code: 'fact-check-review',
    params: {
      publisher,
      claimText,
      textualRating,
      ...(claimant ? { claimant } : {}),
      ...(reviewDate ? { reviewDate } : {}),
    },
  };
}

/** The review's English passage, what the model reads, and its composed values, what a person reads worded. */
function reviewPassage(review: ClaimReview): { passage: string; composed: ComposedEvidence } {
  const composed = reviewComposed(review);
  return { passage: composedEnglish(composed).passage, composed };
}

async function pageEvidence(
  claim: Claim,
  queries: ClaimQueries,
  result: SearchResult,
  reader: PageReader,
  options: GatherOptions,
): Promise<Array<Omit<Evidence, 'id'>>> {
  let reading: PageReading;
  try {
    reading = await reader.read(result.url);
  } catch (error) {
    // A reader that throws (not a cancellation) costs this page only, as if it were unreadable: its snippet stands,
    // and the claim keeps its other pages instead of becoming "could not check".
    if (isCancellation(error) || options.signal?.aborted) throw error;
    reading = { ok: false, reason: errorMessage(error) };
  }
  if (reading.ok) {
    const passages = await selectPassages({
      claim: claim.text,
      question: queries.question,
      text: reading.article.text,
      lang: reading.article.lang ?? options.language,
      passagesPerPage: options.passagesPerPage,
      contextSentences: options.contextSentences,
      ...(options.embedder ? { embedder: options.embedder } : {}),
      ...(options.onEmbedderFailure ? { onEmbedderFailure: options.onEmbedderFailure } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const { article } = reading;
    const publishedAt = article.publishedAt ?? result.publishedAt;
    const source = sourceFor(reading.finalUrl, article.title || result.title, result.provider, {
      ...(article.siteName ? { siteName: article.siteName } : {}),
      ...(publishedAt ? { publishedAt } : {}),
    });
    if (passages.length > 0) {
      return passages.map((passage) => {
        // Built here, where the page's whole text is at hand, so the fragment can be made unique in it.
        const textFragment = buildTextFragment(article.text, passage.best.start, passage.best.end);
        return {
          claimId: claim.id,
          source,
          passage: passage.text,
          origin: 'page' as const,
          ...(textFragment ? { textFragment } : {}),
        };
      });
    }
  }
  if (!result.snippet.trim()) return [];
  const source = sourceFor(
    result.url,
    result.title,
    result.provider,
    result.publishedAt ? { publishedAt: result.publishedAt } : {},
  );
  return [{ claimId: claim.id, source, passage: result.snippet, origin: 'snippet' }];
}

/** The evidence read from a claim's best web results (pages, or their snippets), in result order, not yet numbered. */
export async function readPageEvidence(
  claim: Claim,
  queries: ClaimQueries,
  web: readonly SearchResult[],
  reader: PageReader,
  options: GatherOptions,
): Promise<Array<Omit<Evidence, 'id'>>> {
  const fromPages = await Promise.all(
    web.slice(0, options.maxPages).map((result) => pageEvidence(claim, queries, result, reader, options)),
  );
  return fromPages.flat();
}

/**
 * A claim's evidence in its order (fact-checks, knowledge-graph statements, pages), numbered once all are in.
 * Evidence ids are `${claimId}:e${n}`.
 */
export function assembleEvidence(
  claim: Claim,
  search: Pick<ClaimSearchResult, 'factChecks' | 'knowledge'>,
  fromPages: ReadonlyArray<Omit<Evidence, 'id'>>,
): Evidence[] {
  const fromFactChecks = search.factChecks.map((result) => {
    // A fact-check result always carries its review (google-factcheck.ts sets one on each).
    const review = result.claimReview!;
    return {
      claimId: claim.id,
      source: sourceFor(result.url, result.title, result.provider, {
        sourceType: 'fact-check',
        ...(review.reviewDate ? { publishedAt: review.reviewDate } : {}),
      }),
      ...reviewPassage(review),
      origin: 'fact-check' as const,
    };
  });
  const fromKnowledge = search.knowledge.map((statement) => ({
    claimId: claim.id,
    source: sourceFor(statement.url, statement.title, 'wikidata', {
      sourceType: 'wiki',
      siteName: 'Wikidata',
      ...(statement.publishedAt ? { publishedAt: statement.publishedAt } : {}),
    }),
    passage: statement.passage,
    origin: 'knowledge-graph' as const,
    ...(statement.composed ? { composed: statement.composed } : {}),
  }));
  return [...fromFactChecks, ...fromKnowledge, ...fromPages].map((item, index) => ({
    ...item,
    id: `${claim.id}:e${index}`,
  }));
}

/** Builds a claim's evidence from its search results. Evidence ids are `${claimId}:e${n}`. */
export async function gatherEvidence(
  claim: Claim,
  queries: ClaimQueries,
  search: ClaimSearchResult,
  reader: PageReader,
  options: GatherOptions,
): Promise<Evidence[]> {
  return assembleEvidence(claim, search, await readPageEvidence(claim, queries, search.web, reader, options));
}
