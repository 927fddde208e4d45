/**
 * The DeepSeek adapter on a SYNTHETIC page in tests/fixtures/chat/synthetic/ (no real capture copied
 * here), written from the structure notes in ../shared/docs/chat-sites.md. It proves the adapter's logic,
 * not that the live site still looks like this.
 */
import { describe, expect, it } from 'vitest';

import { deepseek } from '../../../../lib/sites/deepseek';
import { citedUrls, findReplies } from '../../../../lib/sites/find-replies';
import { parseSavedPage } from '../../../../scripts/sites';
import { readSyntheticFixture } from '../../support/chat-fixtures';

describe('DeepSeek (synthetic, from chat-sites.md §1.7)', () => {
  const doc = parseSavedPage(readSyntheticFixture('deepseek'));
  const url = 'https://chat.deepseek.com/a/chat/s/abc';
  const replies = findReplies(deepseek, doc, url);

  it('finds the two .ds-message replies that have a .ds-markdown, keyed by the virtual-list key', () => {
    expect(replies.map((reply) => reply.messageId)).toEqual(['item-2', 'item-4']);
  });

  it('has no done marker but the action row: the first skips the stability wait, the second needs it', () => {
    expect(replies.map((reply) => [reply.finished, reply.needsStability])).toEqual([
      [true, false],
      [true, true],
    ]);
  });

  it('drops the DeepThink reasoning and strips fbclid from links', () => {
    expect(replies[0]?.text).toBe(
      'Mount Everest is 8,849 m tall, according to the 2020 survey by China and Nepal.\n\n- It is the highest mountain above sea level.\n\nSee National Geographic.',
    );
    expect(replies[0]?.text).not.toContain('user asks');
    expect(citedUrls(replies[0] ?? { citations: [] })).toEqual([
      'https://www.nationalgeographic.com/science/article/mount-everest-height',
    ]);
    expect(replies[1]?.text).toBe('K2 is 8,611 m tall, the second-highest mountain.');
  });

  it('simulated streaming: a loading indicator makes the reply unfinished', () => {
    const loading = doc.createElement('div');
    loading.className = 'ds-loading';
    replies[1]?.element.appendChild(loading);
    expect(findReplies(deepseek, doc, url)[1]?.finished).toBe(false);
    loading.remove();
    expect(findReplies(deepseek, doc, url)[1]?.finished).toBe(true);
  });
});
