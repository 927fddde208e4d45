import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { claimsCallSpec } from '../../../../lib/core/claims/claim-prompt';
import { toStrictJsonSchema } from '../../../../lib/core/model/strict-schema';
import { runCheck } from '../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../lib/core/pipeline-types';
import { splitSentences } from '../../../../lib/core/text/sentences';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import { createWikidataLookup } from '../../../../lib/search/wikidata';
import { worldSettings } from '../../../../scripts/bench/world-settings';
import {
  type ChatRequest,
  countTokens,
  type FactWorld,
  inSchemaOrder,
  type JsonSchema,
  startFactWorld,
  WORLD_TEXT,
  worldResponder,
} from '../../../../scripts/lib/servers/index';
import { getEntities, searchEntities } from '../../../../scripts/lib/servers/wikidata-world';

/** The first claims batch's reply as the loopback model writes it (keys in schema order). */
function firstBatchReply(): string {
  const sentences = splitSentences(WORLD_TEXT, 'en');
  const spec = claimsCallSpec({ text: WORLD_TEXT, sentences, language: 'en' }, sentences.slice(0, 3));
  const schema = toStrictJsonSchema(spec.schema) as JsonSchema;
  const request = {
    model: 'fake-fast',
    messages: [],
    response_format: { type: 'json_schema', json_schema: { name: spec.name, schema } },
    userText: String(spec.messages[1]!.content),
  } as unknown as ChatRequest;
  return JSON.stringify(inSchemaOrder(worldResponder(request), schema));
}

/**
 * Holds the model's reply after `afterTokens` tokens until `until` settles, or until a 15 s safety release, which is
 * recorded in `order` (so a regression fails on the order, not by hanging). `safety()` clears the release's timer.
 */
function holdModelReply(world: FactWorld, afterTokens: number, until: Promise<unknown>, order: string[]) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const released = Promise.race([
    until.then(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(() => resolve(void order.push('hold timed out')), 15_000))),
  ]);
  world.model.modelLatency({
    profile: { name: 'instant', ttftMs: 0, tokensPerSecond: 0 },
    scale: 1,
    hold: { afterTokens, until: released },
  });
  return { released, safety: () => clearTimeout(timer) };
}

/** The tokens of `content` before its first claim's `sourceQuote`: its text and queries are out, its object is open. */
const beforeFirstQuote = (content: string) => countTokens(content.slice(0, content.indexOf('"sourceQuote"')));

/** Wikidata as the loopback www.wikidata.org answers it (wikidata-world.ts), after `after`; tells each search. */
function loopbackWikidata(onSearch: (search: string) => void, after: Promise<unknown> = Promise.resolve()) {
  return async (input: RequestInfo | URL): Promise<Response> => {
    await after;
    const params = new URL(String(input)).searchParams;
    if (params.get('action') === 'wbsearchentities') onSearch(params.get('search') ?? '');
    const answer = params.get('action') === 'wbsearchentities' ? searchEntities(params) : getEntities(params);
    return new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } });
  };
}

/**
 * Streamed claim extraction against the real loopback servers, through the extension's own wiring (the
 * openai SDK with `stream: true`): the model server holds its SSE reply after the first claim until a
 * search request reaches SearXNG, so the check can only get past that point if it searched for a claim
 * while the claims call was still open. A safety timeout releases the hold and is recorded, so a
 * regression fails the ordering assertion instead of hanging.
 */
