import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  citationCounts,
  formatCitationCounts,
  loadFcexp,
  modelContextFromEnv,
  parsePassage,
  recoveryCounts,
  run,
} from '../../../../scripts/eval/attribution';
import { type OpenAiServer, startOpenAiServer } from '../../../../scripts/lib/servers/openai-server';

/** The attribution evaluation's code path on three Transparent-FCExp claims, against the loopback model. */
describe('attribution evaluation', () => {
  const data = resolve(import.meta.dirname, '../../../fixtures/transparent-fcexp');
  let server: OpenAiServer;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    server = await startOpenAiServer({ apiKey: 'sk-eval' });
    env = {
      FACTLIGHT_BASE_URL: server.baseUrl,
      FACTLIGHT_API_KEY: 'sk-eval',
      FACTLIGHT_FAST_MODEL: 'fake-fast',
      FACTLIGHT_STRUCTURED_OUTPUT: 'json_schema',
    };
  });
  afterAll(() => server.close());

  /** Every recovery question is answered "sentence 2", unless the prompt contains `broken`. */
  const answerSentenceTwo = (broken?: string) =>
    server.respondWith((request) => {
      if (broken && JSON.stringify(request.messages).includes(broken)) return 'no JSON here';
      const questions = [...request.userText.matchAll(/Question (\d+), about/g)].map((m) => Number(m[1]));
      return { answers: questions.map((question) => ({ question, sentences: [2] })) };
    });

  it('reads the rulings, the masked explanations and the gold chains', () => {
    const [first] = loadFcexp(data, 'gpt4');
    expect(first!.passage.size).toBe(48);
    expect(first!.passage.get(47)).toMatch(/^His usual spokesperson/);
    expect(first!.chains).toEqual([
      [19, 26, 34, 37],
      [38, 39, 40, 41, 42, 43, 46],
    ]);
    expect(first!.sentences[4]).toEqual({ text: expect.not.stringContaining('['), citations: [47, 42] });
    expect(parsePassage('0: One.\n1: Two\nstill two.')).toEqual(
      new Map([
        [0, 'One.'],
        [1, 'Two\nstill two.'],
      ]),
    );
  });

  it('scores the explanations’ citations against the gold chains without a model', () => {
    const counts = citationCounts(loadFcexp(data, 'gpt4'));
    // Counted independently from the JSON: 23 citations, 11 in a gold chain; 11 of 28 gold sentences cited.
    expect(counts).toMatchObject({
      claims: 3,
      citing: 3,
      citations: 23,
      citationsInGold: 11,
      outOfRange: 0,
      goldSentences: 28,
      goldCited: 11,
      bestChainSentences: 8,
      bestChainCited: 5,
    });
    expect(formatCitationCounts('gpt4', counts)).toContain('vs gold union: P 0.478  R 0.393  F1 0.431');
    expect(citationCounts(loadFcexp(data, 'gpt35', 2))).toMatchObject({ claims: 2, citations: 5, citationsInGold: 1 });
  });

  it('runs masking and recovery with the model from the environment, one call per explanation', async () => {
    answerSentenceTwo();
    const before = server.requests.length;
    const lines: string[] = [];
    await run(['--data', data, '--model-from-env', '--limit', '2', '--generators', 'gpt4'], env, (line) =>
      lines.push(line),
    );
    expect(server.requests.length - before).toBe(2);
    expect(lines[1]).toMatch(/^gpt4 +claims 2 +citing 2 +citations 20 /);
    // Only each explanation's sentence-2 citation is recovered where it was cited: 2 of 20.
    expect(lines[3]).toContain('attributed 2/2  citations recovered 2/20 (0.100)');
    expect(lines[3]).toContain('attribution: P 0.100  R 0.100  F1 0.100');
    // 20 recovered passages (all cited ones), 9 of them in a gold chain; 22 gold sentences.
    expect(lines[3]).toContain('recovered vs gold: P 0.450  R 0.409');
    expect(lines[4]).toMatch(/^model calls 2, tokens \d+ prompt/);
  });

  it('counts an explanation whose call failed as not attributed and goes on', async () => {
    const items = loadFcexp(data, 'gpt35');
    const phrase = 'not solely intended to fund tax breaks'; // only in the second claim's explanation
    expect(items[1]!.sentences[1]!.text).toContain(phrase);
    answerSentenceTwo(phrase);
    const failed: string[] = [];
    const counts = await recoveryCounts(modelContextFromEnv(env), items, (claimId) => failed.push(claimId));
    expect(failed).toEqual([items[1]!.claimId]);
    expect(counts).toMatchObject({ explanations: 3, attributed: 2, citations: 4, supported: 0 });
  });

  it('says what to set when no model is configured, and prints (a) alone without --model-from-env', async () => {
    expect(() => modelContextFromEnv({})).toThrow(/--model-from-env needs a model endpoint[\s\S]*FACTLIGHT_BASE_URL/);
    const lines: string[] = [];
    await run(['--data', data], {}, (line) => lines.push(line));
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/skipped/);
    await expect(run(['--data', data, '--generators', 'gpt5'], {}, () => {})).rejects.toThrow(
      /Unknown generator\(s\) gpt5; available: gpt35, gpt4/,
    );
  });
});
