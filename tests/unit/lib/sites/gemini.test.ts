/**
 * Gemini adapter on the real capture in tests/fixtures/chat/gemini/ (ja-JP, Feb 2026): three replies,
 * a localized hidden heading, an empty thinking container, KaTeX with the TeX in `data-math`.
 */
import { describe, expect, it } from 'vitest';

import { findReplies, findScrollRoot } from '../../../../lib/sites/find-replies';
import { gemini } from '../../../../lib/sites/gemini';
import { loadChatFixture, occurrences } from '../../support/chat-fixtures';

const URL = 'https://gemini.google.com/app/6cc71b18a6f630bb';

describe('Gemini, obsidian-ai-exporter--chat-simple.html (real, ja-JP, Feb 2026)', () => {
  const doc = loadChatFixture('gemini/obsidian-ai-exporter--chat-simple.html');
  const replies = findReplies(gemini, doc, URL);

  it('finds three model-response replies keyed by their message-content id, finished', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['r_6cc71b18a6f630bb', true],
      ['r_8ddc76bba1b10837', true],
      ['r_ede2567df08975b4', true],
    ]);
    expect(replies.every((reply) => reply.element.tagName === 'MODEL-RESPONSE')).toBe(true);
    expect(findScrollRoot(gemini, doc)?.getAttribute('data-test-id')).toBe('chat-history-container');
  });

  it('extracts clean text: no hidden "Gemini の回答" heading, no action labels, math once', () => {
    expect(replies[0]?.text).toBe('はい');
    expect(replies[1]?.text).toBe('いいえ');
    const math = replies[2]?.text ?? '';
    expect(
      math.startsWith(
        '承知いたしました。いくつか代表的な数式を LaTeX 形式で表示します。\n\n物理学・数学の主要な数式\n\n- アインシュタインの質能等価性:\nE = mc^2\n',
      ),
    ).toBe(true);
    expect(occurrences(math, 'E = mc^2')).toBe(1);
    expect(math).toContain('x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}');
    expect(math).not.toMatch(/E=mc2|−b±/);
    expect(math.endsWith('他にご希望の特定の分野（統計学、行列、微積分など）の数式はありますか？')).toBe(true);
    for (const reply of replies) {
      expect(reply.text).not.toMatch(/Gemini の回答|content_copy|thumb_up|more_vert/);
      expect(reply.citations).toEqual([]);
      expect(reply.codeRanges).toEqual([]);
    }
  });

  it('simulated streaming: aria-busy="true" on the panel, or a footer without .complete, is not finished', () => {
    const panel = replies[2]?.element.querySelector('.markdown-main-panel');
    panel?.setAttribute('aria-busy', 'true');
    expect(findReplies(gemini, doc, URL).map((reply) => reply.finished)).toEqual([true, true, false]);
    panel?.setAttribute('aria-busy', 'false');
    expect(findReplies(gemini, doc, URL)[2]?.finished).toBe(true);

    const footer = replies[2]?.element.querySelector('.response-footer');
    const actions = replies[2]?.element.querySelector('message-actions');
    const actionsParent = actions?.parentElement;
    footer?.classList.remove('complete');
    actions?.remove();
    expect(findReplies(gemini, doc, URL)[2]?.finished).toBe(false);
    footer?.classList.add('complete');
    if (actions) actionsParent?.appendChild(actions);
    expect(findReplies(gemini, doc, URL)[2]?.finished).toBe(true);
  });
});
