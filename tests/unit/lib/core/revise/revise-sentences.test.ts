import { describe, expect, it } from 'vitest';

import type { ModelCallContext } from '../../../../../lib/core/model/structured-call';
import { UsageMeter } from '../../../../../lib/core/model/usage-meter';
import { applyChanges, reviseSentences, type SentenceToRevise } from '../../../../../lib/core/revise/revise-sentences';
import type { Evidence } from '../../../../../lib/core/types';
import { reply, ScriptedModel } from '../../../support/model-fakes';

describe('applyChanges', () => {
  it('replaces only the named spans, keeping everything else word for word', () => {
    const { revised, applied } = applyChanges('The tower was finished in 1887 and is 300 metres tall.', [
      { from: '1887', to: '1889', evidenceIds: ['e1'] },
      { from: '300 metres', to: '330 metres', evidenceIds: ['e2'] },
    ]);
    expect(revised).toBe('The tower was finished in 1889 and is 330 metres tall.');
    expect(applied.map((c) => c.to)).toEqual(['1889', '330 metres']);
  });

  it('drops changes whose text is not in the sentence, and no-op changes', () => {
    const { revised, applied } = applyChanges('Paris is in France.', [
      { from: 'Berlin', to: 'Paris', evidenceIds: [] },
      { from: 'France', to: 'France', evidenceIds: [] },
    ]);
    expect(revised).toBe('Paris is in France.');
    expect(applied).toEqual([]);
  });
});

describe('reviseSentences', () => {
  const sentence = 'La tour a été achevée en 1887.';
  const target: SentenceToRevise = {
    sentence: { index: 0, text: sentence, start: 0, end: sentence.length },
    claims: [
      {
        claim: {
          id: 'c0-0',
          sentenceIndex: 0,
          text: 'La tour a été achevée en 1887',
          span: { start: 0, end: 29 },
          anchored: true,
          checkWorthy: true,
        },
        assessment: {
          claimId: 'c0-0',
          verdict: 'refuted',
          judgements: [{ evidenceId: 'e0', stance: 'refutes', rationale: 'Dit 1889.' }],
          explanation: 'Elle a été achevée en 1889 [1].',
          citedEvidenceIds: ['e0'],
        },
      },
    ],
  };
  // An English passage about a French sentence: the correction must still be written in French.
  const evidence: Evidence[] = [
    {
      id: 'e0',
      claimId: 'c0-0',
      passage: 'The tower was completed in 1889.',
      origin: 'page',
      source: {
        url: 'https://example.org/e0',
        host: 'example.org',
        title: 'Tower',
        provider: 'searxng',
        sourceType: 'wiki',
      },
    },
  ];

  it('names the language of the text, so the corrections are written in it whatever the passages say it in', async () => {
    const model = new ScriptedModel([
      reply(JSON.stringify({ sentences: [{ id: 0, changes: [{ from: '1887', to: '1889', passages: [1] }] }] })),
    ]);
    const ctx: ModelCallContext = { model, clock: { now: () => 0 }, meter: new UsageMeter(), cacheTtlMs: 1000 };
    const revisions = await reviseSentences(ctx, [target], evidence, 'fr');
    expect(revisions.map((revision) => revision.revised)).toEqual(['La tour a été achevée en 1889.']);
    const [system, user] = model.calls[0]!.messages;
    expect(system!.content).toMatch(
      /Write each correction \("to"\) in the language\s+of the text \(named below when known\)/,
    );
    expect(user!.content).toMatch(/^Language of the text: fr\.\n\n<<<SENTENCE 0>>>/);
  });

  it('names no language when it is not known', async () => {
    const model = new ScriptedModel([reply(JSON.stringify({ sentences: [] }))]);
    const ctx: ModelCallContext = { model, clock: { now: () => 0 }, meter: new UsageMeter(), cacheTtlMs: 1000 };
    await reviseSentences(ctx, [target], evidence);
    expect(model.calls[0]!.messages[1]!.content).not.toContain('Language of the text');
  });
});
