/**
 * The provider matrix (issue 14): every stage's model request, exactly as the core hands it to the
 * ChatModel port, goes through the real adapter over HTTP to the loopback server in each provider's strict
 * mode, and a whole Thorough check (with a link audit) completes on each. The strict modes refuse what the
 * real services refuse (see scripts/lib/servers/provider-rules/), so a request shape a provider would reject
 * fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testModelConnection } from '../../../../lib/connection/test-model';
import { UsageMeter } from '../../../../lib/core/model/usage-meter';
import { noticeKey, type RunNotice } from '../../../../lib/core/notices';
import { runCheck } from '../../../../lib/core/pipeline';
import type { ChatModel, ChatRequest } from '../../../../lib/core/ports';
import { attributeCitations } from '../../../../lib/core/quality/explanations/attribute-citations';
import { rateExplanation } from '../../../../lib/core/quality/explanations/rate-explanation';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createOpenAiChatModel } from '../../../../lib/llm/openai-chat-model';
import type { StructuredMode } from '../../../../lib/llm/request-profile';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { createMemoryCache } from '../../../../lib/runtime/memory-cache';
import { DEFAULT_SETTINGS, type ModelProfile, type Settings } from '../../../../lib/settings/schema';
import { warningWords } from '../../../../lib/view/notice-words';
import { generateQueries } from '../../../../scripts/bench/baseline/generate-queries';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import {
  type ChatRequest as ScriptedRequest,
  type FactWorld,
  startFactWorld,
  startWebServer,
  type WebServer,
  WORLD_TEXT,
  worldResponder,
} from '../../../../scripts/lib/servers/index';
import { PROVIDER_MODES, type ProviderMode } from '../../../../scripts/lib/servers/provider-rules/index';

const KEY = 'sk-matrix';

/** The structured mode each provider's default models end up in (json_schema where the provider has it). */
const EXPECTED_MODE: Record<string, StructuredMode> = {
  openai: 'json_schema',
  openrouter: 'json_schema',
  groq: 'json_schema',
  gemini: 'json_schema',
  anthropic: 'prompt',
  deepseek: 'json_object',
  ollama: 'json_schema',
  'ollama-4k': 'json_schema',
  lmstudio: 'json_schema',
  vllm: 'json_schema',
};

/** A ChatModel that remembers every request the core makes (the stage requests replayed per provider). */
function recording(model: ChatModel, into: ChatRequest[]): ChatModel {
  return {
    complete(request) {
      into.push(request);
      return model.complete(request);
    },
  };
}

function settingsFor(
  world: FactWorld,
  preset: Settings['model']['preset'],
  profile: ModelProfile,
  checking: Partial<Settings['checking']>,
  archiveOrigin: string,
  evidence: Partial<Settings['evidence']> = {},
): Settings {
  return {
    ...DEFAULT_SETTINGS,
    model: { preset, profiles: { [preset]: profile } },
    search: {
      ...DEFAULT_SETTINGS.search,
      wikipedia: { enabled: false },
      searxng: { enabled: true, baseUrl: world.searxng.baseUrl },
    },
    evidence: { ...DEFAULT_SETTINGS.evidence, allowPrivateNetwork: true, ...evidence },
    checking: { ...DEFAULT_SETTINGS.checking, webArchiveUrl: archiveOrigin, crossrefUrl: archiveOrigin, ...checking },
  };
}

const wire = (settings: Settings) =>
  createPipelineDeps(settings, {
    extractor: createLinkedomExtractor(),
    cache: createMemoryCache(),
    retry: { baseDelayMs: 5, maxDelayMs: 20, maxRetries: 0 },
  });

