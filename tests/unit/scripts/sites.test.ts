/** `scripts/sites.ts` (npm run sites), called through its exported `main`, not spawned. */
import { describe, expect, it } from 'vitest';

import { main } from '../../../scripts/sites';
import { CHAT_FIXTURES, readChatFixture } from '../support/chat-fixtures';

const PERPLEXITY = 'perplexity/obsidian-ai-exporter--chat-simple.html';

describe('npm run sites', () => {
  it('prints site, count and per reply id, finished, the first 80 characters and cited URLs', () => {
    const result = main([`${CHAT_FIXTURES}/${PERPLEXITY}`, '--url', 'https://www.perplexity.ai/search/x']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const output = JSON.parse(result.stdout) as unknown;
    expect(output).toEqual({
      site: 'perplexity',
      count: 3,
      replies: [
        {
          messageId: 'markdown-content-0',
          finished: true,
          text: 'はい。',
          citations: ['https://docs.perplexity.ai/docs/agent-api/presets'],
        },
        { messageId: 'markdown-content-1', finished: true, text: 'いいえ。', citations: [] },
        {
          messageId: 'markdown-content-2',
          finished: true,
          text: 'いくつか代表的な数式を LaTeX 形式で書きます。\n\n一次方程式の解の例\n2x + 3 = 7\n\n二次方程式の一般形と解の公式\nax^2 + bx + c =',
          citations: [],
        },
      ],
    });
  });

  it('cuts text to 80 characters and prints distinct URLs once', () => {
    const result = main(['page.html', '--url', 'https://chatgpt.com/share/x'], () =>
      readChatFixture('chatgpt/defuddle--extractor--chatgpt-citations.html'),
    );
    const output = JSON.parse(result.stdout) as { replies: Array<{ text: string; citations: string[] }> };
    expect(output.replies[0]?.text).toHaveLength(80);
    expect(output.replies[0]?.citations).toHaveLength(4);
  });

  it('--full adds the whole text, code ranges and citations with offsets', () => {
    const result = main(['page.html', '--url', 'https://chatgpt.com/', '--full'], () =>
      readChatFixture('chatgpt/rashidazarang--chatgpt-transcript-2026.SYNTHETIC.html'),
    );
    const output = JSON.parse(result.stdout) as {
      replies: Array<{ full?: { codeRanges: unknown[]; citations: unknown[] } }>;
    };
    expect(output.replies[1]?.full?.codeRanges).toEqual([{ start: 45, end: 73 }]);
    expect(output.replies[2]?.full?.citations).toHaveLength(4);
  });

  it('fails clearly for an unknown site, a page without replies, missing arguments or an unreadable file', () => {
    const html = () => '<html><body><p>Nothing here</p></body></html>';
    const unknown = main(['page.html', '--url', 'https://example.com/'], html);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('No chat-site adapter matches https://example.com/');
    const empty = main(['page.html', '--url', 'https://chatgpt.com/c/1'], html);
    expect(empty).toMatchObject({ code: 2, stdout: '' });
    expect(empty.stderr).toContain('No ChatGPT replies found');
    expect(main(['page.html'], html)).toMatchObject({
      code: 2,
      stderr: 'Usage: npm run sites -- FILE.html --url URL [--full]',
    });
    const missing = main(['/nonexistent/page.html', '--url', 'https://chatgpt.com/']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read /nonexistent/page.html');
  });
});
