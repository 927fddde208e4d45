// @vitest-environment happy-dom
/**
 * The same adapters on the same pages parsed by happy-dom (a browser-like DOM, as the content script
 * sees) and by linkedom (`npm run sites`): identical replies, text, offsets and finished states. Also
 * repeats the streaming simulation on happy-dom, since that is where attribute mutations behave like a page.
 */
import { describe, expect, it } from 'vitest';

import { claude } from '../../../../lib/sites/claude';
import { adapterForUrl, findReplies } from '../../../../lib/sites/index';
import type { Reply } from '../../../../lib/sites/types';
import { parseSavedPage } from '../../../../scripts/sites';
import { readChatFixture, readSyntheticFixture } from '../../support/chat-fixtures';

function parseHappy(html: string): Document {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const script of Array.from(doc.querySelectorAll('script'))) script.remove();
  return doc;
}

/** What must not depend on the DOM implementation. */
function summary(replies: Reply[]) {
  return replies.map(({ messageId, finished, needsStability, text, codeRanges, citations }) => ({
    messageId,
    finished,
    needsStability,
    text,
    codeRanges,
    citations,
  }));
}

const PAGES: Array<[string, string, () => string]> = [
  [
    'chatgpt classic (real)',
    'https://chatgpt.com/c/x',
    () => readChatFixture('chatgpt/obsidian-ai-exporter--chat-simple.html'),
  ],
  [
    'chatgpt citations (real)',
    'https://chatgpt.com/share/x',
    () => readChatFixture('chatgpt/defuddle--extractor--chatgpt-citations.html'),
  ],
  [
    'chatgpt transcript (synthetic)',
    'https://chatgpt.com/',
    () => readChatFixture('chatgpt/rashidazarang--chatgpt-transcript-2026.SYNTHETIC.html'),
  ],
  [
    'claude chat (real)',
    'https://claude.ai/chat/x',
    () => readChatFixture('claude/obsidian-ai-exporter--chat-simple.html'),
  ],
  [
    'claude report (real)',
    'https://claude.ai/chat/x',
    () => readChatFixture('claude/obsidian-ai-exporter--artifacts.html'),
  ],
  [
    'gemini (real)',
    'https://gemini.google.com/app/x',
    () => readChatFixture('gemini/obsidian-ai-exporter--chat-simple.html'),
  ],
  [
    'perplexity (real)',
    'https://www.perplexity.ai/search/x',
    () => readChatFixture('perplexity/obsidian-ai-exporter--chat-simple.html'),
  ],
  ['grok (synthetic)', 'https://grok.com/chat/x', () => readSyntheticFixture('grok')],
  ['deepseek (synthetic)', 'https://chat.deepseek.com/a/chat/s/x', () => readSyntheticFixture('deepseek')],
  ['copilot (synthetic)', 'https://copilot.microsoft.com/chats/x', () => readSyntheticFixture('copilot')],
  ['mistral (synthetic)', 'https://chat.mistral.ai/chat/x', () => readSyntheticFixture('mistral')],
];

describe('happy-dom and linkedom agree', () => {
  it.each(PAGES)('%s', (_name, url, read) => {
    const adapter = adapterForUrl(url);
    if (!adapter) throw new Error(`no adapter for ${url}`);
    const html = read();
    const happy = summary(findReplies(adapter, parseHappy(html), url));
    expect(happy.length).toBeGreaterThan(0);
    expect(happy).toEqual(summary(findReplies(adapter, parseSavedPage(html), url)));
  });
});

describe('simulated streaming on happy-dom (Claude)', () => {
  it('a reply flagged data-is-streaming="true" gets finished=false until the flag flips back', () => {
    const url = 'https://claude.ai/chat/x';
    const doc = parseHappy(readChatFixture('claude/obsidian-ai-exporter--chat-simple.html'));
    const wrappers = doc.querySelectorAll('div[data-is-streaming]');
    const last = wrappers[wrappers.length - 1];
    last?.setAttribute('data-is-streaming', 'true');
    expect(findReplies(claude, doc, url).at(-1)?.finished).toBe(false);
    last?.setAttribute('data-is-streaming', 'false');
    expect(findReplies(claude, doc, url).at(-1)?.finished).toBe(true);
  });
});
