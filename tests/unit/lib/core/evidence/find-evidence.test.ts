/**
 * "Search failed" for a claim whose every source failed: the first cause and how many others, in English
 * (stored) and as a code that keeps the first cause's own code (worded when shown). And how a claim's evidence is
 * found: pages read while a streamed claim's knowledge-graph lookup waits for its triple, numbered once all are in;
 * and what a failed search, a page reader that throws and a cancel cost it, with each failure's notice pinned.
 */
import { describe, expect, it, vi } from 'vitest';

import type { ErrorNotice } from '../../../../../lib/core/error-notices';
import { isCancellation, ProviderError } from '../../../../../lib/core/errors';
import {
  type EvidenceRun,
  findEvidence,
  searchFailedMessage,
  searchFailedNotice,
} from '../../../../../lib/core/evidence/find-evidence';
import type { PageReader } from '../../../../../lib/core/evidence/read-pages';
import {
  DEFAULT_PIPELINE_OPTIONS,
  type PipelineDeps,
  type PipelineOptions,
} from '../../../../../lib/core/pipeline-types';
import type { KnowledgeGraph, SearchProvider, SearchProviderId, SearchResult } from '../../../../../lib/core/ports';
import type { Claim, Evidence } from '../../../../../lib/core/types';

const WIKIPEDIA = 'Could not reach Wikipedia at en.wikipedia.org.';
const CODED: ErrorNotice = { code: 'search-unreachable', provider: 'Wikipedia', host: 'en.wikipedia.org' };

describe('searchFailedNotice', () => {
  it('names the first cause with its code, and counts each other cause once', () => {
    const failures = [WIKIPEDIA, 'SearXNG had a server error (500).', WIKIPEDIA];
    expect(searchFailedNotice(failures, { [WIKIPEDIA]: CODED })).toEqual({
      code: 'search-failed',
      cause: WIKIPEDIA,
      causeNotice: CODED,
      others: 1,
    });
    expect(searchFailedMessage(failures)).toBe(`Search failed: ${WIKIPEDIA} (and 1 other failure)`);
  });

  it('without a failure to name, says only that the search failed', () => {
    expect(searchFailedNotice([])).toEqual({ code: 'search-failed', others: 0 });
    expect(searchFailedMessage([])).toBe('Search failed.');
  });
});

/** A streamed claim's draft (text and queries, no triple yet) and the whole claim the model goes on to write. */
const whole: Claim = {
  id: 'c0-0',
  sentenceIndex: 0,
  text: 'The Eiffel Tower was completed in 1889',
  span: { start: 0, end: 38 },
  anchored: true,
  checkWorthy: true,
  triple: { subject: 'Eiffel Tower', predicate: 'completed', object: '1889' },
};
const { triple: _written, ...draft } = whole;
const queries = { claimId: 'c0-0', query: 'Eiffel Tower completed', question: 'When was the Eiffel Tower completed?' };
const statement = {
  url: 'https://www.wikidata.org/wiki/Q243',
  title: 'Eiffel Tower (Wikidata)',
  passage: 'Eiffel Tower — date of official opening: 31 March 1889',
};

function searchResult(url: string, extra: Partial<SearchResult> = {}): SearchResult {
  return { url, title: url, snippet: `about ${url}`, provider: 'searxng', ...extra };
}

/** A search source that gives `answer`'s results, or throws the error it returns. */
function provider(id: SearchProviderId, answer: () => SearchResult[] | Error): SearchProvider {
  return {
    id,
    search: async () => {
      const out = answer();
      if (out instanceof Error) throw out;
      return out;
    },
  };
}

/**
 * One provider answering a fact-check and a page (and any `also`); a reader that cannot read pages (so each gives
 * its snippet) unless `read` is given. `told` is each failure as `onFailure` heard it: its words and its notice;
 * `embedderFailures` what `onEmbedderFailure` heard.
 */
function sources(
  answer: () => SearchResult[] | Error = () => [
    searchResult('https://factcheck.example/r', {
      provider: 'google-factcheck',
      claimReview: { claimText: 'x', publisher: 'FC', textualRating: 'True' },
    }),
    searchResult('https://page.example/eiffel'),
  ],
  { also = [], read }: { also?: SearchProvider[]; read?: PageReader['read'] } = {},
) {
  const reads: string[] = [];
  const failures: string[] = [];
  const told: Array<[string, ErrorNotice | undefined]> = [];
  const embedderFailures: unknown[] = [];
  const run: EvidenceRun = {
    providers: [provider('searxng', answer), ...also],
    reader: {
      read: async (url) => {
        reads.push(url);
        return read ? read(url) : { ok: false, reason: 'not read in this test' };
      },
    },
    onSearch: () => {},
    onFailure: (message, notice) => {
      failures.push(message);
      told.push([message, notice]);
    },
    onEmbedderFailure: (error) => embedderFailures.push(error),
  };
  return { run, reads, failures, told, embedderFailures };
}

