/**
 * `npm run eval -- passages --embeddings URL --embedding-model NAME` against a loopback OpenAI-compatible
 * server: the path that measures a provider's sentence embeddings, which no development machine can reach.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { run } from '../../../../scripts/eval/passages';
import {
  cosineSimilarity,
  embedText,
  type OpenAiServer,
  startOpenAiServer,
} from '../../../../scripts/lib/servers/index';

describe('passage eval with an embeddings endpoint', () => {
  const KEY = 'sk-eval-test';
  const DIMENSIONS = 64; // the loopback server's default vector length
  let server: OpenAiServer;
  let dir: string;

  // Claim words ("moon", "made", "cheese") occur in no passage, so every lexical score and passage feature
  // ties; only the claim's stopwords, which the lexical ranker ignores and the server's bag-of-words
  // embedding does not, separate the passages. The fused ranking must then follow cosine similarity.
  const tie = {
    id: 'tie',
    claim: 'The moon is made of cheese.',
    passages: [
      'The the is of the.',
      'Quartz xylophone.',
      'The zebra is striped.',
      'Of course it is, of course.',
      'Radio waves.',
    ],
  };
  const items = [
    tie,
    {
      id: 'a',
      claim: 'Mount Everest is 8849 metres high.',
      passages: ['Everest rises 8849 metres.', 'Paris is in France.', 'Mount Fuji is in Japan.'],
    },
    {
      id: 'b',
      claim: 'Marie Curie won two Nobel Prizes.',
      passages: ['Bread recipes.', 'Curie won the Nobel Prize twice, in 1903 and 1911.', 'Nobel founded prizes.'],
    },
    {
      id: 'c',
      claim: 'The Danube flows into the Black Sea.',
      passages: ['The Danube ends in the Black Sea delta.', 'The Rhine flows north.'],
    },
    {
      id: 'd',
      claim: 'Python was created by Guido van Rossum.',
      passages: ['Snakes are reptiles.', 'Guido van Rossum created Python in 1991.'],
    },
    {
      id: 'e',
      claim: 'Water boils at 100 degrees Celsius at sea level.',
      passages: ['At sea level water boils at 100 °C.', 'Ice melts at 0 degrees.'],
    },
  ];
  const gold = [
    { id: 'tie', relevant: [0] },
    { id: 'a', relevant: [0] },
    { id: 'b', relevant: [1] },
    { id: 'c', relevant: [0] },
    { id: 'd', relevant: [1] },
    { id: 'e', relevant: [0] },
  ];

  const paths = () => ({ data: join(dir, 'data.jsonl'), gold: join(dir, 'gold.jsonl'), out: join(dir, 'out.jsonl') });
  const rankingsIn = async (path: string): Promise<Map<string, number[]>> =>
    new Map(
      (await readFile(path, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; ranking: number[] })
        .map((row) => [row.id, row.ranking]),
    );

  beforeAll(async () => {
    server = await startOpenAiServer({ apiKey: KEY });
    dir = await mkdtemp(join(tmpdir(), 'factlight-passages-'));
    const { data, gold: goldPath } = paths();
    await writeFile(data, items.map((item) => JSON.stringify(item)).join('\n') + '\n');
    await writeFile(goldPath, gold.map((row) => JSON.stringify(row)).join('\n') + '\n');
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  const runEval = async (extra: string[]): Promise<string> => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const { data, gold: goldPath, out } = paths();
    await run(['--data', data, '--gold', goldPath, '--out', out, ...extra]);
    return lines.join('\n');
  };

  it('fuses the endpoint’s vectors into the ranking and prints the fused rows', async () => {
    vi.stubEnv('EMBEDDINGS_API_KEY', KEY);
    const before = server.requests.length;
    const printed = await runEval(['--embeddings', server.baseUrl, '--embedding-model', 'embed-small']);

    expect(printed).toContain(`(embeddings: ${server.baseUrl})`);
    expect(printed).toMatch(/\| ours \+ embeddings \(RRF\) +\| all +\| +6 \|/);
    expect(printed).toMatch(/\| ours \+ embeddings \(w=0\.3\) +\| held-out \|/);
    expect(printed).toMatch(/MRR, ours \+ embeddings \(w=0\.3\) − BM25, all: [+-]\d\.\d{3} ± \d\.\d{3}/);

    // The written ranking is the weighted fusion's; on the tie item that is the order of cosine similarity.
    const claimVector = embedText(tie.claim, DIMENSIONS);
    const similarity = tie.passages.map((passage) => cosineSimilarity(claimVector, embedText(passage, DIMENSIONS)));
    expect(new Set(similarity).size).toBe(tie.passages.length); // distinct, so the expected order is unique
    const byCosine = tie.passages.map((_, i) => i).sort((a, b) => (similarity[b] ?? 0) - (similarity[a] ?? 0));
    expect((await rankingsIn(paths().out)).get('tie')).toEqual(byCosine);

    // The wire protocol: POST /v1/embeddings, the named model, the openai SDK's default base64 floats
    // (the product's embedder), the key as a bearer token.
    const calls = server.requests.slice(before).filter((request) => request.path === '/v1/embeddings');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(call.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(call.body).toMatchObject({ model: 'embed-small', encoding_format: 'base64' });
    }
    // Every text is embedded once, however many rankers use it: each claim and passage, and (for the
    // within-page table) each page sentence.
    const embedded = calls.flatMap((call) => (call.body as { input: string[] }).input);
    expect(new Set(embedded).size).toBe(embedded.length);
    for (const text of items.flatMap((item) => [item.claim, ...item.passages])) expect(embedded).toContain(text);
    expect(printed).toMatch(/selectPassages \+ embeddings \(RRF in rankSentences\): \d\.\d{3}/);
  });

  it('without an embedder the tie item keeps a lexical order that cosine similarity would change', async () => {
    const printed = await runEval([]);
    expect(printed).not.toContain('ours + embeddings');
    const claimVector = embedText(tie.claim, DIMENSIONS);
    const similarity = tie.passages.map((passage) => cosineSimilarity(claimVector, embedText(passage, DIMENSIONS)));
    const byCosine = tie.passages.map((_, i) => i).sort((a, b) => (similarity[b] ?? 0) - (similarity[a] ?? 0));
    expect((await rankingsIn(paths().out)).get('tie')).not.toEqual(byCosine);
  });

  it('stops with the endpoint’s answer when it refuses the key', async () => {
    vi.stubEnv('EMBEDDINGS_API_KEY', 'sk-wrong');
    const failure: unknown = await runEval(['--embeddings', server.baseUrl]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      kind: 'auth',
      details: { status: 401 },
      message: expect.stringContaining(`(${server.baseUrl}) rejected the API key (401`),
    });
  });
});
