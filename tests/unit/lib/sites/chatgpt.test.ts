/**
 * ChatGPT adapter on the real and synthetic captures in tests/fixtures/chat/chatgpt/: classic UI
 * (article/section turns, pills, Deep Research text fragments, KaTeX, a turn split around "Thought for
 * 12s") and the 2026 transcript UI (JSON source payloads, code, math, streaming by attribute).
 */
import { describe, expect, it } from 'vitest';

import { chatgpt } from '../../../../lib/sites/chatgpt';
import { citedUrls, findReplies, findScrollRoot } from '../../../../lib/sites/find-replies';
import { loadChatFixture, occurrences } from '../../support/chat-fixtures';

const URL = 'https://chatgpt.com/c/6ab6d1b4';

describe('ChatGPT classic UI, obsidian-ai-exporter--chat-simple.html (real, ja-JP, Feb 2026)', () => {
  const doc = loadChatFixture('chatgpt/obsidian-ai-exporter--chat-simple.html');
  const replies = findReplies(chatgpt, doc, URL);

  it('finds the six assistant turns, all finished, keyed by data-message-id', () => {
    expect(replies.map((reply) => reply.messageId)).toEqual([
      'd6c3824e-9c23-4bfe-b8fb-9127dfc0ee9a',
      '000c2552-861d-4a46-917c-beb81415a068',
      '03ca1a20-dc8e-49a9-a943-f48dfa599055',
      '0e7af98a-04ed-433f-a575-f0654453d7e9',
      'e9b10b50-9f02-4633-a390-7d4832f4ff5e',
      '98f8721a-b004-4b08-86b2-e70e973de347',
    ]);
    expect(replies.every((reply) => reply.finished && !reply.needsStability)).toBe(true);
    expect(replies.every((reply) => reply.element.getAttribute('data-turn') === 'assistant')).toBe(true);
  });

  it('extracts clean text without the hidden label or the Deep Research status line', () => {
    expect(replies[0]?.text).toBe('はい');
    expect(replies[1]?.text).toBe('いいえ');
    expect(replies[3]?.text).toBe(
      '了解しました。ChatGPT が提供する主な機能について簡潔にまとめたリサーチを行います。完了次第ご報告いたしますので、その間もご自由にお話しください。',
    );
    for (const reply of replies) {
      expect(reply.text).not.toContain('ChatGPT said');
      expect(reply.text).not.toContain('Research completed');
      expect(reply.text).not.toContain('QuillBot');
    }
  });

  it('collects the 32 Deep Research pills with their positions and #:~:text= quotes, without pill labels', () => {
    const research = replies[4];
    expect(research?.text.startsWith('ChatGPTの機能概要\n\nChatGPTは会話形式のAIアシスタントで')).toBe(true);
    expect(research?.text).not.toContain('help.openai.com');
    expect(research?.citations).toHaveLength(32);
    expect(citedUrls(research ?? { citations: [] })).toEqual([
      'https://help.openai.com/en/articles/9260256-chatgpt-capabilities-overview',
      'https://openai.com/index/gpt-4-research/',
      'https://openai.com/index/hello-gpt-4o/',
    ]);
    const first = research?.citations[0];
    expect(first).toMatchObject({ title: 'help.openai.com', quote: 'concepts', kind: 'pill' });
    expect(first?.start).toBe(first?.end);
    // The pill sits right after "…多様なタスクに対応します", before the full stop.
    expect(research?.text.slice(0, first?.start).endsWith('多様なタスクに対応します')).toBe(true);
    expect(research?.citations[1]?.quote).toBe('It understands natural language and … 2 Learn more');
    expect(
      research?.citations.some((citation) => citation.quote === 'GPT‑4 can accept a prompt … opens in a new window'),
    ).toBe(true);
  });

  it('keeps one copy of each KaTeX formula (the TeX source)', () => {
    const math = replies[5]?.text ?? '';
    expect(math.startsWith('はい、数式を表現できます。いくつか例を示します。')).toBe(true);
    expect(occurrences(math, 'ax + b = 0')).toBe(1);
    expect(math).not.toContain('ax+b=0');
    expect(occurrences(math, 'x = \\dfrac{-b \\pm \\sqrt{b^2 - 4ac}}{2a}')).toBe(1);
    expect(math).not.toContain('−b±');
    expect(math).toContain('- 一次方程式：\nax + b = 0');
  });

  it('finds the scroll root and turns the stop button into "last reply streaming"', () => {
    expect(findScrollRoot(chatgpt, doc)?.hasAttribute('data-scroll-root')).toBe(true);
    const stop = doc.createElement('button');
    stop.setAttribute('data-testid', 'stop-button');
    doc.body.appendChild(stop);
    const streaming = findReplies(chatgpt, doc, URL);
    expect(streaming.map((reply) => reply.finished)).toEqual([true, true, true, true, true, false]);
    stop.remove();
    expect(findReplies(chatgpt, doc, URL).every((reply) => reply.finished)).toBe(true);
  });

  it('reports a turn without its action bar as not finished', () => {
    const last = replies[5]?.element;
    const actions = Array.from(last?.querySelectorAll('[data-testid$="-turn-action-button"]') ?? []);
    const parents = actions.map((button) => [button, button.parentElement] as const);
    for (const [button] of parents) button.remove();
    expect(findReplies(chatgpt, doc, URL)[5]?.finished).toBe(false);
    for (const [button, parent] of parents) parent?.appendChild(button);
    expect(findReplies(chatgpt, doc, URL)[5]?.finished).toBe(true);
  });
});

