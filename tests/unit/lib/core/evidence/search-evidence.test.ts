import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { searchEvidence, startSearch } from '../../../../../lib/core/evidence/search-evidence';
import type { KnowledgeGraph, SearchProvider, SearchResult } from '../../../../../lib/core/ports';
import type { Claim, FactTriple } from '../../../../../lib/core/types';
import { MemoryCache } from '../../../support/model-fakes';

const claim: Claim = {
  id: 'c0-0',
  sentenceIndex: 0,
  text: 'Der Eiffelturm ist 330 Meter hoch',
  span: { start: 0, end: 10 },
  anchored: true,
  checkWorthy: true,
  triple: { subject: 'Eiffelturm', predicate: 'Höhe', object: '330 Meter' },
};
const queries = {
  claimId: 'c0-0',
  query: 'Eiffelturm Höhe',
  question: 'Wie hoch ist der Eiffelturm?',
  englishQuery: 'Eiffel Tower height',
  englishQuestion: 'How tall is the Eiffel Tower?',
};
const result = (
  url: string,
  provider: SearchResult['provider'] = 'searxng',
  extra: Partial<SearchResult> = {},
): SearchResult => ({ url, title: url, snippet: `about ${url}`, provider, ...extra });

function provider(
  id: SearchResult['provider'],
  answer: (text: string, language?: string) => SearchResult[] | Error,
): SearchProvider & { seen: string[] } {
  const seen: string[] = [];
  return {
    id,
    seen,
    async search(query) {
      seen.push(`${query.language}:${query.text}`);
      const out = answer(query.text, query.language);
      if (out instanceof Error) throw out;
      return out;
    },
  } as SearchProvider & { seen: string[] };
}

const options = { language: 'de', resultsPerProvider: 3, excludedDomains: ['blocked.org'] };

describe('searchEvidence', () => {
  it('searches every provider in the text language and in English, merges, filters and de-duplicates', async () => {
    const searx = provider('searxng', (_t, lang) =>
      lang === 'de'
        ? [result('https://de.example/eiffel'), result('https://www.google.com/search?q=x')]
        : [result('https://en.example/eiffel?utm_source=a'), result('https://blocked.org/a')],
    );
    const brave = provider('brave', () => [
      result('https://en.example/eiffel', 'brave'),
      result('https://news.example/tower', 'brave'),
    ]);
    const found = await searchEvidence({ providers: [searx, brave] }, claim, queries, options);
    expect(searx.seen).toEqual(['de:Eiffelturm Höhe', 'en:Eiffel Tower height']);
    expect(found.web.map((r) => r.url)).toEqual([
      'https://de.example/eiffel',
      'https://en.example/eiffel?utm_source=a',
      'https://news.example/tower',
    ]);
    expect(found.allFailed).toBe(false);
  });

  it('keeps fact-checks and knowledge-graph statements apart from web results', async () => {
    const factCheck = provider('google-factcheck', () => [
      result('https://factcheck.example/r', 'google-factcheck', {
        claimReview: { claimText: 'x', publisher: 'FC', textualRating: 'False' },
      }),
    ]);
    const lookups: string[] = [];
    const found = await searchEvidence(
      {
        providers: [factCheck],
        knowledgeGraph: {
          lookup: async (triple, o) => {
            lookups.push(`${o.language}:${triple.subject}`);
            return [
              {
                url: 'https://www.wikidata.org/wiki/Q243',
                title: 'Eiffel Tower (Wikidata)',
                passage: 'Eiffel Tower — height: 330 metre',
              },
            ];
          },
        },
      },
      claim,
      queries,
      options,
    );
    expect(found.factChecks).toHaveLength(1);
    expect(found.web).toHaveLength(0);
    expect(found.knowledge[0]!.passage).toContain('330 metre');
    expect(lookups).toEqual(['de:Eiffelturm']);
  });

  it('turns a failing provider into a warning, and says when every source failed', async () => {
    const broken = provider('serper', () => new ProviderError('rate-limit', 'Serper is rate-limiting (429).'));
    const fine = provider('searxng', () => [result('https://ok.example/a')]);
    const some = await searchEvidence({ providers: [broken, fine] }, claim, queries, options);
    expect(some.failures).toEqual(['Serper is rate-limiting (429).', 'Serper is rate-limiting (429).']);
    expect(some.allFailed).toBe(false);
    const none = await searchEvidence({ providers: [broken] }, claim, queries, options);
    expect(none.allFailed).toBe(true);
    expect(none.notices).toEqual({});
    // A failure with a code keeps it, by its English words, for the views to word (lib/view/error-words.ts).
    const notice = { code: 'search-unreachable', provider: 'Serper', host: 'google.serper.dev' } as const;
    const coded = provider('serper', () => new ProviderError('unreachable', notice));
    const unreachable = await searchEvidence({ providers: [coded] }, claim, queries, options);
    expect(unreachable.failures[0]).toBe('Could not reach Serper at google.serper.dev.');
    expect(unreachable.notices).toEqual({ 'Could not reach Serper at google.serper.dev.': notice });
    await expect(
      searchEvidence(
        { providers: [provider('searxng', () => new ProviderError('cancelled', 'cancelled'))] },
        claim,
        queries,
        options,
      ),
    ).rejects.toThrow('cancelled');
  });

  it('answers a repeated search from the cache, unless fresh evidence is wanted', async () => {
    const cache = new MemoryCache();
    const searx = provider('searxng', () => [result('https://ok.example/a')]);
    await searchEvidence({ providers: [searx], cache }, claim, queries, options);
    await searchEvidence({ providers: [searx], cache }, claim, queries, options);
    expect(searx.seen).toHaveLength(2);
    await searchEvidence({ providers: [searx], cache, fresh: true }, claim, queries, options);
    expect(searx.seen).toHaveLength(4);
  });
});

