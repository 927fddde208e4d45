/**
 * The Microsoft Copilot adapter on a SYNTHETIC page in tests/fixtures/chat/synthetic/ (no real capture
 * exists), written from the structure notes in ../shared/docs/chat-sites.md. It proves the adapter's
 * logic, not that the live site still looks like this.
 */
import { describe, expect, it } from 'vitest';

import { copilot } from '../../../../lib/sites/copilot';
import { findReplies } from '../../../../lib/sites/find-replies';
import { parseSavedPage } from '../../../../scripts/sites';
import { readSyntheticFixture } from '../../support/chat-fixtures';

describe('Microsoft Copilot (synthetic, from chat-sites.md §1.6)', () => {
  const doc = parseSavedPage(readSyntheticFixture('copilot'));
  const url = 'https://copilot.microsoft.com/chats/abc';
  const replies = findReplies(copilot, doc, url);

  it('finds the two bot messages; with no marker they are finished pending text stability', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished, reply.needsStability])).toEqual([
      ['copilot-msg-1', true, true],
      ['copilot-msg-2', true, true],
    ]);
  });

  it('extracts the body only (no hidden label, buttons or user text) and strips utm_ parameters', () => {
    expect(replies[0]?.text).toBe(
      'Jane Austen wrote Pride and Prejudice. It was first published in 1813.\n\n1. It was her second published novel.\n2. It appeared anonymously.\n\nMore at Britannica.',
    );
    expect(replies[0]?.text).not.toMatch(/Copilot said|Copy|Read aloud|Who wrote/);
    expect(replies[0]?.citations).toEqual([
      {
        url: 'https://www.britannica.com/topic/Pride-and-Prejudice?ref=x',
        title: 'Britannica',
        start: 147,
        end: 157,
        kind: 'link',
      },
    ]);
    expect(replies[1]?.text).toBe('Emma was published in 1815, also by Jane Austen.');
  });

  it('simulated streaming: the Stop button holds back the last reply', () => {
    const stop = doc.createElement('button');
    stop.setAttribute('aria-label', 'Stop responding');
    doc.body.appendChild(stop);
    expect(findReplies(copilot, doc, url).map((reply) => reply.finished)).toEqual([true, false]);
    stop.remove();
    expect(findReplies(copilot, doc, url)[1]?.finished).toBe(true);
  });
});