describe('ChatGPT classic UI, defuddle--extractor--chatgpt-citations.html (real, trimmed, Jun 2026)', () => {
  const [reply, ...others] = findReplies(
    chatgpt,
    loadChatFixture('chatgpt/defuddle--extractor--chatgpt-citations.html'),
    URL,
  );

  it('maps the assistant message of a section turn without data-turn to its turn', () => {
    expect(others).toHaveLength(0);
    expect(reply?.messageId).toBe('conversation-turn-2');
    expect(reply?.element.tagName).toBe('SECTION');
    expect(reply?.finished).toBe(true);
  });

  it('extracts headings, lists and the table as lines, with no pill labels or button text', () => {
    const text = reply?.text ?? '';
    expect(
      text.startsWith("For a bedroom air purifier, the most important thing is not the brand name—it's whether"),
    ).toBe(true);
    expect(text).toContain('(≈220 m³/h).\n\nRule of thumb: Buy slightly larger than you need.');
    expect(text).toContain(
      'If your main concern is:\n\n- Allergies\n- Pet dander\n- Dust\n- Pollen\n\nthen HEPA filtration',
    );
    expect(text).toContain('Bedroom-focused | Yes | Yes | Yes');
    expect(text).toContain('1. your bedroom size (m²),\n2. whether you have allergies');
    expect(text).not.toMatch(/US EPA|WIRED|TechRadar|\+\d|Sources|ChatGPT said|You said/);
    expect(text.endsWith('I can narrow it down to the most suitable models for your specific room.')).toBe(true);
  });

  it('collects the nine pills with utm_source stripped, titles, and the offset after the sentence they support', () => {
    expect(reply?.citations).toHaveLength(9);
    expect(citedUrls(reply ?? { citations: [] })).toEqual([
      'https://www.epa.gov/indoor-air-quality-iaq/guide-air-cleaners-home',
      'https://www.epa.gov/indoor-air-quality-iaq/what-hepa-filter',
      'https://www.wired.com/story/youre-probably-using-your-air-purifier-wrong',
      'https://www.techradar.com/home/air-quality/how-to-choose-an-air-purifier-for-hay-fever',
    ]);
    expect(reply?.citations.map((citation) => citation.title)).toEqual([
      'US EPA',
      'US EPA',
      'US EPA',
      'US EPA',
      'US EPA',
      'WIRED',
      'US EPA',
      'TechRadar',
      'US EPA',
    ]);
    const wired = reply?.citations[5];
    expect(reply?.text.slice(0, wired?.start).endsWith('louder unit with a slightly higher CADR.')).toBe(true);
  });
});

