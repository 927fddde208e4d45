/**
 * The adapter registry: URL dispatch, match patterns, every adapter's declared roles, and the house rules
 * for lib/sites (small files, JSDoc'd, no innerHTML, no `any`, a Test URLs block).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { adapterForUrl, CHAT_SITE_MATCHES, matchesPattern, SITE_ADAPTERS } from '../../../../lib/sites/index';

const SITES_DIR = fileURLToPath(new URL('../../../../lib/sites/', import.meta.url));

describe('adapterForUrl', () => {
  it.each([
    ['https://chatgpt.com/c/6ab6d1b4', 'chatgpt'],
    ['https://chat.openai.com/c/1', 'chatgpt'],
    ['https://claude.ai/chat/x', 'claude'],
    ['https://gemini.google.com/app/abc', 'gemini'],
    ['https://www.perplexity.ai/search/x', 'perplexity'],
    ['https://perplexity.ai/search/x', 'perplexity'],
    ['https://copilot.microsoft.com/chats/x', 'copilot'],
    ['https://chat.deepseek.com/a/chat/s/x', 'deepseek'],
    ['https://grok.com/chat/x?rid=1', 'grok'],
    ['https://chat.mistral.ai/chat/x', 'mistral'],
  ])('%s → %s', (url, id) => {
    expect(adapterForUrl(url)?.id).toBe(id);
  });

  it('returns null for other sites, look-alike hosts, other schemes and garbage', () => {
    for (const url of [
      'https://example.com/',
      'https://chatgpt.com.evil.example/',
      'http://chatgpt.com/',
      'file:///tmp/chatgpt.html',
      'not a url',
    ]) {
      expect(adapterForUrl(url)).toBeNull();
    }
  });
});

describe('matchesPattern', () => {
  it('implements scheme, host wildcard and path globs', () => {
    expect(matchesPattern('*://*.example.com/*', new URL('http://a.b.example.com/x'))).toBe(true);
    expect(matchesPattern('*://*.example.com/*', new URL('https://example.com/'))).toBe(true);
    expect(matchesPattern('*://*.example.com/*', new URL('https://badexample.com/'))).toBe(false);
    expect(matchesPattern('https://a.example/app/*', new URL('https://a.example/other'))).toBe(false);
    expect(matchesPattern('https://a.example/app/*', new URL('https://a.example/app/1?x=2'))).toBe(true);
    expect(matchesPattern('<all_urls>', new URL('https://a.example/'))).toBe(false);
  });
});

describe('adapters', () => {
  it('one per site, each with match patterns, reply and body selectors and a completion rule', () => {
    expect(SITE_ADAPTERS.map((adapter) => adapter.id)).toEqual([
      'chatgpt',
      'claude',
      'gemini',
      'perplexity',
      'copilot',
      'deepseek',
      'grok',
      'mistral',
    ]);
    for (const adapter of SITE_ADAPTERS) {
      expect(adapter.matches.length).toBeGreaterThan(0);
      expect(adapter.selectors.reply.length).toBeGreaterThan(0);
      expect(adapter.selectors.body.length).toBeGreaterThan(0);
      expect(adapter.selectors.scrollRoot.length).toBeGreaterThan(0);
      expect(adapter.selectors.links.length).toBeGreaterThan(0);
      // A marker site without markers could never finish a reply.
      if (adapter.completion === 'marker') expect(adapter.selectors.done.length).toBeGreaterThan(0);
      // Without either, a stability site could not hold a streaming reply back.
      expect(
        adapter.selectors.streaming.length + adapter.selectors.stop.length + adapter.selectors.done.length,
      ).toBeGreaterThan(0);
    }
    expect(CHAT_SITE_MATCHES).toContain('https://chatgpt.com/*');
  });
});

describe('lib/sites house rules', () => {
  const files = readdirSync(SITES_DIR).filter((name) => name.endsWith('.ts'));
  const sources = files.map((name) => [name, readFileSync(join(SITES_DIR, name), 'utf8')] as const);

  it('files are small and never use innerHTML or `any`', () => {
    for (const [name, source] of sources) {
      expect(source.split('\n').length, name).toBeLessThan(250);
      expect(source, name).not.toMatch(/innerHTML|insertAdjacentHTML|outerHTML\s*=/);
      expect(source, name).not.toMatch(/:\s*any\b|\bas any\b|<any>/);
    }
  });

  it('every site adapter file ends with a "Test URLs / How to test" block', () => {
    for (const adapter of SITE_ADAPTERS) {
      const source = sources.find(([name]) => name === `${adapter.id}.ts`)?.[1] ?? '';
      const tail = source.trimEnd().split('\n').slice(-20).join('\n');
      expect(tail, adapter.id).toContain('Test URLs / How to test');
      expect(source.trimEnd().endsWith('*/'), adapter.id).toBe(true);
    }
  });
});
