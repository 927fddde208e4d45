import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { ProviderError } from '../../../../lib/core/errors';
import { structuredCall } from '../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../lib/core/model/usage-meter';
import { noticeKey, type RunNotice } from '../../../../lib/core/notices';
import { runCheck } from '../../../../lib/core/pipeline';
import { DEFAULT_PIPELINE_OPTIONS } from '../../../../lib/core/pipeline-types';
import { createLinkedomExtractor } from '../../../../lib/extract/linkedom-extractor';
import { createPageFetcher } from '../../../../lib/extract/page-fetcher';
import { createOnDeviceChatModel, ON_DEVICE_PROMPT_LIMITS } from '../../../../lib/llm/on-device-chat-model';
import { downloadOnDeviceModel, onDeviceStatus } from '../../../../lib/llm/on-device-download';
import { languageModelOf } from '../../../../lib/llm/prompt-api';
import { createSearchProvider } from '../../../../lib/search/index';
import {
  type FakeLanguageModelOptions,
  installFakeLanguageModel,
} from '../../../../scripts/lib/servers/fake-language-model';
import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../../scripts/lib/servers/index';

const answerSchema = z.object({ answer: z.string(), confidence: z.number() });

function fake(options: FakeLanguageModelOptions) {
  const scope = {};
  const log = installFakeLanguageModel(scope, options);
  return { api: languageModelOf(scope)!, log };
}

function ctxFor(
  model: ReturnType<typeof createOnDeviceChatModel>,
  warnings: string[] = [],
  notices: Array<RunNotice | undefined> = [],
) {
  return {
    model,
    clock: { now: () => 0 },
    meter: new UsageMeter(),
    cacheTtlMs: 0,
    onWarning: (message: string, notice?: RunNotice) => (warnings.push(message), notices.push(notice)),
  };
}

const ask = (text: string) => ({
  stage: 'verify' as const,
  role: 'strong' as const,
  name: 'answer',
  schema: answerSchema,
  messages: [
    { role: 'system' as const, content: 'Answer briefly.' },
    { role: 'user' as const, content: text },
  ],
});

/** About 2,000 words of real chatbot answers (Factcheck-Bench responses), as one article. */
function article2000(): string {
  const items = (
    JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../../../fixtures/text/factcheck-bench-sentences.json'), 'utf8'),
    ) as { responses: Array<{ response: string }> }
  ).responses;
  const parts: string[] = [];
  let words = 0;
  for (const item of items) {
    if (words >= 2000) break;
    parts.push(item.response);
    words += item.response.split(/\s+/).length;
  }
  return parts.join('\n\n');
}