/** A streamed claim's draft: its text and queries are written, its triple is not yet. */
const { triple, ...draft } = claim;
const statement = {
  url: 'https://www.wikidata.org/wiki/Q243',
  title: 'Eiffel Tower (Wikidata)',
  passage: 'Eiffel Tower — height: 330 metre',
};

/** A knowledge graph that records which subjects it was asked about, and answers or fails as told. */
function knowledgeGraph(answer: () => Promise<Array<typeof statement>> = async () => [statement]) {
  const asked: string[] = [];
  const graph: KnowledgeGraph = {
    lookup: async (about) => {
      asked.push(about.subject);
      return answer();
    },
  };
  return { graph, asked };
}

describe("startSearch: a streamed claim's knowledge-graph lookup", () => {
  it('gives the web results while the triple is still being written, and looks the triple up once it arrives', async () => {
    let arrive!: (whole: FactTriple | undefined) => void;
    const pending = new Promise<FactTriple | undefined>((resolve) => (arrive = resolve));
    const { graph, asked } = knowledgeGraph();
    const searx = provider('searxng', () => [result('https://ok.example/a')]);
    const started = startSearch({ providers: [searx], knowledgeGraph: graph }, draft, queries, {
      ...options,
      triple: pending,
    });

    const found = await started.web;
    expect(found.web.map((r) => r.url)).toEqual(['https://ok.example/a']);
    expect(asked).toEqual([]);
    arrive(triple);
    expect(await started.knowledge).toEqual([statement]);
    expect(asked).toEqual(['Eiffelturm']);
    expect(started.allFailed()).toBe(false);
  });

  it('asks nothing of the knowledge graph when the whole claim has no triple, or never comes', async () => {
    const { graph, asked } = knowledgeGraph();
    const searx = provider('searxng', () => [result('https://ok.example/a')]);
    const none = await searchEvidence({ providers: [searx], knowledgeGraph: graph }, draft, queries, {
      ...options,
      triple: Promise.resolve(undefined),
    });
    expect(none.knowledge).toEqual([]);
    // The claim's stream failed: its web results are still the search's, and no source failed.
    const lost = await searchEvidence({ providers: [searx], knowledgeGraph: graph }, draft, queries, {
      ...options,
      triple: Promise.reject(new Error('the stream broke')),
    });
    expect(lost.web.map((r) => r.url)).toEqual(['https://ok.example/a']);
    expect(lost.failures).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('says every source failed only when the web searches and the knowledge graph all failed', async () => {
    const broken = provider('searxng', () => new ProviderError('server', 'SearXNG had a server error (500).'));
    const answering = knowledgeGraph();
    const streamed = { ...options, triple: Promise.resolve(triple) };
    const some = await searchEvidence(
      { providers: [broken], knowledgeGraph: answering.graph },
      draft,
      queries,
      streamed,
    );
    expect(some.knowledge).toEqual([statement]);
    expect(some.allFailed).toBe(false);
    const failing = knowledgeGraph(async () => {
      throw new ProviderError('unreachable', 'Could not reach Wikidata at www.wikidata.org.');
    });
    const none = await searchEvidence({ providers: [broken], knowledgeGraph: failing.graph }, draft, queries, streamed);
    expect(none.failures).toContain('Could not reach Wikidata at www.wikidata.org.');
    expect(none.allFailed).toBe(true);
  });

  it('stops on a cancelled lookup rather than counting it as a failed source', async () => {
    const cancelled = knowledgeGraph(async () => {
      throw new ProviderError('cancelled', 'cancelled');
    });
    const searx = provider('searxng', () => [result('https://ok.example/a')]);
    await expect(
      searchEvidence({ providers: [searx], knowledgeGraph: cancelled.graph }, claim, queries, options),
    ).rejects.toThrow('cancelled');
    expect(cancelled.asked).toEqual(['Eiffelturm']);
  });
});