describe('ChatGPT classic UI, defuddle--extractor--chatgpt-post-thought-content.html (synthetic)', () => {
  const replies = findReplies(
    chatgpt,
    loadChatFixture('chatgpt/defuddle--extractor--chatgpt-post-thought-content.html'),
    URL,
  );

  it('merges the two messages of one turn and drops the "Thought for 12s" control', () => {
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toBe(
      'Start with a simple checklist before choosing the location.\n\n' +
        'Pick a nearby park, check the weather, and choose food that travels well.\n\n' +
        'Bring water, napkins, a blanket, and a small bag for cleanup.',
    );
    expect(replies[0]?.text).not.toContain('Thought for');
  });

  it('is not finished: the capture has no action bar (done marker)', () => {
    expect(replies[0]?.finished).toBe(false);
  });
});

describe('ChatGPT transcript UI, rashidazarang--chatgpt-transcript-2026.SYNTHETIC.html', () => {
  const doc = loadChatFixture('chatgpt/rashidazarang--chatgpt-transcript-2026.SYNTHETIC.html');
  const replies = findReplies(chatgpt, doc, 'https://chatgpt.com/');

  it('finds the three assistant items by li id, finished by data-message-complete', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['4cd72cd1-d384-4f86-90f0-0f89cfd040cb', true],
      ['9d3c1b7e-2f4a-4c55-8e2d-6b1a0c9e7f33', true],
      ['84b113bf-a45b-4cb2-85fe-04ab422cede0', true],
    ]);
    expect(findScrollRoot(chatgpt, doc)?.hasAttribute('data-swipable-detail-body')).toBe(true);
  });

  it('extracts lists, a fenced code block with its range, the table, and math once', () => {
    const reply = replies[1];
    expect(reply?.text).toBe(
      'Test\n\n- Bold\n- Item two\n\n1. First\n2. Second\n\n```python\nprint("hello")\n```\n\nA | B\n1 | 2\n\n' +
        'Inline math: E=mc^2\n\na+b\n\nBlockquote\n\nExample',
    );
    expect(reply?.codeRanges).toHaveLength(1);
    const code = reply?.codeRanges[0];
    expect(reply?.text.slice(code?.start, code?.end)).toBe('```python\nprint("hello")\n```');
    expect(reply?.citations).toEqual([
      { url: 'https://example.com/', title: 'Example', start: 126, end: 133, kind: 'link' },
    ]);
    expect(reply?.text.slice(126, 133)).toBe('Example');
    expect(reply?.text).not.toMatch(/ChatGPT said|Copy code|Copy table/);
  });

  it('reads the JSON source payloads, keeps url-reference titles as text and drops javascript: URLs', () => {
    const reply = replies[2];
    expect(reply?.text).toBe('The current release is v26.10.0.\n\nSee Official Node.js releases for the schedule.');
    expect(reply?.citations).toEqual([
      {
        url: 'https://nodejs.org/en/download/archive/v26.10.0',
        title: 'Node.js — Run JavaScript Everywhere',
        start: 32,
        end: 32,
        kind: 'pill',
      },
      {
        url: 'https://nodejs.org/en/about/previous-releases',
        title: 'Node.js — Node.js Releases',
        start: 32,
        end: 32,
        kind: 'pill',
      },
      {
        url: 'https://nodejs.org/en/about/previous-releases',
        title: 'Official Node.js releases',
        start: 38,
        end: 63,
        kind: 'link',
      },
      {
        url: 'https://nodejs.org/en/download/archive/v26.10.0',
        title: 'Node.js — Run JavaScript Everywhere',
        start: 81,
        end: 81,
        kind: 'pill',
      },
    ]);
    expect(JSON.stringify(reply?.citations)).not.toContain('javascript:');
    expect(reply?.text).not.toMatch(/nodejs\.org|Sources/);
  });

  it('simulated streaming: a pending item with data-message-streaming, or the stop button, is not finished until done', () => {
    const li = replies[2]?.element;
    if (!li) throw new Error('no reply');
    li.setAttribute('id', 'pending-84b113bf-a45b-4cb2-85fe-04ab422cede0');
    li.setAttribute('data-message-streaming', '');
    li.removeAttribute('data-message-complete');
    expect(findReplies(chatgpt, doc, 'https://chatgpt.com/').map((reply) => reply.finished)).toEqual([
      true,
      true,
      false,
    ]);
    li.removeAttribute('data-message-streaming');
    expect(findReplies(chatgpt, doc, 'https://chatgpt.com/')[2]?.finished).toBe(false); // no done marker yet
    li.setAttribute('id', '84b113bf-a45b-4cb2-85fe-04ab422cede0');
    li.setAttribute('data-message-complete', '');
    const submit = doc.createElement('button');
    submit.setAttribute('data-composer-submit', '');
    submit.setAttribute('data-stop-generating', '');
    doc.body.appendChild(submit);
    expect(findReplies(chatgpt, doc, 'https://chatgpt.com/')[2]?.finished).toBe(false);
    submit.remove();
    const restored = findReplies(chatgpt, doc, 'https://chatgpt.com/');
    expect(restored[2]).toMatchObject({ finished: true, messageId: '84b113bf-a45b-4cb2-85fe-04ab422cede0' });
  });
});

