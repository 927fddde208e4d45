/**
 * The Mistral Le Chat adapter on a SYNTHETIC page in tests/fixtures/chat/synthetic/ (no real capture
 * exists), written from the structure notes in ../shared/docs/chat-sites.md. It proves the adapter's
 * logic, not that the live site still looks like this.
 */
import { describe, expect, it } from 'vitest';

import { findReplies } from '../../../../lib/sites/find-replies';
import { mistral } from '../../../../lib/sites/mistral';
import { parseSavedPage } from '../../../../scripts/sites';
import { readSyntheticFixture } from '../../support/chat-fixtures';

describe('Mistral Le Chat (synthetic, from chat-sites.md §1.9)', () => {
  const doc = parseSavedPage(readSyntheticFixture('mistral'));
  const url = 'https://chat.mistral.ai/chat/abc';
  const replies = findReplies(mistral, doc, url);

  it('finds the two assistant messages by data-message-id', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished, reply.needsStability])).toEqual([
      ['0d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70', true, true],
      ['1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', true, true],
    ]);
  });

  it('reads only the answer part: no reasoning, Canvas editor, timestamp or button', () => {
    expect(replies[0]?.text).toBe('The capital of Australia is Canberra, not Sydney.');
    expect(replies[1]?.text).toBe('Canberra was founded in 1913.');
    for (const reply of replies) expect(reply.text).not.toMatch(/many people think|Canvas draft|10:02|Copy/);
  });

  it('simulated streaming: .animate-pulse in the reply → not finished', () => {
    const pulse = doc.createElement('span');
    pulse.className = 'animate-pulse';
    replies[1]?.element.appendChild(pulse);
    expect(findReplies(mistral, doc, url).map((reply) => reply.finished)).toEqual([true, false]);
    pulse.remove();
    expect(findReplies(mistral, doc, url)[1]?.finished).toBe(true);
  });
});
