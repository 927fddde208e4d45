import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPipelineDeps } from '../../../../lib/runtime/create-pipeline-deps';
import { DEFAULT_SETTINGS } from '../../../../lib/settings/schema';
import { binaryScores } from '../../../../scripts/eval/binary-metrics';
import { evaluateWithDatasetEvidence, loadBench } from '../../../../scripts/eval/factcheck-bench';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/index';

/** Runs the factcheck-bench evaluation's code path against the loopback model (no real model in CI). */
describe('factcheck-bench evaluation', () => {
  let server: OpenAiServer;
  const items = loadBench(resolve(import.meta.dirname, '../../../fixtures/factcheck-bench/sample.jsonl'));
  beforeAll(async () => {
    server = await startOpenAiServer();
  });
  afterAll(() => server.close());

  const judgeEverything = (stance: string) =>
    server.respondWith((request) => {
      const passages = request.userText.match(/<<<PASSAGE \d+>>>/g) ?? [];
      return {
        stances: passages.map((_, i) => ({ passage: i + 1, stance })),
        rationales: passages.map(() => 'scripted'),
        explanation: 'scripted [1]',
      };
    });

  const wiring = () =>
    createPipelineDeps(
      {
        ...DEFAULT_SETTINGS,
        model: {
          preset: 'custom',
          profiles: {
            custom: {
              baseUrl: server.baseUrl,
              apiKey: '',
              fastModel: 'f',
              strongModel: 's',
              embeddingModel: '',
              structuredOutput: 'json_schema',
            },
          },
        },
      },
      { extractor: createLinkedomExtractor() },
    );

  it('scores claims and sentences against the human labels', async () => {
    judgeEverything('refutes');
    const { deps, options } = wiring();
    const { claims, sentences } = await evaluateWithDatasetEvidence(items, deps, options);
    // 18 labelled claims, 7 of them false; 9 labelled sentences, 5 false. Flagging everything: recall 1.
    expect(binaryScores(claims)).toMatchObject({ n: 18, positives: 7, precision: 7 / 18, recall: 1 });
    expect(binaryScores(sentences)).toMatchObject({ n: 9, positives: 5, precision: 5 / 9, recall: 1 });
    expect(server.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(18);
  });

  it('flags nothing when every passage supports its claim', async () => {
    judgeEverything('supports');
    const { deps, options } = wiring();
    const { claims } = await evaluateWithDatasetEvidence(items, deps, options);
    expect(binaryScores(claims)).toMatchObject({ recall: 0, accuracy: 11 / 18 });
  });
});