describe.each([
  {
    file: 'chatgpt/factlight--chatgpt-transcript-attribution.en.SYNTHETIC.html',
    labels: /ChatGPT said|You said|Copy|Share|NobelPrize\.org|nobelprize\.org/,
    texts: [
      'The Eiffel Tower was completed in 1889 and stands in Paris. It is about 330 metres tall.\n\n' +
        'Mount Everest is the highest mountain on Earth, at 8,849 metres.',
      'Marie Curie\n\nMarie Curie won two Nobel Prizes, in physics and in chemistry. She was the first woman to win ' +
        'one.\n\n- Physics in 1903, shared with Pierre Curie and Henri Becquerel.\n- Chemistry in 1911, on her own.' +
        '\n\nSee her Nobel biography for more.',
    ],
  },
  {
    file: 'chatgpt/factlight--chatgpt-transcript-attribution.zh-CN.SYNTHETIC.html',
    labels: /ChatGPT 说|你说|复制|分享|维基百科/,
    texts: [
      '向量召回就是把查询和候选内容转换成向量，通过计算向量相似度快速找出语义最相关的内容。',
      '埃菲尔铁塔于1889年建成，位于巴黎。它高约330米。\n\n1. 它是为1889年世界博览会建造的。\n2. 直到1930年，它都是世界上最高的建筑物。',
    ],
  },
])('ChatGPT transcript UI with the attribution heading, $file', ({ file, labels, texts }) => {
  const doc = loadChatFixture(file);
  const replies = findReplies(chatgpt, doc, 'https://chatgpt.com/c/6ac003a8');

  it('reads both replies without the heading, the placeholder slot, pill labels or buttons', () => {
    expect(replies.map((reply) => [reply.messageId, reply.finished])).toEqual([
      ['3e473e6b-c99d-4d25-b2a0-9fa93bc96283', true],
      ['84b113bf-a45b-4cb2-85fe-04ab422cede0', true],
    ]);
    expect(replies.map((reply) => reply.text)).toEqual(texts);
    for (const reply of replies) expect(reply.text).not.toMatch(labels);
    // The heading is there, in the reply's element, right before its text: what the page side must step over.
    expect(replies[0]?.element.firstElementChild?.matches('h4[data-message-attribution]')).toBe(true);
    expect(replies[0]?.element.querySelector('span[aria-hidden][data-assistant-placeholder-slot]')).not.toBeNull();
  });

  it('cites the pill after the sentence it supports', () => {
    const [pill] = replies[1]?.citations ?? [];
    expect(pill?.kind).toBe('pill');
    expect(replies[1]?.text.slice(0, pill?.start)).toMatch(/(chemistry\.|330米。)$/);
  });
});
