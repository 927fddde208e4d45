import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { runEvidenceCheck } from '../../../../../lib/core/evidence-only/run-evidence-check';
import { runCheck } from '../../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../../lib/core/pipeline-types';
import type { Evidence } from '../../../../../lib/core/types';
import { createMemoryCache } from '../../../../../lib/runtime/memory-cache';
import { fakeRun } from '../../../support/fake-run';

const PAGE = 'The Eiffel Tower was completed in 1889. It stands in Paris on the Champ de Mars. It is 330 metres tall.';
const TEXT =
  'The Eiffel Tower was completed in 1889. Is it the most beautiful tower? I think everyone should visit it. It is 330 metres tall.';

describe('evidence-only check', () => {
  it('looks up each check-worthy sentence once with its key terms and makes no model call', async () => {
    const { deps, options, modelCalls } = fakeRun({ 'https://tower.example/a': PAGE });
    const searched: string[] = [];
    const provider = deps.providers[0]!;
    const events: PipelineEvent[] = [];
    const { model: _model, ...evidenceDeps } = deps;
    const result = await runEvidenceCheck(
      TEXT,
      {
        ...evidenceDeps,
        providers: [{ id: provider.id, search: (query) => (searched.push(query.text), provider.search(query)) }],
      },
      { ...options, onEvent: (event) => events.push(event) },
    );
    expect(modelCalls).toHaveLength(0);
    expect(result.claims.map((claim) => [claim.sentenceIndex, claim.checkWorthy])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(result.skipped).toEqual([
      { sentenceIndex: 1, reason: 'question' },
      { sentenceIndex: 2, reason: 'opinion' },
    ]);
    expect(searched.sort()).toEqual(['330 metres tall', 'Eiffel Tower completed 1889']);
    expect(result.assessments).toEqual([]);
    // Ranked by the passage ranker: the passage for the height is the sentence about the height.
    const height = result.evidence.filter((item) => item.claimId === 'c3-0');
    expect(height[0]?.passage).toContain('330 metres');
    expect(events.some((event) => event.type === 'assessment')).toBe(false);
    expect(events.filter((event) => event.type === 'evidence')).toHaveLength(2);
  });

  it('keeps the other sentences when one source fails, and says which failed', async () => {
    const { deps, options } = fakeRun({ 'https://tower.example/a': PAGE });
    const { model: _model, ...evidenceDeps } = deps;
    const result = await runEvidenceCheck(
      TEXT,
      {
        ...evidenceDeps,
        providers: [...deps.providers, { id: 'brave', search: () => Promise.reject(new Error('Brave is down')) }],
      },
      options,
    );
    expect(result.evidence.length).toBeGreaterThan(0);
    expect(result.warnings.join(' ')).toContain('Brave is down');
  });
});

describe('an evidence-only check whose every source failed', () => {
  it("lists each sentence's failed sources as they are set up, not as they happened to fail", async () => {
    const { deps, options } = fakeRun({});
    const { model: _model, ...evidenceDeps } = deps;
    const slow = async () => {
      // A macrotask: the second source has failed by then.
      await new Promise((resolve) => setTimeout(resolve, 0));
      throw new Error('SearXNG is down');
    };
    const result = await runEvidenceCheck(
      'The Eiffel Tower was completed in 1889.',
      {
        ...evidenceDeps,
        providers: [
          { id: 'searxng', search: slow },
          { id: 'brave', search: () => Promise.reject(new Error('Brave is down')) },
        ],
      },
      options,
    );
    const outcomes = Object.values(result.searchOutcomes ?? {});
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.failures).toEqual(['SearXNG is down', 'Brave is down']);

    // A check with a model lists them so too (pipeline.ts).
    const checked = await runCheck(
      'The Eiffel Tower was completed in 1889.',
      {
        ...deps,
        providers: [
          { id: 'searxng', search: slow },
          { id: 'brave', search: () => Promise.reject(new Error('Brave is down')) },
        ],
      },
      options,
    );
    const checkedOutcomes = Object.values(checked.searchOutcomes ?? {});
    expect(checkedOutcomes.length).toBeGreaterThan(0);
    for (const outcome of checkedOutcomes) expect(outcome.failures).toEqual(['SearXNG is down', 'Brave is down']);
  });
});

describe('an evidence-only check whose embedding model fails', () => {
  it('keeps the passages, chosen by words, and says so once', async () => {
    const embedder = {
      embed: () => Promise.reject(new ProviderError('server', 'OpenAI had a server error (500).', { status: 500 })),
    };
    const { deps, options } = fakeRun({ 'https://tower.example/a': PAGE }, { embedder });
    const { model: _model, ...evidenceDeps } = deps;
    const result = await runEvidenceCheck(TEXT, evidenceDeps, options);
    // Both check-worthy sentences keep their page's passage.
    expect(result.evidence.filter((item) => item.origin === 'page')).toHaveLength(2);
    expect(result.warnings).toEqual([
      'Passages were chosen by word match alone because the embedding model failed: OpenAI had a server error (500).',
    ]);
    expect(result.notices?.[result.warnings[0]!]).toMatchObject({ code: 'passages-by-words' });
  });
});