describe('the provider matrix: every stage against every provider mode', () => {
  let links: WebServer;
  /** The text checked: the world's six sentences, one citing a link (so the link audit runs). */
  let text = '';
  /** Each distinct stage request (by schema name), recorded against the lenient loopback server. */
  const stages = new Map<string, ChatRequest>();

  beforeAll(async () => {
    links = await startWebServer({ host: '127.0.0.40' });
    links.route('/curie', {
      body: '<!doctype html><html><head><title>Marie Curie</title></head><body><article><h1>Marie Curie</h1><p>Marie Curie won two Nobel Prizes, in physics in 1903 and in chemistry in 1911, the only person to win in two sciences.</p><p>She was born in Warsaw in 1867 and moved to Paris in 1891 to study physics and mathematics at the Sorbonne, where she met Pierre Curie.</p><p>Her work on radioactivity, a term she coined, led to the discovery of polonium and radium, and she founded the Curie Institutes in Paris and in Warsaw.</p></article></body></html>',
    });
    links.route('/wayback/available', {
      contentType: 'application/json',
      body: JSON.stringify({ archived_snapshots: {} }),
    });
    text = WORLD_TEXT.replace('in physics and in chemistry.', `in physics and in chemistry (${links.origin}/curie).`);

    // The reference run: everything the core asks a model, recorded at the port.
    const world = await startFactWorld({ apiKey: KEY });
    try {
      const requests: ChatRequest[] = [];
      const profile: ModelProfile = {
        baseUrl: world.model.baseUrl,
        apiKey: KEY,
        fastModel: 'fake-fast',
        strongModel: 'fake-strong',
        embeddingModel: '',
        structuredOutput: 'json_schema',
      };
      const { deps, options } = wire(settingsFor(world, 'custom', profile, { mode: 'thorough' }, links.origin));
      const model = recording(deps.model, requests);
      const result = await runCheck(text, { ...deps, model }, options);
      const ctx = { model, clock: { now: () => Date.now() }, meter: new UsageMeter(), cacheTtlMs: 0 };
      // Stages a check does not reach on this text: query writing for claims without queries, citation
      // recovery, and rating a person's own explanation.
      await generateQueries(ctx, result.claims.slice(0, 2), 'en');
      await attributeCitations(ctx, [
        {
          id: 'text',
          sentences: [{ text: 'The wall is not visible from the Moon [1].', citations: [1] }],
          passages: new Map([[1, 'Astronauts confirmed the Great Wall is not visible from the Moon.']]),
        },
      ]);
      const myth = result.claims.find((claim) => claim.text.includes('visible from the Moon'))!;
      await rateExplanation(ctx, {
        claim: myth.text,
        explanation: 'This is a myth: the wall is not visible from the Moon [1].',
        evidence: result.evidence.filter((e) => e.claimId === myth.id),
        linkScores: [],
      });
      for (const request of requests)
        if (request.jsonSchema && !stages.has(request.jsonSchema.name)) stages.set(request.jsonSchema.name, request);
    } finally {
      await world.close();
    }
  }, 60_000);
  afterAll(() => links.close());

  it('recorded a request for every stage that asks a model', () => {
    expect([...stages.keys()].sort()).toEqual([
      'atomic_claims',
      'citation_recovery',
      'claim_queries',
      'claim_verification',
      'debate_exchange',
      'debate_refine',
      'debate_review',
      'explanation_quality',
      'explanation_rating',
      'link_audit',
      'minimal_revisions',
      'source_types',
    ]);
  });

  describe.each(PROVIDER_MODES)('$id', (mode: ProviderMode) => {
    let world: FactWorld;
    const profile = (): ModelProfile => ({
      baseUrl: world.model.baseUrl,
      apiKey: KEY,
      fastModel: mode.fastModel,
      strongModel: mode.strongModel,
      embeddingModel: '',
      structuredOutput: 'auto',
    });

    beforeAll(async () => {
      world = await startFactWorld({
        apiKey: KEY,
        provider: mode.rules(),
        ...(mode.longPages ? { longPages: mode.longPages } : {}),
      });
    });
    afterAll(() => world.close());

    it('answers every stage request through the real adapter, as the lenient server did, none refused', async () => {
      const statuses: number[] = [];
      const counting: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      };
      const adapter = createOpenAiChatModel({ ...profile(), preset: mode.preset, fetch: counting });
      const stageNames = [...stages.keys()];
      expect(stageNames.length).toBeGreaterThan(0);
      for (const name of stageNames) {
        const request = stages.get(name)!;
        const before = statuses.length;
        const response = await adapter.complete(request);
        // The same answer the scripted model gives the stage's request (it reads the schema from the
        // response_format, or from the prompt when the provider has none).
        const model = request.role === 'strong' ? mode.strongModel : mode.fastModel;
        const scripted: ScriptedRequest = {
          model,
          messages: request.messages,
          response_format: { type: 'json_schema', json_schema: { name, schema: request.jsonSchema!.schema } },
          headers: {},
          userText: request.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '',
        };
        const expected = worldResponder(scripted);
        expect(JSON.parse(response.text), name).toEqual(expected);
        expect(response.finishReason, name).toBe('stop');
        // The preset's first request is one the provider accepts: no refusal, no fallback round trip.
        expect(statuses.slice(before), name).toEqual([200]);
      }
      expect(adapter.structuredModeFor(mode.fastModel)).toBe(EXPECTED_MODE[mode.id]);
      expect(adapter.structuredModeFor(mode.strongModel)).toBe(EXPECTED_MODE[mode.id]);
    });

    it('completes a whole Thorough check with a link audit', async () => {
      // Long pages come with the most passages a person can ask for per page, so prompts outgrow a small context.
      const evidence = mode.longPages ? { passagesPerPage: 5 } : {};
      const { deps, options } = wire(
        settingsFor(world, mode.preset, profile(), { mode: 'thorough' }, links.origin, evidence),
      );
      const result = await runCheck(text, deps, options);
      // Ollama's 4,096-token context: no prompt reached the model cut (the loopback cuts as Ollama does, silently),
      // because the prompts that would not fit had their passages shortened, and the person is told so once.
      expect(world.model.promptCuts).toEqual([]);
      // Ollama samples at 1.0 when no temperature is sent (openai/openai.go): every call sends its stage's low one.
      if (mode.preset === 'ollama') {
        const chats = world.model.requests.filter((r) => r.path === '/v1/chat/completions');
        const temperatures = chats.map((r) => (r.body as Record<string, unknown>).temperature);
        expect(temperatures.length).toBeGreaterThan(0);
        for (const temperature of temperatures) expect(temperature).toBeLessThanOrEqual(0.2);
      }
      // The context was read from Ollama's own /api/show, once per model.
      expect(world.model.requests.filter((r) => r.path === '/api/show').length).toBe(mode.preset === 'ollama' ? 1 : 0);
      // The warning is kept as a code and worded when shown (here with the English catalogue, as `npm run check`).
      const shortened: RunNotice = { code: 'ollama-context-shortened', tokens: 4_096 };
      expect(result.warnings).toEqual(mode.id === 'ollama-4k' ? [noticeKey(shortened)] : []);
      expect(warningWords(result, defaultTranslator())).toEqual(
        mode.id === 'ollama-4k'
          ? ["Ollama's context is 4,096 tokens: prompts were shortened; raise num_ctx in Ollama for better checks."]
          : [],
      );
      expect(result.claims.length).toBeGreaterThanOrEqual(8);
      const myth = result.claims.find((claim) => claim.text.includes('visible from the Moon'))!;
      const verdicts = new Map(result.assessments.map((a) => [a.claimId, a.verdict]));
      expect(verdicts.get(myth.id)).toBe('refuted');
      expect(result.claims.filter((c) => c.checkWorthy).every((c) => verdicts.has(c.id))).toBe(true);
      expect(result.revisions.map((r) => r.revised)).toContain(
        'The Great Wall of China is not visible from the Moon with the naked eye.',
      );
      expect(result.refinements).toEqual([expect.objectContaining({ claimId: myth.id, agreed: true })]);
      // Judged by the model (not only retrieved): the page is on the sentence's topic.
      expect(result.links).toEqual([
        expect.objectContaining({ url: `${links.origin}/curie`, status: 'working', relevant: true }),
      ]);
      // Reasoning models' hidden tokens are counted (they are part of completion tokens, as billed).
      const reasons = world.model.requests.some(
        (r) =>
          (r.body as Record<string, unknown>)?.reasoning_effort !== undefined ||
          (r.body as Record<string, unknown>)?.reasoning !== undefined,
      );
      if (['openai', 'openrouter', 'groq', 'deepseek'].includes(mode.id))
        expect(result.usage.total.reasoningTokens ?? 0).toBeGreaterThan(0);
      else expect(result.usage.total.reasoningTokens ?? 0).toBe(0);
      // Gemini 3 thinks by default and takes reasoning_effort; DeepSeek's strong role thinks at its effort.
      expect(reasons).toBe(['openai', 'openrouter', 'groq', 'gemini', 'deepseek'].includes(mode.id));
    });

    it('test connection names the structured mode of the models', async () => {
      const result = await testModelConnection(mode.preset, profile());
      expect(result).toMatchObject({
        ok: true,
        structuredOutput: [
          { model: mode.fastModel, mode: EXPECTED_MODE[mode.id] },
          ...(mode.strongModel !== mode.fastModel ? [{ model: mode.strongModel, mode: EXPECTED_MODE[mode.id] }] : []),
        ],
      });
      expect(result).toMatchObject({ message: expect.stringContaining('Structured output:') });
      if (EXPECTED_MODE[mode.id] !== 'json_schema')
        expect(result).toMatchObject({ message: expect.stringContaining('in the prompt') });
    });
  });
});