const pipelineOptions: PipelineOptions = { ...DEFAULT_PIPELINE_OPTIONS, language: 'en' };
const withGraph = (lookup: KnowledgeGraph['lookup']) => ({ knowledgeGraph: { lookup } }) as unknown as PipelineDeps;

/** The streamed draft's evidence, its whole claim coming as `written` (at once unless given). */
function findStreamed(
  run: EvidenceRun,
  deps: PipelineDeps,
  written: Promise<Claim> = Promise.resolve(whole),
  options: PipelineOptions = pipelineOptions,
): Promise<Evidence[]> {
  return findEvidence(run, deps, options, draft, queries, { language: 'en', whole: written });
}

/** The whole claim's evidence, its triple there from the start. */
function findWhole(run: EvidenceRun, deps: PipelineDeps, options: PipelineOptions = pipelineOptions) {
  return findEvidence(run, deps, options, whole, queries, { language: 'en' });
}

/** What a search that must not succeed rejected with ('resolved' when it did not reject). */
const rejection = (found: Promise<unknown>): Promise<unknown> =>
  found.then(
    () => 'resolved',
    (reason: unknown) => reason,
  );

describe('findEvidence', () => {
  it("reads a streamed claim's pages before its triple arrives, and numbers fact-checks, statements, pages after", async () => {
    const { run, reads } = sources();
    const asked: string[] = [];
    let arrive!: (claim: Claim) => void;
    const written = new Promise<Claim>((resolve) => (arrive = resolve));
    const found = findStreamed(
      run,
      withGraph(async (triple) => {
        asked.push(triple.subject);
        return [statement];
      }),
      written,
    );

    await vi.waitFor(() => expect(reads).toEqual(['https://page.example/eiffel']));
    expect(asked).toEqual([]);
    arrive(whole);
    const evidence = await found;
    expect(asked).toEqual(['Eiffel Tower']);
    expect(evidence.map((item) => [item.id, item.origin])).toEqual([
      ['c0-0:e0', 'fact-check'],
      ['c0-0:e1', 'knowledge-graph'],
      ['c0-0:e2', 'snippet'],
    ]);
  });

  it("tells the web searches' failures before the pages are read, not after the knowledge graph answers", async () => {
    const failures: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads: string[] = [];
    const run: EvidenceRun = {
      providers: [
        {
          id: 'searxng',
          search: async () => [searchResult('https://page.example/eiffel')],
        },
        {
          id: 'brave',
          search: async () => {
            throw new ProviderError('server', 'Brave had a server error (500).');
          },
        },
      ],
      reader: {
        read: async (url) => {
          reads.push(url);
          await held;
          return { ok: false, reason: 'not read in this test' };
        },
      },
      onSearch: () => {},
      onFailure: (message) => failures.push(message),
      onEmbedderFailure: () => {},
    };
    let arrive!: (claim: Claim) => void;
    const found = findStreamed(
      run,
      withGraph(async () => [statement]),
      new Promise<Claim>((resolve) => (arrive = resolve)),
    );
    // The page is being read and the triple has not come: the failure is already told, once.
    await vi.waitFor(() => expect(reads).toEqual(['https://page.example/eiffel']));
    expect(failures).toEqual(['Brave had a server error (500).']);
    arrive(whole);
    release();
    await found;
    expect(failures).toEqual(['Brave had a server error (500).']);
  });

  it('gives the same evidence, in the same order, for a claim whose triple was there from the start', async () => {
    const lookup = async () => [statement];
    const streamed = findStreamed(sources().run, withGraph(lookup));
    const atOnce = findWhole(sources().run, withGraph(lookup));
    expect(await streamed).toEqual(await atOnce);
  });

  it('judges on the knowledge graph\'s statement when the web search failed, and is "could not check" when both failed', async () => {
    const down = () => new ProviderError('server', 'SearXNG had a server error (500).');
    const answered = sources(down);
    const evidence = await findStreamed(
      answered.run,
      withGraph(async () => [statement]),
    );
    expect(evidence.map((item) => item.origin)).toEqual(['knowledge-graph']);
    expect(answered.failures).toEqual(['SearXNG had a server error (500).']);

    const failed = sources(down);
    const wikidataDown = withGraph(async () => {
      throw new ProviderError('unreachable', 'Could not reach Wikidata at www.wikidata.org.');
    });
    await expect(findStreamed(failed.run, wikidataDown)).rejects.toThrow(ProviderError);
    expect([...failed.failures].sort()).toEqual([
      'Could not reach Wikidata at www.wikidata.org.',
      'SearXNG had a server error (500).',
    ]);
  });
});

