/**
 * The Grok adapter on a SYNTHETIC page in tests/fixtures/chat/synthetic/ (no real capture copied here),
 * written from the structure notes in ../shared/docs/chat-sites.md. It proves the adapter's logic, not
 * that the live site still looks like this.
 */
import { describe, expect, it } from 'vitest';

import { findReplies } from '../../../../lib/sites/find-replies';
import { grok } from '../../../../lib/sites/grok';
import { parseSavedPage } from '../../../../scripts/sites';
import { readSyntheticFixture } from '../../support/chat-fixtures';

describe('Grok (synthetic, from chat-sites.md §1.8)', () => {
  const doc = parseSavedPage(readSyntheticFixture('grok'));
  const url = 'https://grok.com/chat/abc';
  const replies = findReplies(grok, doc, url);

  it("finds Grok's two replies (items-start), not the user's, keyed by the response- id", () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['7c9d2e4f-1a3b-4c5d-8e6f-2a1b3c4d5e02', true],
      ['9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c04', true],
    ]);
  });

  it('extracts text and links, fences code without its header, and drops the action row', () => {
    expect(replies[0]?.text).toBe(
      'Water boils at 100 °C (212 °F) at sea level, as the boiling point article explains.\n\nAt higher altitude it boils at a lower temperature.',
    );
    expect(replies[0]?.citations).toEqual([
      {
        url: 'https://en.wikipedia.org/wiki/Boiling_point',
        title: 'boiling point article',
        start: 52,
        end: 73,
        kind: 'link',
      },
    ]);
    expect(replies[1]?.text).toBe(
      'Here is a one-liner:\n\n```python\nboiling_point_c = 100\nprint(boiling_point_c)\n```\n\nIt prints 100.',
    );
    expect(replies[1]?.codeRanges).toEqual([{ start: 22, end: 80 }]);
    expect(replies[1]?.text.slice(22, 80)).toBe('```python\nboiling_point_c = 100\nprint(boiling_point_c)\n```');
    for (const reply of replies) expect(reply.text).not.toMatch(/Regenerate|Read aloud|Copy|Like/);
  });

  it('simulated streaming: Stop button and no action row → not finished; restored → finished', () => {
    const last = replies[1]?.element;
    const actions = last?.querySelector('.action-buttons');
    actions?.remove();
    const stop = doc.createElement('button');
    stop.setAttribute('aria-label', 'Stop');
    doc.body.appendChild(stop);
    expect(findReplies(grok, doc, url).map((reply) => reply.finished)).toEqual([true, false]);
    stop.remove();
    expect(findReplies(grok, doc, url)[1]?.finished).toBe(false); // still no done marker
    if (actions) last?.appendChild(actions);
    expect(findReplies(grok, doc, url)[1]?.finished).toBe(true);
  });
});
