/**
 * A whole check on in-memory fakes, for pipeline tests that need no servers: one search provider with
 * fixed results, pages whose text is given per URL, and a model that answers each structured call by its
 * schema name (one claim per sentence, no judgements, every unknown host a blog, no errors in an explanation).
 */
import { DEFAULT_PIPELINE_OPTIONS, type PipelineDeps, type PipelineOptions } from '../../../lib/core/pipeline-types';
import type { Cache, ChatRequest, ChatResponse, Embedder, SearchResult } from '../../../lib/core/ports';
import { reply } from './model-fakes';

function answer(request: ChatRequest): ChatResponse {
  const user = request.messages.find((message) => message.role === 'user')?.content ?? '';
  switch (request.jsonSchema?.name) {
    case 'atomic_claims': {
      const sentences = [...user.matchAll(/^\[(\d+)\] (.+)$/gm)].map(([, id, text]) => ({
        id: Number(id),
        claims: [
          {
            claim: text!,
            sourceQuote: text!,
            checkWorthy: true,
            subject: '',
            predicate: '',
            object: '',
            query: text!,
            question: `Is it true that ${text}?`,
            englishQuery: null,
            englishQuestion: null,
          },
        ],
      }));
      return reply(JSON.stringify({ sentences }));
    }
    case 'claim_verification':
      return reply(JSON.stringify({ stances: [], rationales: [], explanation: 'Nothing found.' }));
    case 'source_types': {
      const hosts = [...user.matchAll(/^(\S+) — /gm)].map(([, host]) => ({ host: host!, type: 'blog' }));
      return reply(JSON.stringify({ hosts }));
    }
    case 'explanation_rating':
      return reply(JSON.stringify({ errors: [] }));
    default:
      throw new Error(`fake model: no answer for ${request.jsonSchema?.name ?? 'an unstructured call'}`);
  }
}

/** Deps and options for `runCheck` whose search finds `pages` (URL → page text) for every claim. */
export function fakeRun(
  pages: Record<string, string>,
  extra: { cache?: Cache; embedder?: Embedder } = {},
): { deps: PipelineDeps; options: PipelineOptions; modelCalls: ChatRequest[] } {
  const modelCalls: ChatRequest[] = [];
  const results: SearchResult[] = Object.keys(pages).map((url) => ({
    url,
    title: `Page at ${url}`,
    snippet: 'A snippet.',
    provider: 'searxng',
  }));
  const deps: PipelineDeps = {
    model: {
      complete: async (request) => {
        modelCalls.push(request);
        return answer(request);
      },
    },
    providers: [{ id: 'searxng', search: async () => results }],
    fetcher: {
      fetch: async (url) => ({
        requestedUrl: url,
        finalUrl: url,
        status: 200,
        contentType: 'text/html',
        body: url,
        truncated: false,
      }),
    },
    extractor: { extract: async (body) => (pages[body] ? { title: `Article at ${body}`, text: pages[body]! } : null) },
    clock: { now: () => Date.UTC(2026, 0, 15) },
    ...(extra.cache ? { cache: extra.cache } : {}),
    ...(extra.embedder ? { embedder: extra.embedder } : {}),
  };
  const options: PipelineOptions = {
    ...DEFAULT_PIPELINE_OPTIONS,
    resultsPerProvider: 10,
    maxPagesPerClaim: 10,
    auditLinks: false,
    language: 'en',
  };
  return { deps, options, modelCalls };
}
