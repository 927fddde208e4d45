/**
 * Claude adapter on the real captures in tests/fixtures/chat/claude/: a seven-turn chat with tool-use
 * summaries, a research answer and KaTeX, and a research report (`#markdown-artifact`) with 23 source pills.
 */
import { describe, expect, it } from 'vitest';

import { claude } from '../../../../lib/sites/claude';
import { citedUrls, findReplies, findScrollRoot } from '../../../../lib/sites/find-replies';
import { loadChatFixture, occurrences } from '../../support/chat-fixtures';

const URL = 'https://claude.ai/chat/0b1e6c1a';

describe('Claude, obsidian-ai-exporter--chat-simple.html (real, Feb 2026)', () => {
  const doc = loadChatFixture('claude/obsidian-ai-exporter--chat-simple.html');
  const replies = findReplies(claude, doc, URL);

  it('finds the seven replies, finished (data-is-streaming="false" + action bar), with distinct text-derived ids', () => {
    expect(replies).toHaveLength(7);
    expect(replies.every((reply) => reply.finished)).toBe(true);
    expect(new Set(replies.map((reply) => reply.messageId)).size).toBe(7);
    expect(replies.every((reply) => /^claude-t[0-9a-z]+$/.test(reply.messageId))).toBe(true);
    expect(findScrollRoot(claude, doc)?.classList.contains('overflow-y-scroll')).toBe(true);
  });

  it('ids are stable across scans (they key per-reply state)', () => {
    expect(findReplies(claude, doc, URL).map((reply) => reply.messageId)).toEqual(
      replies.map((reply) => reply.messageId),
    );
  });

  it('reads only the markdown blocks: no tool-use summaries, research status or user text', () => {
    expect(replies[0]?.text).toBe('はい');
    expect(replies[1]?.text).toBe('いいえ');
    expect(replies[2]?.text).toBe(
      'Claude Code の概要をまとめた artifact を作成しました。VSCode 拡張機能のバージョン問題についても注記を入れておきました。',
    );
    expect(
      replies[3]?.text.startsWith(
        'Claude Code の概要について調査を始めます。いくつか確認させてください：\n\n1. 調査の深さ: ',
      ),
    ).toBe(true);
    expect(replies[4]?.text).toBe(
      '了解しました。素人向けに Claude Code の基本的な機能概要を調査します。\n\nClaude Codeに関する調査レポートが完成しました。' +
        'AIプログラミングアシスタントの概要、主な機能（コード作成・バグ修正・Git操作など）、3ステップの導入方法、おすすめの利用シーン、料金プラン（月額$20〜）の比較表を含んでいます。',
    );
    for (const reply of replies) {
      expect(reply.text).not.toMatch(
        /Created a file|Presented file|Research complete|108 sources|Claude Code research|Retry|Copy/,
      );
      expect(reply.citations).toEqual([]);
    }
  });

  it('keeps one copy of each KaTeX formula', () => {
    const math = replies[6]?.text ?? '';
    expect(math.startsWith('はい、チャット上でも数式を表示できます。')).toBe(true);
    expect(occurrences(math, 'x = \\frac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}')).toBe(1);
    expect(math).toContain('\n\ne^{i\\pi} + 1 = 0\n\n');
    expect(math).toContain('質量エネルギー等価式 E = mc^2 や');
    expect(math).not.toMatch(/−b±|eiπ\+1=0/);
  });

  it('simulated streaming: data-is-streaming="true" is not finished; "false" again is', () => {
    const wrapper = replies[6]?.element;
    wrapper?.setAttribute('data-is-streaming', 'true');
    expect(findReplies(claude, doc, URL).map((reply) => reply.finished)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
    wrapper?.setAttribute('data-is-streaming', 'false');
    expect(findReplies(claude, doc, URL).every((reply) => reply.finished)).toBe(true);
  });
});

describe('Claude, obsidian-ai-exporter--artifacts.html (real research report, Jan 2026)', () => {
  const [report, ...others] = findReplies(claude, loadChatFixture('claude/obsidian-ai-exporter--artifacts.html'), URL);

  it('finds the report panel as one finished reply', () => {
    expect(others).toHaveLength(0);
    expect(report?.element.id).toBe('markdown-artifact');
    expect(report?.finished).toBe(true);
    expect(
      report?.text.startsWith(
        'Claude Code：AI がプログラミングを手伝ってくれるツール\n\nClaude Code は、Anthropic が開発した「AI プログラミングアシスタント」です。',
      ),
    ).toBe(true);
    expect(report?.text).toContain('プラン名 | 月額料金 | 特徴\nPro | $20（約3,000円） | ');
  });

  it('collects all 23 source pills at their offsets, labels ("Anthropic +2") out of the text', () => {
    expect(report?.citations).toHaveLength(23);
    expect(report?.citations.every((citation) => citation.kind === 'pill' && citation.start === citation.end)).toBe(
      true,
    );
    expect(report?.text).not.toMatch(/\+\d/);
    expect(citedUrls(report ?? { citations: [] })).toEqual([
      'https://support.anthropic.com/en/articles/8325610-how-much-does-claude-pro-cost',
      'https://support.anthropic.com/en/articles/11145838-using-claude-code-with-your-max-plan',
      'https://docs.anthropic.com/en/docs/claude-code/overview',
      'https://code.claude.com/docs/en/overview',
      'https://github.com/anthropics/claude-code',
      'https://www.anthropic.com/engineering/claude-code-best-practices',
      'https://docs.anthropic.com/en/docs/claude-code/quickstart',
      'https://www.axios.com/2026/01/07/anthropics-claude-code-vibe-coding',
      'https://www-cdn.anthropic.com/58284b19e702b49db9302d5b6f135ad8871e7658.pdf',
      'https://www.braingrid.ai/blog/claude-code-pricing',
      'https://support.anthropic.com/en/articles/11845131-using-claude-code-with-your-team-or-enterprise-plan',
      'https://blog.promptlayer.com/claude-code-pricing-how-to-save-money/',
    ]);
    const first = report?.citations[0];
    expect(first?.title).toBe('Anthropic');
    expect(report?.text.slice(0, first?.start).endsWith('有料プラン（月額 $20 から）に加入することで利用でき、')).toBe(
      true,
    );
    expect(report?.citations.find((citation) => citation.url.startsWith('https://github.com/'))?.title).toBe('GitHub');
  });
});