/**
 * What a demanding user of a fact-checker expects of one claim's search: one failed source never sinks the whole
 * check, each failure is told once with its own code, a cancelled check stops, and "could not check" (or "no
 * sources found") is never shown as a verdict on the claim.
 */
describe('findEvidence: failed sources and cancellation', () => {
  const BRAVE: ErrorNotice = { code: 'search-unreachable', provider: 'Brave', host: 'api.search.brave.com' };
  const braveDown = () => provider('brave', () => new ProviderError('unreachable', BRAVE));
  const cancelled = () => new ProviderError('cancelled', 'The request was cancelled.');
  const ARTICLE = 'The Eiffel Tower was completed in 1889 for the World Fair. It stands in Paris.';

  it('keeps the pages it could read, and tells a failed search once, when reading one page throws', async () => {
    // A user expects the claim still checked against the pages that were read (the broken one by its search
    // snippet), and the search that failed told once: neither the crash nor the failure sinks the claim.
    const { run, told } = sources(
      () => [searchResult('https://broken.example/eiffel'), searchResult('https://page.example/eiffel')],
      {
        also: [braveDown()],
        read: async (url) => {
          if (url === 'https://broken.example/eiffel') throw new Error('The page reader crashed.');
          return { ok: true, article: { title: 'Eiffel Tower', text: ARTICLE }, finalUrl: url };
        },
      },
    );
    const evidence = await findStreamed(
      run,
      withGraph(async () => [statement]),
    );

    expect(told).toStrictEqual([['Could not reach Brave at api.search.brave.com.', BRAVE]]);
    expect(evidence.map((item) => [item.id, item.origin, item.source.url, item.passage])).toEqual([
      ['c0-0:e0', 'knowledge-graph', statement.url, statement.passage],
      ['c0-0:e1', 'snippet', 'https://broken.example/eiffel', 'about https://broken.example/eiffel'],
      ['c0-0:e2', 'page', 'https://page.example/eiffel', expect.stringContaining('completed in 1889')],
    ]);
  });

  it("keeps a read page's passage, chosen by words, and tells the run, when the embedder fails", async () => {
    const { run, embedderFailures } = sources(() => [searchResult('https://page.example/eiffel')], {
      read: async (url) => ({ ok: true, article: { title: 'Eiffel Tower', text: ARTICLE }, finalUrl: url }),
    });
    const failure = new ProviderError('server', 'OpenAI had a server error (500).', { status: 500 });
    const embedder = { embed: () => Promise.reject(failure) };
    const evidence = await findWhole(run, { embedder } as unknown as PipelineDeps);
    expect(evidence.map((item) => [item.origin, item.passage])).toEqual([
      ['page', expect.stringContaining('completed in 1889')],
    ]);
    expect(embedderFailures).toEqual([failure]);
  });

  const endings: Array<[string, (claim: Promise<Claim>) => Promise<Claim>]> = [
    // The stream completes every claim it handed over, whatever happened (stream-claims.ts); should a whole claim
    // reject instead, it is with the cancellation.
    ['the whole claim still comes, triple and all', (claim) => claim],
    ['the claim stream stops with the cancellation', () => Promise.reject(cancelled())],
  ];
  it.each(endings)(
    'rejects with the cancellation, and asks Wikidata nothing, when the check is cancelled while the triple is awaited (%s)',
    async (_, ending) => {
      // A user who cancels expects the check to stop: no request sent after the cancel, and the claim told as
      // cancelled, not as searched to the end (nor as failed). Nothing may reject unheard (vitest reports it).
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const { run, reads } = sources();
        const asked: string[] = [];
        const cancel = new AbortController();
        let arrive!: (claim: Promise<Claim>) => void;
        const found = findStreamed(
          run,
          withGraph(async (triple) => {
            asked.push(triple.subject);
            return [statement];
          }),
          new Promise<Claim>((resolve) => (arrive = resolve)),
          { ...pipelineOptions, signal: cancel.signal },
        );
        // The pages are being read while the lookup waits for the triple; then the person cancels.
        await vi.waitFor(() => expect(reads).toEqual(['https://page.example/eiffel']));
        cancel.abort();
        arrive(ending(Promise.resolve(whole)));

        const error = await rejection(found);
        expect(error).toBeInstanceOf(ProviderError);
        expect(isCancellation(error)).toBe(true);
        expect(asked).toEqual([]);
        // Node tells of an unhandled rejection once the microtasks have run, before the next turn's immediates.
        await new Promise((resolve) => setImmediate(resolve));
        expect(unhandled).toEqual([]);
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    },
  );

  it('rejects with the cancellation, rather than keeping a snippet, when a page read is cancelled', async () => {
    // A page read that stops because the person cancelled is the check stopping, not an unreadable page.
    const { run } = sources(undefined, {
      read: async () => {
        throw cancelled();
      },
    });
    const error = await rejection(findWhole(run, {} as PipelineDeps));
    expect(isCancellation(error)).toBe(true);
  });

  it('stops, rather than keeping a snippet, when a page read fails in any way after the check was cancelled', async () => {
    // Readers abort in their own words (a fetch's AbortError, a plain Error): once the person cancelled, a failed
    // read is the check stopping, not a page to keep by its snippet and judge.
    const cancel = new AbortController();
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    const { run } = sources(undefined, {
      read: async () => {
        cancel.abort();
        throw aborted;
      },
    });
    const outcome = await rejection(findWhole(run, {} as PipelineDeps, { ...pipelineOptions, signal: cancel.signal }));
    expect(outcome).toBe(aborted);
  });

  it('is "could not check", with every failure told, when every web search failed and Wikidata has no statement', async () => {
    // Wikidata answered, with nothing on the triple, but the claim was never looked for on the web: a user reading "not
    // enough evidence" would take it that it was, and nothing found. It is "could not check", said with the first
    // failed search's cause, and each failure is told.
    const { run, told, reads } = sources(() => new ProviderError('unreachable', CODED), { also: [braveDown()] });
    const asked: string[] = [];
    const error = await rejection(
      findWhole(
        run,
        withGraph(async (triple) => {
          asked.push(triple.subject);
          return [];
        }),
      ),
    );

    expect(asked).toEqual(['Eiffel Tower']);
    expect(reads).toEqual([]);
    expect(told).toStrictEqual([
      [WIKIPEDIA, CODED],
      ['Could not reach Brave at api.search.brave.com.', BRAVE],
    ]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(isCancellation(error)).toBe(false);
    expect((error as ProviderError).notice).toStrictEqual({
      code: 'search-failed',
      cause: WIKIPEDIA,
      causeNotice: CODED,
      others: 1,
    });
  });

  it('names the first source as set up, not the first to fail, so claims failed by the same sources read alike', async () => {
    // Each claim's reason is grouped by its words to say why claims failed once for the whole check: with the first
    // source to fail named first, two claims failed by the same two sources read as two reasons ("and 1 other
    // reason"), and which one leads changes from run to run. Here Brave fails first, SearXNG (listed first) after.
    const SEARXNG = 'SearXNG had a server error (500).';
    const { run, told } = sources(() => new ProviderError('server', SEARXNG), { also: [braveDown()] });
    const answerLate: SearchProvider = {
      id: 'searxng',
      search: async () => {
        // A macrotask: every microtask of Brave's failure has run by then.
        await new Promise((resolve) => setTimeout(resolve, 0));
        throw new ProviderError('server', SEARXNG);
      },
    };
    const bySource: string[][] = [];
    const late = {
      ...run,
      providers: [answerLate, ...run.providers.slice(1)],
      onFailuresBySource: (failures: string[]) => bySource.push(failures),
    };
    const error = await rejection(
      findWhole(
        late,
        withGraph(async () => []),
      ),
    );

    expect(told.map(([message]) => message)).toEqual(['Could not reach Brave at api.search.brave.com.', SEARXNG]);
    // The claim's search outcome (its card, an evidence-only check's reason) lists them as set up too.
    expect(bySource).toEqual([[SEARXNG, 'Could not reach Brave at api.search.brave.com.']]);
    expect((error as ProviderError).notice).toStrictEqual({ code: 'search-failed', cause: SEARXNG, others: 1 });
    expect((error as ProviderError).message).toBe(`Search failed: ${SEARXNG} (and 1 other failure)`);
  });

  it("tells each failure with its exact notice, and throws 'search failed' with the first cause's code", async () => {
    // The user reads the failures in their own language: the codes and values are what the views word, so they
    // are pinned here, as is the "could not check" reason when no source answered (Wikidata is not asked: the
    // whole claim came without a triple).
    const { run, told } = sources(() => new ProviderError('unreachable', CODED), {
      also: [provider('brave', () => new ProviderError('server', 'Brave had a server error (500).'))],
    });
    const { triple: _none, ...untripled } = whole;
    const error = await rejection(
      findStreamed(
        run,
        withGraph(async () => [statement]),
        Promise.resolve(untripled),
      ),
    );

    expect(told).toStrictEqual([
      [WIKIPEDIA, CODED],
      ['Brave had a server error (500).', undefined],
    ]);
    expect(error).toBeInstanceOf(ProviderError);
    const thrown = error as ProviderError;
    expect(thrown.kind).toBe('unreachable');
    expect(thrown.message).toBe(`Search failed: ${WIKIPEDIA} (and 1 other failure)`);
    expect(thrown.notice).toStrictEqual({ code: 'search-failed', cause: WIKIPEDIA, causeNotice: CODED, others: 1 });
  });
});
