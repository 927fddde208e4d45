/**
 * Perplexity adapter on tests/fixtures/chat/perplexity/: a real three-answer thread (citation pill,
 * KaTeX) and defuddle's synthetic conversation (injected controls, a "Prepared by … Thinking" line, an
 * invalid `javascript:` citation).
 */
import { describe, expect, it } from 'vitest';

import { findReplies, findScrollRoot } from '../../../../lib/sites/find-replies';
import { perplexity } from '../../../../lib/sites/perplexity';
import { loadChatFixture, occurrences } from '../../support/chat-fixtures';

const URL = 'https://www.perplexity.ai/search/test-abc';

describe('Perplexity, obsidian-ai-exporter--chat-simple.html (real, Feb 2026)', () => {
  const doc = loadChatFixture('perplexity/obsidian-ai-exporter--chat-simple.html');
  const replies = findReplies(perplexity, doc, URL);

  it('finds three answers, finished (action row after each answer)', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['markdown-content-0', true],
      ['markdown-content-1', true],
      ['markdown-content-2', true],
    ]);
    expect(findScrollRoot(perplexity, doc)?.classList.contains('scrollable-container')).toBe(true);
  });

  it('drops the pill label and records the pill with the source title from its wrapper', () => {
    expect(replies[0]?.text).toBe('はい。');
    expect(replies[0]?.citations).toEqual([
      {
        url: 'https://docs.perplexity.ai/docs/agent-api/presets',
        title: 'Presets - Perplexity',
        start: 3,
        end: 3,
        kind: 'pill',
      },
    ]);
    expect(replies[1]?.text).toBe('いいえ。');
  });

  it('keeps one copy of each formula', () => {
    const math = replies[2]?.text ?? '';
    expect(math.startsWith('いくつか代表的な数式を LaTeX 形式で書きます。\n\n一次方程式の解の例\n2x + 3 = 7')).toBe(
      true,
    );
    expect(occurrences(math, 'ax^2 + bx + c = 0')).toBe(1);
    expect(math).not.toMatch(/2x\+3=7|ax2\+bx/);
  });

  it('simulated streaming: the Stop button holds back the last answer only', () => {
    const stop = doc.createElement('button');
    stop.setAttribute('aria-label', 'Stop');
    doc.body.appendChild(stop);
    expect(findReplies(perplexity, doc, URL).map((reply) => reply.finished)).toEqual([true, true, false]);
    stop.remove();
    expect(findReplies(perplexity, doc, URL)[2]?.finished).toBe(true);
  });

  it('without the (English) action labels, any button after the answer still marks it done', () => {
    const labelled = Array.from(
      doc.querySelectorAll('button[aria-label="Copy"], button[aria-label="Rewrite"], button[aria-label="Helpful"]'),
    );
    for (const button of labelled) button.setAttribute('aria-label', 'Kopieren');
    expect(findReplies(perplexity, doc, URL).every((reply) => reply.finished)).toBe(true);
    for (const button of labelled) button.setAttribute('aria-label', 'Copy');
  });
});

describe('Perplexity, defuddle--extractor--perplexity-conversation.html (synthetic)', () => {
  const replies = findReplies(
    perplexity,
    loadChatFixture('perplexity/defuddle--extractor--perplexity-conversation.html'),
    URL,
  );

  it('finds two answers; with no action row in this page they are not finished', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['markdown-content-0', false],
      ['markdown-content-1', false],
    ]);
  });

  it('drops injected controls, buttons, pill labels and the "Prepared by … Thinking" line; fences the code', () => {
    const first = replies[0];
    expect(first?.text).toBe(
      'Start with an incremental parser.\n\nChecklist\n\n- Preserve incomplete tokens\n- Render stable blocks\n\n```\nparser.write(chunk);\n```',
    );
    expect(first?.codeRanges).toEqual([{ start: 99, end: 127 }]);
    expect(first?.text.slice(99, 127)).toBe('```\nparser.write(chunk);\n```');
    expect(first?.citations).toEqual([
      { url: 'https://example.com/parser', title: 'Example Docs', start: 33, end: 33, kind: 'pill' },
    ]);
    for (const reply of replies)
      expect(reply.text).not.toMatch(
        /Injected extension control|Copy answer|Prepared by|Example Docs|\+2|Search input|Follow-up/,
      );
  });

  it('keeps distinct sources, no space before the full stop after a pill, and never a javascript: URL', () => {
    const second = replies[1];
    expect(second?.text).toBe(
      'Convert citation pills to footnotes and keep distinct sources.\n\nAn invalid citation keeps its visible label: Unsafe label.',
    );
    expect(second?.citations).toEqual([
      { url: 'https://example.com/parser', title: 'Example Docs', start: 35, end: 35, kind: 'pill' },
      { url: 'https://example.org/spec', title: 'Spec & Guide', start: 61, end: 61, kind: 'pill' },
    ]);
  });
});
