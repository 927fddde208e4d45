/**
 * Every saved page in tests/fixtures/chat/ must be covered by an adapter test. A new fixture makes
 * this fail until a test with concrete expectations is added for it (and listed here).
 */
import { describe, expect, it } from 'vitest';

import { adapterForUrl, findReplies } from '../../../../lib/sites/index';
import { listSavedChatFixtures, loadChatFixture } from '../../support/chat-fixtures';

/** Fixture → the URL it was captured on (the adapter to use) and the test file asserting its details. */
const COVERED: Record<string, { url: string; test: string }> = {
  'chatgpt/defuddle--extractor--chatgpt-citations.html': {
    url: 'https://chatgpt.com/share/x',
    test: 'chatgpt.test.ts',
  },
  'chatgpt/defuddle--extractor--chatgpt-post-thought-content.html': {
    url: 'https://chatgpt.com/share/x',
    test: 'chatgpt.test.ts',
  },
  'chatgpt/factlight--chatgpt-transcript-attribution.en.SYNTHETIC.html': {
    url: 'https://chatgpt.com/c/x',
    test: 'chatgpt.test.ts',
  },
  'chatgpt/factlight--chatgpt-transcript-attribution.zh-CN.SYNTHETIC.html': {
    url: 'https://chatgpt.com/c/x',
    test: 'chatgpt.test.ts',
  },
  'chatgpt/obsidian-ai-exporter--chat-simple.html': { url: 'https://chatgpt.com/c/x', test: 'chatgpt.test.ts' },
  'chatgpt/rashidazarang--chatgpt-transcript-2026.SYNTHETIC.html': {
    url: 'https://chatgpt.com/',
    test: 'chatgpt.test.ts',
  },
  'claude/obsidian-ai-exporter--artifacts.html': { url: 'https://claude.ai/chat/x', test: 'claude.test.ts' },
  'claude/obsidian-ai-exporter--chat-simple.html': { url: 'https://claude.ai/chat/x', test: 'claude.test.ts' },
  'gemini/obsidian-ai-exporter--chat-simple.html': { url: 'https://gemini.google.com/app/x', test: 'gemini.test.ts' },
  'perplexity/defuddle--extractor--perplexity-conversation.html': {
    url: 'https://www.perplexity.ai/search/x',
    test: 'perplexity.test.ts',
  },
  'perplexity/obsidian-ai-exporter--chat-simple.html': {
    url: 'https://www.perplexity.ai/search/x',
    test: 'perplexity.test.ts',
  },
};

describe('saved chat fixtures', () => {
  const files = listSavedChatFixtures();

  it('are all covered by a test (add expectations for any new file)', () => {
    expect(files).toEqual(Object.keys(COVERED).sort());
  });

  it.each(files)('%s: the adapter for its site finds at least one reply with text', (file) => {
    const entry = COVERED[file];
    if (!entry) throw new Error(`${file} has no entry in COVERED`);
    const adapter = adapterForUrl(entry.url);
    if (!adapter) throw new Error(`no adapter for ${entry.url}`);
    const replies = findReplies(adapter, loadChatFixture(file), entry.url);
    expect(replies.length).toBeGreaterThan(0);
    expect(replies.every((reply) => reply.text.trim().length > 0)).toBe(true);
  });
});
