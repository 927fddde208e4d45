/**
 * Adapters for sites with no real capture in tests/fixtures/chat/ (Copilot, Mistral) or none copied
 * there (DeepSeek, Grok), on SYNTHETIC pages in tests/fixtures/chat/synthetic/ written from the structure
 * notes in ../shared/docs/chat-sites.md §1.6–1.9. They prove the adapters' logic, not that the live
 * sites still look like this.
 */
import { describe, expect, it } from 'vitest';
import { copilot } from '../../../../lib/sites/copilot';
import { deepseek } from '../../../../lib/sites/deepseek';
import { citedUrls, findReplies } from '../../../../lib/sites/find-replies';
import { grok } from '../../../../lib/sites/grok';
import { mistral } from '../../../../lib/sites/mistral';
import { parseSavedPage } from '../../../../scripts/sites';
import { readSyntheticFixture } from '../../support/chat-fixtures';

describe('Grok (synthetic, from chat-sites.md §1.8)', () => {
  const doc = parseSavedPage(readSyntheticFixture('grok'));
  const url = 'https://grok.com/chat/abc';
  const replies = findReplies(grok, doc, url);

  it('finds Grok\'s two replies (items-start), not the user\'s, keyed by the response- id', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['7c9d2e4f-1a3b-4c5d-8e6f-2a1b3c4d5e02', true],
      ['9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c04', true],
    ]);
  });

  it('extracts text and links, fences code without its header, and drops the action row', () => {
    expect(replies[0]?.text).toBe('Water boils at 100 °C (212 °F) at sea level, as the boiling point article explains.\n\nAt higher altitude it boils at a lower temperature.');
    expect(replies[0]?.citations).toEqual([{ url: 'https://en.wikipedia.org/wiki/Boiling_point', title: 'boiling point article', start: 52, end: 73, kind: 'link' }]);
    expect(replies[1]?.text).toBe('Here is a one-liner:\n\n```python\nboiling_point_c = 100\nprint(boiling_point_c)\n```\n\nIt prints 100.');
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
    expect(replies[0]?.text).toBe('Mount Everest is 8,849 m tall, according to the 2020 survey by China and Nepal.\n\n- It is the highest mountain above sea level.\n\nSee National Geographic.');
    expect(replies[0]?.text).not.toContain('user asks');
    expect(citedUrls(replies[0] ?? { citations: [] })).toEqual(['https://www.nationalgeographic.com/science/article/mount-everest-height']);
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
    expect(replies[0]?.text).toBe('Jane Austen wrote Pride and Prejudice. It was first published in 1813.\n\n1. It was her second published novel.\n2. It appeared anonymously.\n\nMore at Britannica.');
    expect(replies[0]?.text).not.toMatch(/Copilot said|Copy|Read aloud|Who wrote/);
    expect(replies[0]?.citations).toEqual([{ url: 'https://www.britannica.com/topic/Pride-and-Prejudice?ref=x', title: 'Britannica', start: 147, end: 157, kind: 'link' }]);
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
