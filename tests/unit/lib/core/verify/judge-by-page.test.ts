import { describe, expect, it } from 'vitest';

import type { Evidence } from '../../../../../lib/core/types';
import { groupByPage, mergeGroupReplies } from '../../../../../lib/core/verify/judge-by-page';

const item = (id: string, url: string): Evidence => ({
  id,
  claimId: 'c0-0',
  passage: `Passage ${id}`,
  origin: 'page',
  source: { url, host: new URL(url).host, title: id, provider: 'searxng', sourceType: 'news' },
});

describe('judging each page apart', () => {
  it('groups passages by page (fragment ignored, same host kept apart), in order of first appearance', () => {
    const groups = groupByPage([
      item('e0', 'https://wiki.example/a#one'),
      item('e1', 'https://wiki.example/b'),
      item('e2', 'https://wiki.example/a#two'),
      item('e3', 'https://news.example/x'),
    ]);
    expect(groups).toEqual([
      { page: 'https://wiki.example/a', positions: [0, 2] },
      { page: 'https://wiki.example/b', positions: [1] },
      { page: 'https://news.example/x', positions: [3] },
    ]);
  });

  it('merges the replies in the whole list numbering, dropping numbers outside their page', () => {
    const groups = [
      { page: 'https://a.example/', positions: [0, 2] },
      { page: 'https://b.example/', positions: [1] },
      { page: 'https://c.example/', positions: [3] },
    ];
    const merged = mergeGroupReplies(
      groups,
      [
        {
          stances: [
            { passage: 1, stance: 'irrelevant' },
            { passage: 2, stance: 'refutes' },
            { passage: 3, stance: 'supports' }, // no third passage on this page: ignored
          ],
          rationales: ['Off topic.', 'Says 1887.'],
          explanation: 'It was 1887 [2] [3].',
        },
        { stances: [{ passage: 1, stance: 'irrelevant' }], rationales: [], explanation: 'Nothing here [1].' },
        { stances: [{ passage: 1, stance: 'supports' }], rationales: ['Says 1889.'], explanation: 'It was 1889 [1].' },
      ],
      4,
    );
    expect(merged).toEqual({
      stances: [
        { passage: 1, stance: 'irrelevant' },
        { passage: 3, stance: 'refutes' },
        { passage: 2, stance: 'irrelevant' },
        { passage: 4, stance: 'supports' },
      ],
      rationales: ['Off topic.', '', 'Says 1887.', 'Says 1889.'],
      explanation: 'It was 1887 [3]. It was 1889 [4].',
    });
  });

  it("keeps the first page's explanation when no page found anything relevant", () => {
    const groups = [
      { page: 'https://a.example/', positions: [0] },
      { page: 'https://b.example/', positions: [1] },
    ];
    const irrelevant = (explanation: string) => ({
      stances: [{ passage: 1, stance: 'irrelevant' as const }],
      rationales: ['Off topic.'],
      explanation,
    });
    const merged = mergeGroupReplies(groups, [irrelevant('No passage addresses it [1].'), irrelevant('None.')], 2);
    expect(merged.explanation).toBe('No passage addresses it [1].');
  });
});

describe('renumbering a comma list of citations', () => {
  it('renumbers every number of a [n, m] list to the whole list numbering, dropping those outside the page', () => {
    const groups = [
      { page: 'https://a.example/', positions: [1] },
      { page: 'https://b.example/', positions: [0, 2] },
    ];
    const merged = mergeGroupReplies(
      groups,
      [
        { stances: [{ passage: 1, stance: 'supports' }], rationales: ['Yes.'], explanation: 'Confirmed [1].' },
        {
          stances: [
            { passage: 1, stance: 'supports' },
            { passage: 2, stance: 'supports' },
          ],
          rationales: ['Yes.', 'Also.'],
          explanation: 'Both say so [1, 2]; see also [2,3] and [3, 4].',
        },
      ],
      3,
    );
    expect(merged.explanation).toBe('Confirmed [2]. Both say so [1, 3]; see also [3] and.');
  });
});