describe('the on-device chat model (Prompt API)', () => {
  it('says there is no on-device model, or that it must be downloaded, and downloads it with progress', async () => {
    const none = fake({ availability: 'unavailable', answer: () => '{}' });
    await expect(
      createOnDeviceChatModel({ api: none.api }).complete({ role: 'fast', messages: ask('Hello there.').messages }),
    ).rejects.toThrow(/has no on-device model/);
    // A code with its English as the message: the run stores both, the views word the code.
    await expect(
      createOnDeviceChatModel({ api: none.api }).complete({ role: 'fast', messages: ask('Hello there.').messages }),
    ).rejects.toMatchObject({ notice: { code: 'on-device-unavailable' } });
    expect(await onDeviceStatus(undefined)).toMatchObject({ availability: 'missing' });

    const later = fake({ availability: 'downloadable', answer: () => '{"answer":"yes","confidence":1}' });
    const model = createOnDeviceChatModel({ api: later.api });
    expect(await onDeviceStatus(later.api)).toMatchObject({
      availability: 'downloadable',
      message: expect.stringContaining('Download'),
    });
    await expect(structuredCall(ctxFor(model), ask('Is Paris in France?'))).rejects.toThrow(/must be downloaded/);
    await expect(structuredCall(ctxFor(model), ask('Is Paris in France?'))).rejects.toMatchObject({
      notice: { code: 'on-device-downloadable' },
    });
    const progress: number[] = [];
    await downloadOnDeviceModel(later.api, (loaded) => progress.push(loaded));
    expect(progress).toEqual([0, 0.5, 1]);
    expect(await onDeviceStatus(later.api)).toMatchObject({ availability: 'available' });
    expect((await structuredCall(ctxFor(model), ask('Is Paris in France?'))).value).toEqual({
      answer: 'yes',
      confidence: 1,
    });
  });

  it('reports a failed download, a policy switch-off and a language it cannot handle', async () => {
    const failing = fake({ availability: 'downloadable', downloadFailsAt: 0.5, answer: () => '{}' });
    await expect(downloadOnDeviceModel(failing.api, () => undefined)).rejects.toThrow(/could not be downloaded/);
    await expect(downloadOnDeviceModel(failing.api, () => undefined)).rejects.toMatchObject({
      notice: { code: 'on-device-download-failed', detail: expect.any(String) },
    });
    const blocked = fake({ policyBlocked: true, answer: () => '{}' });
    expect(await onDeviceStatus(blocked.api)).toMatchObject({
      availability: 'policy',
      message: expect.stringContaining('policy'),
    });
    await expect(
      structuredCall(ctxFor(createOnDeviceChatModel({ api: blocked.api })), ask('Is Paris in France?')),
    ).rejects.toThrow(/switched off by your organisation's policy/);
    await expect(
      structuredCall(ctxFor(createOnDeviceChatModel({ api: blocked.api })), ask('Is Paris in France?')),
    ).rejects.toMatchObject({ notice: { code: 'on-device-policy' } });
    const english = fake({ answer: () => '{"answer":"ja","confidence":1}' });
    const error = await structuredCall(
      ctxFor(createOnDeviceChatModel({ api: english.api })),
      ask('Der Eiffelturm wurde 1889 fertiggestellt und steht in Paris, der Hauptstadt von Frankreich.'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(
      /cannot read German text yet \(it handles English, Spanish, and Japanese\)/,
    );
    expect((error as ProviderError).notice).toEqual({
      code: 'on-device-language-unsupported',
      language: 'de',
      handles: ['en', 'es', 'ja'],
    });
  });

  it('constrains the reply with responseConstraint, and describes the schema in the prompt when Chrome refuses it', async () => {
    const seen: Array<{ schema?: object; last: string }> = [];
    const honoured = fake({
      answer: ({ schema, messages }) => (
        seen.push({ ...(schema ? { schema } : {}), last: messages.at(-1)!.content }),
        '{"answer":"Paris","confidence":0.9}'
      ),
    });
    const result = await structuredCall(
      ctxFor(createOnDeviceChatModel({ api: honoured.api })),
      ask('What is the capital of France?'),
    );
    expect(result.value.answer).toBe('Paris');
    expect(seen[0]!.schema).toMatchObject({ type: 'object', properties: { answer: { type: 'string' } } });
    expect(honoured.log.prompts[0]!.constrained).toBe(true);

    // This Chrome refuses the schema: it goes into the prompt, the first reply is off, the corrective retry fixes it.
    const replies = ['Sure! The answer is Paris.', '{"answer":"Paris","confidence":0.8}'];
    const prompts: string[] = [];
    const refusing = fake({
      unsupportedSchemaKeywords: ['required'],
      answer: ({ schema, messages }) => (
        expect(schema).toBeUndefined(),
        prompts.push(messages.map((m) => m.content).join('\n')),
        replies.shift()!
      ),
    });
    const fallback = await structuredCall(
      ctxFor(createOnDeviceChatModel({ api: refusing.api })),
      ask('What is the capital of France?'),
    );
    expect(fallback.value).toEqual({ answer: 'Paris', confidence: 0.8 });
    expect(prompts[0]).toContain('follows this JSON Schema');
    expect(prompts[1]).toContain('The reply was not valid JSON.');
    expect(refusing.log.prompts.map((p) => p.constrained)).toEqual([false, false]);
  });

  it('trims an overflowing prompt by rule and says what was left out, never triggering QuotaExceededError', async () => {
    const small = fake({ contextWindow: 1_000, answer: () => '{"answer":"ok","confidence":1}' });
    const passage = 'The tower is 330 metres tall and was completed in 1889. '.repeat(120);
    const warnings: string[] = [];
    const notices: Array<RunNotice | undefined> = [];
    const result = await structuredCall(
      ctxFor(createOnDeviceChatModel({ api: small.api }), warnings, notices),
      ask(
        `Judge the claim.\n\n<<<PASSAGE 1>>>\n${passage}\n<<<END PASSAGE 1>>>\n\n<<<PASSAGE 2>>>\nShort.\n<<<END PASSAGE 2>>>`,
      ),
    );
    expect(result.value.answer).toBe('ok');
    expect(small.log.exceeded).toBe(0);
    expect(Math.max(...small.log.prompts.map((p) => p.tokens))).toBeLessThanOrEqual(1_000);
    // A code with the window, worded when shown (lib/view/notice-words.ts), listed by its key.
    const shortened: RunNotice = { code: 'on-device-context-shortened', tokens: 1_000 };
    expect(notices).toEqual([shortened]);
    expect(warnings).toEqual([noticeKey(shortened)]);

    // The fake does enforce the window: sent as it was, the same prompt is refused.
    const session = await small.api.create({});
    await expect(session.prompt(passage)).rejects.toMatchObject({ name: 'QuotaExceededError' });
  });

  it('says a step that cannot fit even trimmed as a code with the window, worded when shown', async () => {
    const small = fake({ contextWindow: 1_000, answer: () => 'ok' });
    const model = createOnDeviceChatModel({ api: small.api });
    // No data block to shorten: nothing can be trimmed.
    const request = {
      role: 'strong' as const,
      messages: [{ role: 'user' as const, content: 'Judge. '.repeat(2_000) }],
    };
    const error = await model.complete(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).notice).toEqual({ code: 'on-device-context-too-long', tokens: 1_000 });
    expect((error as ProviderError).message).toBe(
      "This step is too long for the on-device model's 1,000-token context window even after trimming; check a shorter part of the text, or choose a larger model in Settings.",
    );
    expect(small.log.exceeded).toBe(0);
  });

  it('clones one base session per role and prompt, destroys each clone, runs one call at a time, and aborts', async () => {
    const { api, log } = fake({ delayMs: 20, answer: () => '{"answer":"ok","confidence":1}' });
    const model = createOnDeviceChatModel({ api });
    await Promise.all([1, 2, 3].map((n) => structuredCall(ctxFor(model), ask(`Question number ${n} about Paris?`))));
    await structuredCall(ctxFor(model), {
      ...ask('Another one about Rome?'),
      role: 'fast',
      messages: [
        { role: 'system', content: 'Other stage.' },
        { role: 'user', content: 'Another one about Rome?' },
      ],
    });
    expect(log.creates).toBe(2);
    expect(log.clones).toBe(4);
    expect(log.destroyed).toBe(4);
    expect(log.live).toBe(2);
    expect(log.maxActive).toBe(1);
    model.dispose();
    await expect.poll(() => log.live).toBe(0);

    const slow = fake({ delayMs: 5_000, answer: () => '{"answer":"late","confidence":1}' });
    const controller = new AbortController();
    const call = structuredCall(
      { ...ctxFor(createOnDeviceChatModel({ api: slow.api })), signal: controller.signal },
      ask('Slow question about Paris?'),
    );
    await expect.poll(() => slow.log.active).toBe(1);
    controller.abort();
    await expect(call).rejects.toMatchObject({ kind: 'cancelled' });
    expect(slow.log.destroyed).toBe(slow.log.clones);
  });
});

describe('whole checks on the on-device model', () => {
  let world: FactWorld;
  beforeAll(async () => {
    world = await startFactWorld();
  });
  afterAll(() => world.close());

  async function checkOnDevice(text: string) {
    const { api, log } = fake({ forwardTo: world.model.baseUrl });
    const model = createOnDeviceChatModel({ api });
    const result = await runCheck(
      text,
      {
        model,
        providers: [createSearchProvider('searxng', { baseUrl: world.searxng.baseUrl }, {})],
        fetcher: createPageFetcher({ allowPrivateNetwork: () => true }),
        extractor: createLinkedomExtractor(),
        clock: { now: () => Date.UTC(2026, 0, 15) },
      },
      { ...DEFAULT_PIPELINE_OPTIONS, auditLinks: false, promptLimits: ON_DEVICE_PROMPT_LIMITS, language: 'en' },
    );
    return { result, log };
  }

  it.each([
    ['the standard input', () => WORLD_TEXT],
    ['a 2,000-word article', article2000],
  ])('fits every prompt of %s in the 9,216-token window', { timeout: 60_000 }, async (_name, text) => {
    const { result, log } = await checkOnDevice(text());
    expect(log.exceeded).toBe(0);
    expect(log.prompts.length).toBeGreaterThan(0);
    expect(Math.max(...log.prompts.map((p) => p.tokens))).toBeLessThanOrEqual(9_216);
    expect(result.assessments.filter((a) => a.verdict === 'could-not-check').map((a) => a.error)).toEqual([]);
    expect(result.assessments.length).toBeGreaterThan(0);
  });
});
