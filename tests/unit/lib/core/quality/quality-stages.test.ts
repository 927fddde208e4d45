/**
 * The link audit as a contained step of a run: its cap and its failure are warnings, each a code listed by its
 * English words (lib/core/stage-notices.ts), so the views word them when shown. (The other contained steps'
 * failures, through the whole pipeline: tests/unit/lib/core/pipeline.quality.integration.test.ts.)
 */
import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import type { RunNotice } from '../../../../../lib/core/notices';
import { DEFAULT_PIPELINE_OPTIONS, type PipelineDeps } from '../../../../../lib/core/pipeline-types';
import type { PageFetcher } from '../../../../../lib/core/ports';
import { findLinks } from '../../../../../lib/core/quality/links/find-links';
import { auditRunLinks, auditTextLinks, type QualityContext } from '../../../../../lib/core/quality/quality-stages';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import { createLinkedomExtractor } from '../../../../../lib/extract/linkedom-extractor';
import { ScriptedModel } from '../../../support/model-fakes';

/** A run's quality context whose fetcher fails every page with `failure`. */
function qualityContext(failure: Error) {
  const warnings: Array<[string, RunNotice]> = [];
  const fetcher: PageFetcher = { fetch: () => Promise.reject(failure) };
  const ctx = {
    model: new ScriptedModel([]),
    clock: { now: () => Date.UTC(2026, 10, 27) },
    meter: new UsageMeter(),
    cacheTtlMs: 1000,
  };
  const deps: PipelineDeps = { ...ctx, providers: [], fetcher, extractor: createLinkedomExtractor() };
  const quality: QualityContext = {
    ctx,
    deps,
    options: DEFAULT_PIPELINE_OPTIONS,
    fetcher,
    language: 'en',
    warn: (message, notice) => warnings.push([message, notice]),
  };
  return { quality, warnings };
}

describe('the link audit in a run', () => {
  it('says an audit that could not finish as a code beside its English words, its cause with its own code', async () => {
    // A request cancelled under the audit (retrieveLink passes a cancellation on; every other failure is a
    // link's own reason).
    const { quality, warnings } = qualityContext(new ProviderError('cancelled', { code: 'request-cancelled' }));
    const text = 'Marie Curie won two Nobel Prizes (see https://curie.example/nobel).';
    const links = await auditTextLinks(quality, text, splitSentences(text, 'en'), () => {});
    expect(links).toEqual([]);
    expect(warnings).toEqual([
      [
        'The links in the text could not be checked: The request was cancelled.',
        {
          code: 'links-not-checked',
          cause: 'The request was cancelled.',
          causeNotice: { code: 'request-cancelled' },
        },
      ],
    ]);
  });

  it('says how many links an explanation cites beyond the cap, as a code with its counts', async () => {
    const { quality, warnings } = qualityContext(new Error('connection refused'));
    const text = `Sources: ${Array.from({ length: 31 }, (_, i) => `https://gone.example/p${i}`).join(' ')}`;
    const sentences = splitSentences(text, 'en');
    await auditRunLinks(quality, findLinks(text, sentences), sentences, 'explanation');
    expect(warnings).toEqual([
      [
        'The explanation cites 31 links; the first 30 were checked.',
        { code: 'links-capped', where: 'explanation', found: 31, checked: 30 },
      ],
    ]);
  });
});
