import { describe, expect, it, vi } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import type { ModelCallContext } from '../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import type { ChatModel, ChatRequest, ChatResponse } from '../../../../../lib/core/ports';
import type { Claim, ClaimAssessment, Evidence } from '../../../../../lib/core/types';
import { verifyClaim } from '../../../../../lib/core/verify/verify-claim';
import { deferred, reply } from '../../../support/model-fakes';

const claim: Claim = {
  id: 'c0-0',
  sentenceIndex: 0,
  text: 'The tower was completed in 1889',
  span: { start: 0, end: 31 },
  anchored: true,
  checkWorthy: true,
};
const item = (id: string, passage: string): Evidence => ({
  id,
  claimId: 'c0-0',
  source: { url: `https://${id}.example/`, host: `${id}.example`, title: id, sourceType: 'news', provider: 'searxng' },
  passage,
  origin: 'page',
});
const evidence = [item('e0', 'It was completed in 1889.'), item('e1', 'Rome is in Italy.')];

const WHOLE = JSON.stringify({
  stances: [
    { passage: 1, stance: 'supports' },
    { passage: 2, stance: 'irrelevant' },
  ],
  rationales: ['Gives 1889.', 'About Rome.'],
  explanation: 'It was completed in 1889 [1].',
});

/**
 * A model whose stream sends `text` up to `pauseAt`, then waits for `resume` before the rest (or breaks
 * there with `breakAtPause`); `complete` answers from `completeReplies` in order. Everything is logged.
 */
function pausingModel(text: string, options: { pauseAt: number; breakAtPause?: boolean; completeReplies?: string[] }) {
  const log: string[] = [];
  const resume = deferred<void>();
  const completeReplies = [...(options.completeReplies ?? [])];
  const model: ChatModel = {
    async stream(_request: ChatRequest, onText: (delta: string) => void): Promise<ChatResponse> {
      for (let at = 0; at < options.pauseAt; at += 5) onText(text.slice(at, Math.min(options.pauseAt, at + 5)));
      log.push('paused');
      if (options.breakAtPause) throw new ProviderError('unreachable', 'The connection was reset.');
      await resume.promise;
      onText(text.slice(options.pauseAt));
      log.push('stream:end');
      return reply(text);
    },
    async complete() {
      log.push('complete');
      const next = completeReplies.shift();
      if (next === undefined) throw new ProviderError('unreachable', 'No reply.');
      return reply(next);
    },
  };
  return { model, log, resume };
}

const context = (model: ChatModel): ModelCallContext => ({
  model,
  clock: { now: () => 0 },
  meter: new UsageMeter(),
  cacheTtlMs: 1000,
});

describe('verifyClaim, streamed', () => {
  it('reports the verdict once the stances are written, before the rationales and explanation, then the whole assessment', async () => {
    const { model, log, resume } = pausingModel(WHOLE, { pauseAt: WHOLE.indexOf('"rationales"') });
    const early: ClaimAssessment[] = [];
    const run = verifyClaim(
      context(model),
      claim,
      'The tower was completed in 1889.',
      evidence,
      '2026-11-24',
      (assessment) => {
        early.push(assessment);
        log.push('verdict');
      },
    );
    // The stream is paused right after the stances: the verdict came out before the pause.
    await vi.waitFor(() => expect(log).toEqual(['verdict', 'paused']));
    expect(early).toEqual([
      {
        claimId: 'c0-0',
        verdict: 'supported',
        judgements: [
          { evidenceId: 'e0', stance: 'supports', rationale: '' },
          { evidenceId: 'e1', stance: 'irrelevant', rationale: '' },
        ],
        explanation: '',
        citedEvidenceIds: ['e0', 'e1'],
        explaining: true,
      },
    ]);
    resume.resolve();
    const whole = await run;
    expect(log).toEqual(['verdict', 'paused', 'stream:end']);
    expect(whole).toEqual({
      claimId: 'c0-0',
      verdict: 'supported',
      judgements: [
        { evidenceId: 'e0', stance: 'supports', rationale: 'Gives 1889.' },
        { evidenceId: 'e1', stance: 'irrelevant', rationale: 'About Rome.' },
      ],
      explanation: 'It was completed in 1889 [1].',
      citedEvidenceIds: ['e0', 'e1'],
    });
    expect(early).toHaveLength(1);
  });

  it('asks again without streaming when the stream breaks after the stances, and the answer decides', async () => {
    const second = JSON.stringify({
      stances: [{ passage: 1, stance: 'refutes' }],
      rationales: [],
      explanation: 'It was completed in 1887 [1].',
    });
    const { model, log } = pausingModel(WHOLE, {
      pauseAt: WHOLE.indexOf('"rationales"'),
      breakAtPause: true,
      completeReplies: [second],
    });
    const early: string[] = [];
    const whole = await verifyClaim(
      context(model),
      claim,
      'The tower was completed in 1889.',
      evidence,
      '2026-11-24',
      (a) => early.push(a.verdict),
    );
    expect(log).toEqual(['paused', 'complete']);
    expect(early).toEqual(['supported']);
    // A judged passage without a rationale says so; a skipped passage is irrelevant, openly. Our words, not the
    // model's: a code worded when shown, the English kept beside it for older versions and the CLI.
    expect(whole).toMatchObject({
      verdict: 'refuted',
      judgements: [
        { stance: 'refutes', rationale: 'No rationale given by the model.', rationaleCode: 'no-rationale' },
        { stance: 'irrelevant', rationale: 'Not judged by the model.', rationaleCode: 'not-judged' },
      ],
    });
    expect(whole.explaining).toBeUndefined();
  });

  it('asks again when the whole streamed reply fails the schema', async () => {
    const invalid = WHOLE.replace('"explanation"', '"explanations"');
    const { model, log, resume } = pausingModel(invalid, { pauseAt: 10, completeReplies: [WHOLE] });
    resume.resolve();
    const whole = await verifyClaim(
      context(model),
      claim,
      'The tower was completed in 1889.',
      evidence,
      '2026-11-24',
      () => undefined,
    );
    expect(log).toEqual(['paused', 'stream:end', 'complete']);
    expect(whole.explanation).toBe('It was completed in 1889 [1].');
  });

  it('throws when asking again fails too, after the early verdict, so the claim becomes "could not check"', async () => {
    const { model } = pausingModel(WHOLE, { pauseAt: WHOLE.indexOf('"rationales"'), breakAtPause: true });
    const early: string[] = [];
    await expect(
      verifyClaim(context(model), claim, 'The tower was completed in 1889.', evidence, '2026-11-24', (a) =>
        early.push(a.verdict),
      ),
    ).rejects.toThrow('No reply.');
    expect(early).toEqual(['supported']);
  });

  it('does not stream without onVerdict', async () => {
    const { model, log } = pausingModel(WHOLE, { pauseAt: 10, completeReplies: [WHOLE] });
    const whole = await verifyClaim(context(model), claim, 'The tower was completed in 1889.', evidence, '2026-11-24');
    expect(log).toEqual(['complete']);
    expect(whole.verdict).toBe('supported');
  });
});