describe('streamed claims against the streaming loopback server', () => {
  let world: FactWorld;
  // A fresh world per test: each counts the requests it caused.
  beforeEach(async () => {
    world = await startFactWorld();
  });
  afterEach(() => world.close());

  it("sends a claim's search while the model is still writing that claim's quote and triple", async () => {
    // The first batch's reply as the server writes it (keys in schema order), held just before the first
    // claim's `sourceQuote`: its text and queries are out, its object is not closed.
    const content = firstBatchReply();
    expect(content.indexOf('"question"')).toBeLessThan(content.indexOf('"sourceQuote"'));

    const order: string[] = [];
    const firstSearch = world.searxng.waitForRequests(1).then(() => order.push('first search arrived'));
    const { safety } = holdModelReply(world, beforeFirstQuote(content), firstSearch, order);
    const { deps, options } = createPipelineDeps(worldSettings(world), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    const result = await runCheck(WORLD_TEXT, deps, {
      ...options,
      onEvent: (event) => void (event.type === 'claims' && order.push('claim')),
    });
    safety();

    expect(order).not.toContain('hold timed out');
    // No claim object had closed when the first search arrived: it was started from the queries alone.
    expect(order[0]).toBe('first search arrived');
    expect(order.filter((line) => line === 'claim')).toHaveLength(9);
    expect(new Set(world.searxng.requests.map((r) => r.query.get('q'))).size).toBe(world.searxng.requests.length);
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check')).toEqual([]);
  }, 30_000); // room for the 15 s safety release, so a regression fails on the order, not the timeout

  it("with Wikidata on, reads a streamed claim's pages while the model is still writing its triple, not after Wikidata", async () => {
    // The hold as above, but released only by a read of the first claim's pages (the Eiffel Tower site): page
    // reading must not wait for the whole claim, whose triple the Wikidata lookup needs.
    const content = firstBatchReply();

    const order: string[] = [];
    void world.searxng.waitForRequests(1).then(() => order.push('first search arrived'));
    const pageRead = world.sites
      .get('eiffel')!
      .waitForRequests(1)
      .then(() => order.push('first page read'));
    const { released, safety } = holdModelReply(world, beforeFirstQuote(content), pageRead, order);
    // Wikidata as the loopback www.wikidata.org answers it, but only once a page was read: were page reading
    // held until Wikidata answered, neither would happen before the safety release.
    const wikidata = createWikidataLookup({
      fetch: loopbackWikidata((search) => order.push(`wikidata asked ${search}`), released),
    });
    const { deps, options } = createPipelineDeps(worldSettings(world), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    const result = await runCheck(
      WORLD_TEXT,
      { ...deps, knowledgeGraph: wikidata },
      { ...options, onEvent: (event) => void (event.type === 'claims' && order.push('claim')) },
    );
    safety();

    expect(order).not.toContain('hold timed out');
    // Searched and read while no claim object had closed, so before any triple was written.
    expect(order.slice(0, 2)).toEqual(['first search arrived', 'first page read']);
    expect(order.indexOf('wikidata asked Eiffel Tower')).toBeGreaterThan(order.indexOf('claim'));
    // And Wikidata's statement still joined the claim's evidence, before its pages.
    const completed = result.claims.find((claim) => claim.text === 'The Eiffel Tower was completed in 1889');
    const items = result.evidence.filter((item) => item.claimId === completed?.id);
    expect(items.findIndex((item) => item.origin === 'knowledge-graph')).toBe(0);
    expect(items.at(-1)?.origin).not.toBe('knowledge-graph');
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check')).toEqual([]);
  }, 30_000); // room for the 15 s safety release, so a regression fails on the order, not the timeout

  it("asks the knowledge graph with a streamed claim's triple, which arrives after the claim's search began", async () => {
    // Wikidata as the loopback www.wikidata.org answers it (wikidata-world.ts), through the real lookup.
    const asked: string[] = [];
    const wikidata = createWikidataLookup({ fetch: loopbackWikidata((search) => asked.push(search)) });
    const { deps, options } = createPipelineDeps(worldSettings(world), {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    const result = await runCheck(WORLD_TEXT, { ...deps, knowledgeGraph: wikidata }, options);

    const claimsCall = world.model.requests.find(
      (r) =>
        (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name ===
        'atomic_claims',
    );
    expect((claimsCall?.body as { stream?: boolean }).stream).toBe(true);
    expect(asked).toContain('Eiffel Tower');
    const completed = result.claims.find((claim) => claim.text === 'The Eiffel Tower was completed in 1889');
    const statements = result.evidence.filter(
      (item) => item.claimId === completed?.id && item.origin === 'knowledge-graph',
    );
    expect(statements.map((item) => item.passage)).toEqual(['Eiffel Tower — date of official opening: 31 March 1889']);
  });

  it('sends the first search request before the claims call has finished', async () => {
    const order: string[] = [];
    const firstSearch = world.searxng.waitForRequests(1).then(() => order.push('first search arrived'));
    // No latency: only the hold after the first claim (about 100 tokens in) orders things.
    const { safety } = holdModelReply(world, 110, firstSearch, order);
    const settings = worldSettings(world);
    const { deps, options } = createPipelineDeps(settings, {
      extractor: createLinkedomExtractor(),
      cache: createMemoryCache(),
    });
    const events: PipelineEvent[] = [];
    const result = await runCheck(WORLD_TEXT, deps, {
      ...options,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'claims') order.push(`claim ${event.claims.map((c) => c.id).join(',')}`);
      },
    });
    safety();

    const claimsCall = world.model.requests.find(
      (r) =>
        (r.body as { response_format?: { json_schema?: { name?: string } } }).response_format?.json_schema?.name ===
        'atomic_claims',
    );
    expect((claimsCall?.body as { stream?: boolean }).stream).toBe(true);
    // The search was sent while the claims reply was held open: the hold was released by it, not by the timeout.
    expect(order).not.toContain('hold timed out');
    expect(order.indexOf('first search arrived')).toBeGreaterThan(-1);
    // Claims past the hold (all but the first of each batch) could only be read after that search.
    const searched = order.indexOf('first search arrived');
    const held = order.filter(
      (line, index) => line.startsWith('claim ') && !['claim c0-0', 'claim c3-0'].includes(line) && index < searched,
    );
    expect(held).toEqual([]);
    expect(order.filter((line) => line.startsWith('claim '))).toHaveLength(9);
    // And the held-back rest of the reply still arrived: every claim was checked, none twice.
    expect(result.claims.filter((c) => c.checkWorthy)).toHaveLength(8);
    expect(world.searxng.requests).toHaveLength(8);
    expect(new Set(world.searxng.requests.map((r) => r.query.get('q'))).size).toBe(8);
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check')).toEqual([]);
    // The verifications stream too: each judged claim's verdict was saved from its stances first, the
    // whole assessment (same verdict, with rationales and explanation) after.
    for (const assessment of result.assessments.filter((a) => a.judgements.length > 0)) {
      const early = events.findIndex((e) => e.type === 'verdict' && e.assessment.claimId === assessment.claimId);
      const whole = events.findIndex((e) => e.type === 'assessment' && e.assessment.claimId === assessment.claimId);
      expect(early).toBeGreaterThanOrEqual(0);
      expect(early).toBeLessThan(whole);
      expect(events[early]).toMatchObject({
        assessment: { verdict: assessment.verdict, explaining: true, explanation: '' },
      });
    }
    expect(result.assessments.filter((a) => a.judgements.length > 0)).toHaveLength(8);
  });
});
