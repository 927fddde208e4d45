import { describe, expect, it } from 'vitest';

import type { Evidence, Judgement, Stance } from '../../../../lib/core/types';
import { singleSourceHost } from '../../../../lib/view/single-source';

const item = (id: string, host: string): Evidence => ({
  id,
  claimId: 'c0',
  passage: 'Text.',
  origin: 'page',
  source: { url: `https://${host}/${id}`, host, title: id, provider: 'searxng', sourceType: 'news' },
});
const judged = (pairs: Array<[string, Stance]>) =>
  new Map<string, Judgement>(pairs.map(([evidenceId, stance]) => [evidenceId, { evidenceId, stance, rationale: '' }]));
const all = () => true;

describe('a verdict that rests on one site', () => {
  const evidence = [item('e0', 'www.blog.example'), item('e1', 'blog.example'), item('e2', 'news.example')];

  it('names the one site when every passage that took a side comes from it (www. or not)', () => {
    const judgements = judged([
      ['e0', 'refutes'],
      ['e1', 'refutes'],
      ['e2', 'irrelevant'],
    ]);
    expect(singleSourceHost('refuted', evidence, judgements, all)).toBe('blog.example');
  });

  it('says nothing when two sites took a side, or when the verdict decided nothing', () => {
    const judgements = judged([
      ['e0', 'refutes'],
      ['e2', 'supports'],
    ]);
    expect(singleSourceHost('disputed', evidence, judgements, all)).toBeUndefined();
    expect(singleSourceHost('not-enough-evidence', evidence, judged([['e0', 'refutes']]), all)).toBeUndefined();
    expect(singleSourceHost('could-not-check', evidence, judged([['e0', 'refutes']]), all)).toBeUndefined();
    expect(singleSourceHost(undefined, evidence, judged([['e0', 'refutes']]), all)).toBeUndefined();
  });

  it("counts only what the reader's filters still count", () => {
    const judgements = judged([
      ['e0', 'refutes'],
      ['e2', 'supports'],
    ]);
    expect(singleSourceHost('refuted', evidence, judgements, (e) => e.id !== 'e2')).toBe('blog.example');
  });
});
