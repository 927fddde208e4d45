/**
 * A check whose embedding model fails on a bad day (a 429, a 5xx, a malformed reply, every time): its claims still
 * get verdicts from the pages that were found and read, their passages chosen by words, and the person is told
 * once for the whole check. A server without embeddings stays silent; a cancellation still stops the check.
 */
import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../lib/core/errors';
import { runCheck } from '../../../../lib/core/pipeline';
import type { Embedder } from '../../../../lib/core/ports';
import { createOpenAiEmbedder } from '../../../../lib/llm/openai-chat-model';
import { fakeRun } from '../../support/fake-run';

const PAGE = 'Quokkas live on Rottnest Island. They are small marsupials. Visitors often photograph them.';
const PAGES = { 'https://quokka-daily.example/a': PAGE, 'https://marsupial-blog.example/b': PAGE };
const TEXT = 'Quokkas live on Rottnest Island. They are small marsupials.';
const BY_WORDS = /^Passages were chosen by word match alone because the embedding model failed: /;

/** The OpenAI adapter on a server that answers every embeddings request with `status` and `body`. */
function embedderAnswering(status: number, body: unknown): Embedder & { calls: number } {
  let calls = 0;
  const embedder = createOpenAiEmbedder({
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-unit',
    model: 'text-embedding-3-small',
    providerLabel: 'OpenAI',
    fetch: async () => {
      calls++;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  })!;
  return {
    embed: (texts, signal) => embedder.embed(texts, signal),
    get calls() {
      return calls;
    },
  };
}

describe('a check whose embedding model fails', () => {
  for (const [status, body, cause] of [
    [429, { error: { message: 'Rate limit reached for requests', type: 'requests' } }, 'rate-limited'],
    [500, { error: { message: 'The server had an error while processing your request.' } }, 'http-status'],
  ] as const) {
    it(`gives every claim a verdict, with one warning, when the embedder answers ${status} every time`, async () => {
      const embedder = embedderAnswering(status, body);
      const { deps, options } = fakeRun(PAGES, { embedder });
      const result = await runCheck(TEXT, deps, options);
      // Both claims' two pages asked the embedder, and each failed.
      expect(embedder.calls).toBeGreaterThanOrEqual(4);
      expect(result.assessments).toHaveLength(2);
      expect(result.assessments.map((assessment) => assessment.verdict)).not.toContain('could-not-check');
      expect(result.evidence.filter((item) => item.origin === 'page')).toHaveLength(4);
      expect(result.warnings).toEqual([expect.stringMatching(BY_WORDS)]);
      expect(result.notices?.[result.warnings[0]!]).toMatchObject({
        code: 'passages-by-words',
        causeNotice: { code: cause },
      });
    });
  }

  it('tells one warning when the pages fail for different causes', async () => {
    const causes = [
      new ProviderError('rate-limit', 'OpenAI is rate limiting requests (429).'),
      new ProviderError('server', 'OpenAI had a server error (500).'),
      new ProviderError('timeout', 'The request to OpenAI timed out.'),
    ];
    let call = 0;
    const embedder: Embedder = {
      embed: async (texts) => {
        const cause = causes[call++];
        // After the failures, a reply with one vector too few: a malformed one.
        if (!cause) return texts.slice(1).map(() => [1, 0]);
        throw cause;
      },
    };
    const { deps, options } = fakeRun(
      { ...PAGES, 'https://island-news.example/c': PAGE, 'https://zoo.example/d': PAGE },
      { embedder },
    );
    const result = await runCheck(TEXT, deps, options);
    expect(call).toBeGreaterThan(causes.length);
    expect(result.assessments.map((assessment) => assessment.verdict)).not.toContain('could-not-check');
    expect(result.warnings).toEqual([expect.stringMatching(BY_WORDS)]);
    expect(result.notices?.[result.warnings[0]!]).toMatchObject({ code: 'passages-by-words' });
  });

  it('tells nothing when the server has no embeddings (a 404): that is how the server is', async () => {
    const embedder = embedderAnswering(404, { error: { message: 'Not found' } });
    const { deps, options } = fakeRun(PAGES, { embedder });
    const result = await runCheck(TEXT, deps, options);
    expect(result.assessments.map((assessment) => assessment.verdict)).not.toContain('could-not-check');
    expect(result.warnings).toEqual([]);
  });

  it('stops a check cancelled while the embedder was asked, and does not say passages were chosen by words', async () => {
    const controller = new AbortController();
    const embedder: Embedder = {
      embed: async () => {
        controller.abort(new ProviderError('cancelled', { code: 'request-cancelled' }));
        throw new ProviderError('timeout', 'The request to OpenAI timed out.');
      },
    };
    const { deps, options } = fakeRun(PAGES, { embedder });
    const result = await runCheck(TEXT, deps, { ...options, signal: controller.signal });
    expect(result.stopped).toBe('cancelled');
    expect(result.warnings.filter((warning) => BY_WORDS.test(warning))).toEqual([]);
  });
});
