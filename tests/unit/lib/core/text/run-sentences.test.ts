import { describe, expect, it } from 'vitest';

import { runEvidenceCheck } from '../../../../../lib/core/evidence-only/run-evidence-check';
import { runCheck } from '../../../../../lib/core/pipeline';
import type { PipelineEvent } from '../../../../../lib/core/pipeline-types';
import { runSentences, type TextSplit } from '../../../../../lib/core/text/run-sentences';
import { splitSentences } from '../../../../../lib/core/text/sentences';
import { fakeRun } from '../../../support/fake-run';

const TEXT = 'The Eiffel Tower was completed in 1889. It is 330 metres tall. Mount Everest is 8,849 metres high.';

/**
 * A split of TEXT that its own split would not give (its first two sentences as one): a run that takes it shows
 * it; a run that split the text again would have three sentences.
 */
function mergedSplit(): TextSplit {
  const [first, second, third] = splitSentences(TEXT, 'en');
  return {
    language: 'en',
    sentences: [
      { index: 0, start: first!.start, end: second!.end, text: TEXT.slice(first!.start, second!.end), kind: 'prose' },
      { ...third!, index: 1 },
    ],
  };
}

describe("a run's sentences (its first step)", () => {
  it('takes a given split as it is, without splitting the text again', () => {
    const split = mergedSplit();
    expect(runSentences(TEXT, { split })).toEqual({ language: 'en', sentences: split.sentences, given: true });
  });

  it('splits the text when no split is given, as splitSentences does', () => {
    expect(runSentences(TEXT, {})).toEqual({ language: 'en', sentences: splitSentences(TEXT, 'en'), given: false });
    expect(runSentences(TEXT, { language: 'fr' }).language).toBe('fr');
  });

  it('splits the text again when the given split does not fit it, or was split in another language', () => {
    const own = splitSentences(TEXT, 'en');
    const { sentences } = mergedSplit();
    const unfitting: TextSplit[] = [
      // offsets that do not cut these words
      { language: 'en', sentences: sentences.map((s) => ({ ...s, start: s.start + 1 })) },
      // indices out of order
      { language: 'en', sentences: [...sentences].reverse() },
      // a sentence past the end of the text
      { language: 'en', sentences: [{ ...sentences[0]!, end: TEXT.length + 5 }] },
      // none at all, for a text with words
      { language: 'en', sentences: [] },
      // another text's sentences
      { language: 'en', sentences: splitSentences(`${TEXT} More.`, 'en').slice(1) },
    ];
    for (const split of unfitting)
      expect(runSentences(TEXT, { split })).toEqual({ language: 'en', sentences: own, given: false });
    // The run asks for a language the split was not made in.
    expect(runSentences(TEXT, { language: 'de', split: mergedSplit() })).toMatchObject({
      language: 'de',
      given: false,
    });
  });

  it('runs a whole check and an evidence-only check on the given sentences, saying they were given', async () => {
    const split = mergedSplit();
    const { deps, options } = fakeRun({});
    const events: PipelineEvent[] = [];
    const result = await runCheck(TEXT, deps, { ...options, split, onEvent: (event) => events.push(event) });
    expect(result.sentences).toEqual(split.sentences);
    expect(events.find((event) => event.type === 'sentences')).toEqual({
      type: 'sentences',
      sentences: split.sentences,
      language: 'en',
      given: true,
    });
    // The claims are read from the given sentences: the merged one is one sentence of the model's prompt.
    expect([...new Set(result.claims.map((claim) => claim.sentenceIndex))]).toEqual([0, 1]);

    const { model: _model, ...evidenceDeps } = deps;
    const evidenceOnly = await runEvidenceCheck(TEXT, evidenceDeps, { ...options, split });
    expect(evidenceOnly.sentences).toEqual(split.sentences);
    expect(evidenceOnly.claims.map((claim) => claim.text)).toEqual(split.sentences.map((s) => s.text));
  });

  it('runs a check without a given split as before: split by the run, not marked given', async () => {
    const { deps, options } = fakeRun({});
    const events: PipelineEvent[] = [];
    const result = await runCheck(TEXT, deps, { ...options, onEvent: (event) => events.push(event) });
    expect(result.sentences).toEqual(splitSentences(TEXT, 'en'));
    expect(events.find((event) => event.type === 'sentences')).toEqual({
      type: 'sentences',
      sentences: splitSentences(TEXT, 'en'),
      language: 'en',
    });
  });
});