describe('judging an evidence-only check', () => {
  it("judges the model's claims on the evidence already found, with no new search", async () => {
    const cache = createMemoryCache();
    const { deps, options, modelCalls } = fakeRun({ 'https://tower.example/a': PAGE }, { cache });
    const { model: _model, ...evidenceDeps } = deps;
    const first = await runEvidenceCheck(TEXT, evidenceDeps, options);
    const prior = new Map<number, Evidence[]>();
    for (const item of first.evidence) {
      const sentenceIndex = first.claims.find((claim) => claim.id === item.claimId)!.sentenceIndex;
      prior.set(sentenceIndex, [...(prior.get(sentenceIndex) ?? []), item]);
    }
    let searches = 0;
    const provider = deps.providers[0]!;
    const judged = await runCheck(
      TEXT,
      { ...deps, providers: [{ id: provider.id, search: (query) => (searches++, provider.search(query)) }] },
      { ...options, priorEvidence: prior },
    );
    expect(modelCalls.some((call) => call.jsonSchema?.name === 'atomic_claims')).toBe(true);
    expect(modelCalls.filter((call) => call.jsonSchema?.name === 'claim_verification').length).toBeGreaterThan(0);
    // The fake model calls every sentence check-worthy: the two the rules skipped are searched, the others are not.
    expect(searches).toBe(2);
    const tower = judged.evidence.filter((item) => item.claimId === 'c0-0');
    expect(tower.map((item) => item.passage)).toEqual(prior.get(0)!.map((item) => item.passage));
    expect(tower.every((item) => item.id.startsWith('c0-0:e'))).toBe(true);
  });

  it("says why the evidence it judges is incomplete: the first run's warnings with their codes, then its own, each once", async () => {
    const { deps, options } = fakeRun({ 'https://tower.example/a': PAGE });
    const brave = { code: 'search-http', provider: 'Brave', status: 401, reason: 'key-rejected' } as const;
    const exa = { code: 'search-http', provider: 'Exa', status: 500, reason: 'server' } as const;
    const serper = { code: 'search-http', provider: 'Serper', status: 500, reason: 'server' } as const;
    const failing = (id: 'brave' | 'exa' | 'serper', notice: typeof brave | typeof exa | typeof serper) => ({
      id,
      search: () => Promise.reject(new ProviderError(id === 'brave' ? 'auth' : 'server', notice)),
    });
    const { model: _model, ...evidenceDeps } = deps;
    const first = await runEvidenceCheck(
      TEXT,
      { ...evidenceDeps, providers: [...deps.providers, failing('brave', brave), failing('exa', exa)] },
      options,
    );
    expect(first.warnings).toEqual(['Brave rejected the API key (401).', 'Exa had a server error (500).']);
    const prior = new Map<number, Evidence[]>();
    for (const item of first.evidence) {
      const sentenceIndex = first.claims.find((claim) => claim.id === item.claimId)!.sentenceIndex;
      prior.set(sentenceIndex, [...(prior.get(sentenceIndex) ?? []), item]);
    }
    const events: PipelineEvent[] = [];
    // Brave's key was fixed since; Exa still fails where the sentences the rules skipped are searched, and Serper too.
    const judged = await runCheck(
      TEXT,
      { ...deps, providers: [...deps.providers, failing('exa', exa), failing('serper', serper)] },
      {
        ...options,
        priorEvidence: prior,
        priorWarnings: { warnings: first.warnings, ...(first.notices ? { notices: first.notices } : {}) },
        onEvent: (event) => events.push(event),
      },
    );
    expect(judged.warnings).toEqual([
      'Brave rejected the API key (401).',
      'Exa had a server error (500).',
      'Serper had a server error (500).',
    ]);
    expect(judged.notices).toEqual({
      'Brave rejected the API key (401).': { code: 'source-failed', error: brave },
      'Exa had a server error (500).': { code: 'source-failed', error: exa },
      'Serper had a server error (500).': { code: 'source-failed', error: serper },
    });
    // Told as they came, the first run's first, so the judged check says them from its start.
    const warned = events.filter((event) => event.type === 'warning');
    expect(warned.map((event) => event.message)).toEqual(judged.warnings);
    expect(warned[0]).toMatchObject({ notice: { code: 'source-failed', error: brave } });
  });
});
