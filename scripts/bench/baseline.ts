/**
 * The paper-structured baseline for the benchmark: the same stages, model client, concurrency limits and
 * latencies as Factlight, but called the way the published pipelines do — one claim-extraction call per
 * sentence, a separate query-generation call (per sentence's claims), one judgement call per claim–evidence
 * pair, one source-type call per host, one revision call per sentence. Only the call structure differs, so the
 * comparison measures that alone.
 */
import pLimit from 'p-limit';

import { gatherEvidence } from '../../lib/core/evidence/gather-evidence';
import { createPageReader } from '../../lib/core/evidence/read-pages';
import { searchEvidence } from '../../lib/core/evidence/search-evidence';
import { classifySources } from '../../lib/core/evidence/sources/classify-sources';
import type { ModelCallContext } from '../../lib/core/model/structured-call';
import { promptLanguage } from '../../lib/core/model/text-language';
import { UsageMeter } from '../../lib/core/model/usage-meter';
import type { PipelineDeps, PipelineOptions } from '../../lib/core/pipeline-types';
import type { PageFetcher, SearchProvider } from '../../lib/core/ports';
import { reviseSentences, sentencesNeedingRevision } from '../../lib/core/revise/revise-sentences';
import { detectLanguage, splitSentences } from '../../lib/core/text/sentences';
import type { ClaimAssessment, Evidence } from '../../lib/core/types';
import { deriveVerdict } from '../../lib/core/verify/verdict';
import { verifyClaim } from '../../lib/core/verify/verify-claim';
import { extractClaims } from './baseline/extract-claims';
import { generateQueries } from './baseline/generate-queries';

/** What the baseline run produced and how fast. */
export interface BaselineRun {
  verdicts: number;
  firstClaimMs: number;
  firstVerdictMs: number;
  tokens: number;
  promptTokens: number;
  completionTokens: number;
}

export async function runBaseline(text: string, deps: PipelineDeps, options: PipelineOptions): Promise<BaselineRun> {
  const started = performance.now();
  let firstVerdictMs = -1;
  let firstClaimMs = -1;
  const meter = new UsageMeter();
  const ctx: ModelCallContext = { model: deps.model, clock: deps.clock, meter, cacheTtlMs: options.modelCacheTtlMs };
  const today = new Date(deps.clock.now()).toISOString().slice(0, 10);
  const language = detectLanguage(text);
  const sentences = splitSentences(text, language);
  // Named to the model as the pipeline names it: only when reliably guessed (issue 25).
  const named = promptLanguage(text);
  const searchLimit = pLimit(options.searchConcurrency);
  const providers: SearchProvider[] = deps.providers.map((p) => ({
    id: p.id,
    search: (q) => searchLimit(() => p.search(q)),
  }));
  const pageLimit = pLimit(options.pageConcurrency);
  const fetcher: PageFetcher = { fetch: (url, o) => pageLimit(() => deps.fetcher.fetch(url, o)) };
  const reader = createPageReader({
    fetcher,
    extractor: deps.extractor,
    timeoutMs: options.pageTimeoutMs,
    maxBytes: options.pageMaxBytes,
  });
  const assessments = new Map<string, ClaimAssessment>();
  const evidence: Evidence[] = [];

  const perSentence = await Promise.all(
    sentences.map(async (sentence) => {
      const claims = (
        await extractClaims(ctx, { text, sentences, language, ...(named ? { promptLanguage: named } : {}) }, [sentence])
      ).claims.filter((c) => c.checkWorthy);
      if (firstClaimMs < 0 && claims.length > 0) firstClaimMs = performance.now() - started;
      const queries = await generateQueries(ctx, claims, language);
      await Promise.all(
        claims.map(async (claim, index) => {
          const search = await searchEvidence({ providers }, claim, queries[index]!, {
            language,
            resultsPerProvider: options.resultsPerProvider,
            excludedDomains: options.excludedDomains,
          });
          const items = await gatherEvidence(claim, queries[index]!, search, reader, {
            language,
            passagesPerPage: options.passagesPerPage,
            contextSentences: options.contextSentences,
            maxPages: options.maxPagesPerClaim,
          });
          evidence.push(...items);
          const single = await Promise.all(items.map((item) => verifyClaim(ctx, claim, sentence.text, [item], today)));
          const judgements = single.flatMap((a) => a.judgements);
          assessments.set(claim.id, {
            claimId: claim.id,
            verdict: deriveVerdict(judgements.map((j) => j.stance)),
            judgements,
            explanation: single.map((a) => a.explanation).join(' '),
            citedEvidenceIds: items.map((i) => i.id),
          });
          if (firstVerdictMs < 0) firstVerdictMs = performance.now() - started;
        }),
      );
      return claims;
    }),
  );
  const claims = perSentence.flat();
  const hosts = [
    ...new Map(evidence.map((e) => [e.source.host, { host: e.source.host, title: e.source.title }])).values(),
  ];
  await Promise.all([
    ...hosts.map((sample) => classifySources(ctx, [sample])),
    ...sentencesNeedingRevision(sentences, claims, assessments).map((target) =>
      reviseSentences(ctx, [target], evidence, named),
    ),
  ]);
  const usage = meter.snapshot().total;
  return {
    verdicts: assessments.size,
    firstClaimMs,
    firstVerdictMs,
    tokens: meter.totalTokens,
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
  };
}
