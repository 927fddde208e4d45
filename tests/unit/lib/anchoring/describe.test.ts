// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';

import { anchor, locate } from '../../../../lib/anchoring/anchor';
import { captureSelection, describeRange, describeText, rangeForSubspan } from '../../../../lib/anchoring/describe';
import { type Capture, isOrphaned, type Orphaned, textPosition, textQuote } from '../../../../lib/anchoring/selectors';
import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { extractReplyText } from '../../../../lib/sites/extract-text';
import { collapse, mountChatPage, mountReadabilityPage } from './load-page';

/** A real ChatGPT conversation (Japanese, Deep Research answer with citation pills), prettier-formatted. */
const CHAT = 'chatgpt/obsidian-ai-exporter--chat-simple.html';

function rangeOf(value: Range | Orphaned): Range {
  if (isOrphaned(value)) throw new Error(`orphaned: ${value.reason}`);
  return value;
}

/** Selects from the middle of one paragraph to the middle of the next, as a user would drag. */
function selectAcross(first: Element, second: Element): Selection {
  const firstText = Array.from(first.childNodes).find(
    (node): node is Text => node.nodeType === 3 && (node as Text).data.trim().length > 40,
  );
  const secondText = Array.from(second.childNodes).find(
    (node): node is Text => node.nodeType === 3 && (node as Text).data.trim().length > 80,
  );
  if (!firstText || !secondText) throw new Error('paragraphs need text');
  const range = document.createRange();
  range.setStart(firstText, firstText.data.indexOf(' ', firstText.data.length / 2) + 1);
  range.setEnd(secondText, secondText.data.lastIndexOf(' '));
  const selection = document.getSelection();
  if (!selection) throw new Error('no selection');
  selection.removeAllRanges();
  selection.addRange(range);
  return selection;
}

/** Two consecutive long paragraphs of a real page. */
function paragraphPair(body: HTMLElement): [Element, Element] {
  const paragraphs = Array.from(body.querySelectorAll('p'));
  for (let i = 0; i + 1 < paragraphs.length; i += 1) {
    const [a, b] = [paragraphs[i], paragraphs[i + 1]];
    const long = (p: Element): boolean =>
      Array.from(p.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim().length > 100);
    if (a && b && long(a) && long(b)) return [a, b];
  }
  throw new Error('no pair of long paragraphs');
}

/** The last sentence-like stretch of `text` of ≥ 6 words inside the second paragraph's part. */
function claimIn(text: string, paragraphText: string): { start: number; end: number } {
  const words = paragraphText.trim().split(/\s+/u).slice(2, 10).join(' ');
  const start = text.indexOf(words);
  expect(start, `claim "${words}" in capture`).toBeGreaterThan(0);
  return { start, end: start + words.length };
}

describe('capturing a selection on a real page (ars-1)', () => {
  it('captures the selection text with selectors that anchor back to it', () => {
    const body = mountReadabilityPage('ars-1');
    const [first, second] = paragraphPair(body);
    const selection = selectAcross(first, second);
    const capture = captureSelection(selection, body);
    if (!capture) throw new Error('captured');
    expect(capture.text).toBe(selection.toString());
    expect(capture.selectors.quote.exact).toBe(capture.text.trim());
    const range = rangeOf(anchor(body, capture.selectors));
    expect(range.toString()).toBe(capture.text.trim());
  });

  it('maps a claim span of the captured text to the Range of exactly the claim', () => {
    const body = mountReadabilityPage('ars-1');
    const [first, second] = paragraphPair(body);
    const capture = captureSelection(selectAcross(first, second), body);
    if (!capture) throw new Error('captured');
    const { start, end } = claimIn(capture.text, second.textContent ?? '');
    const range = rangeOf(rangeForSubspan(body, capture, start, end));
    expect(range.toString()).toBe(capture.text.slice(start, end));
    expect(second.contains(range.startContainer)).toBe(true);
  });

  it('maps claim offsets of browser-style text (collapsed spaces, blank line between blocks)', () => {
    const body = mountReadabilityPage('ars-1');
    const [first, second] = paragraphPair(body);
    const selection = selectAcross(first, second);
    const raw = captureSelection(selection, body);
    if (!raw) throw new Error('captured');
    // What Chrome's Selection.toString() gives: whitespace collapsed, paragraphs separated by "\n\n".
    const range = selection.getRangeAt(0);
    const head = document.createRange();
    head.setStart(range.startContainer, range.startOffset);
    head.setEndAfter(first);
    const tail = document.createRange();
    tail.setStartBefore(second);
    tail.setEnd(range.endContainer, range.endOffset);
    const capture: Capture = {
      text: `${collapse(head.toString())}\n\n${collapse(tail.toString())}`,
      selectors: raw.selectors,
    };
    const { start, end } = claimIn(capture.text, second.textContent ?? '');
    expect(rangeOf(rangeForSubspan(body, capture, start, end)).toString()).toBe(capture.text.slice(start, end));
  });

  it('falls back to anchoring the claim itself when the page changed after the capture', () => {
    const body = mountReadabilityPage('ars-1');
    const [first, second] = paragraphPair(body);
    const capture = captureSelection(selectAcross(first, second), body);
    if (!capture) throw new Error('captured');
    const { start, end } = claimIn(capture.text, second.textContent ?? '');
    const claim = capture.text.slice(start, end);
    // The page edits the first paragraph (outside the claim): the capture's offsets no longer line up.
    const edited = Array.from(first.childNodes).find(
      (node): node is Text => node.nodeType === 3 && (node as Text).data.trim().length > 40,
    );
    if (!edited) throw new Error('text');
    // The first selected word (selectAcross starts after the first space past the middle) is replaced.
    const wordStart = edited.data.indexOf(' ', edited.data.length / 2) + 1;
    edited.data = `${edited.data.slice(0, wordStart)}REPLACED${edited.data.slice(edited.data.indexOf(' ', wordStart))}`;
    expect(locate(buildTextIndex(body), capture.selectors)).toMatchObject({ method: 'fuzzy' });
    const range = rangeOf(rangeForSubspan(body, capture, start, end));
    expect(range.toString()).toBe(claim);
    // Once the claim's own words are gone, it is not found rather than drawn elsewhere.
    second.remove();
    expect(rangeForSubspan(body, capture, start, end)).toEqual({ orphaned: true, reason: 'no-match' });
  });
});

describe('a saved ChatGPT conversation', () => {
  it('captures from a Japanese answer paragraph into the list below and maps claims inside it', () => {
    const body = mountChatPage(CHAT);
    const answer = body.querySelector('p[data-start="16"][data-end="237"]');
    if (!answer) throw new Error('the Deep Research answer is in the fixture');
    const textWith = (needle: string): Text => {
      const walker = document.createTreeWalker(body, 4);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        if ((node as Text).data.includes(needle)) return node as Text;
      throw new Error(`no text "${needle}"`);
    };
    const from = textWith('会話形式のAIアシスタント');
    const to = textWith('：メールやブログ記事');
    const range = document.createRange();
    range.setStart(from, from.data.indexOf('会話形式'));
    range.setEnd(to, to.data.indexOf('要約が可能') + '要約が可能'.length);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    const capture = selection ? captureSelection(selection, body) : null;
    if (!capture) throw new Error('captured');
    expect(capture.selectors.quote.exact.startsWith('会話形式')).toBe(true);

    const claim = '自然言語を理解し';
    const start = capture.text.indexOf(claim);
    expect(start).toBeGreaterThan(0);
    expect(rangeOf(rangeForSubspan(body, capture, start, start + claim.length)).toString()).toBe(claim);
    // A claim running through a <strong> and a citation pill, across prettier's newlines.
    const wide = capture.text.slice(capture.text.indexOf('質問回答'), capture.text.indexOf('自然言語'));
    const wideStart = capture.text.indexOf(wide);
    const wideRange = rangeOf(rangeForSubspan(body, capture, wideStart, wideStart + wide.length));
    expect(wideRange.toString()).toBe(wide.trim());
    expect(answer.contains(wideRange.startContainer)).toBe(true);
  });

  it('tells repeated citation pills apart by context and by position', () => {
    const body = mountChatPage(CHAT);
    const pills = Array.from(body.querySelectorAll('[data-testid="webpage-citation-pill"]')).filter((pill) =>
      (pill.textContent ?? '').includes('help.openai.com'),
    );
    expect(pills.length).toBeGreaterThan(10);
    const target = pills[6];
    if (!target) throw new Error('seventh pill');
    const walker = document.createTreeWalker(target, 4);
    let text: Text | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if ((node as Text).data.includes('help.openai.com')) text = node as Text;
    if (!text) throw new Error('pill text');
    const range = document.createRange();
    const at = text.data.indexOf('help.openai.com');
    range.setStart(text, at);
    range.setEnd(text, at + 'help.openai.com'.length);
    const index = buildTextIndex(body);
    const selectors = describeRange(body, range, index);
    if (!selectors) throw new Error('describable');
    const occurrences = index.text.split('help.openai.com').length - 1;
    expect(occurrences).toBeGreaterThan(10);

    const inTarget = (value: Range | Orphaned): boolean => target.contains(rangeOf(value).startContainer);
    // Context alone (no position), position alone (no context), and a stale position with context.
    expect(inTarget(anchor(body, { quote: selectors.quote }, { index }))).toBe(true);
    expect(
      inTarget(anchor(body, { quote: textQuote('help.openai.com'), position: selectors.position }, { index })),
    ).toBe(true);
    // Context that no longer matches exactly (its first character changed) is weighed by matchQuote.
    const blurred = textQuote('help.openai.com', `#${(selectors.quote.prefix ?? '').slice(1)}`, selectors.quote.suffix);
    expect(locate(index, { quote: blurred })).toMatchObject({ method: 'fuzzy' });
    expect(inTarget(anchor(body, { quote: blurred }, { index }))).toBe(true);
    const shifted = textPosition(selectors.position.start + 40, selectors.position.end + 40);
    expect(inTarget(anchor(body, { quote: textQuote('help.openai.com'), position: shifted }, { index }))).toBe(true);
    const banner = document.createElement('p');
    banner.textContent = 'help.openai.com was mentioned in a banner inserted above.';
    body.prepend(banner);
    expect(inTarget(anchor(body, selectors))).toBe(true);
  });
});

describe('describing text read from the page (a chatbot reply)', () => {
  const OPTIONS = {
    selectors: { citations: [], links: [], exclude: ['h4[data-message-attribution]'] },
    baseUrl: 'https://chatgpt.com/c/x',
  };

  /** ChatGPT's transcript UI: the hidden "ChatGPT said:" heading right before the reply, with no space. */
  function mountReply(): { reply: Element; capture: Capture } {
    document.body.innerHTML =
      '<ol><li><h4 data-message-attribution>You said:</h4><p>Two facts?</p></li>' +
      '<li id="reply"><h4 data-message-attribution>ChatGPT said:</h4><div><p>The tower is 330 m tall. ' +
      'It stands in Paris.</p></div></li></ol>';
    const reply = document.getElementById('reply')!;
    const { text, origins } = extractReplyText([reply], OPTIONS);
    const selectors = describeText(document.body, reply, origins);
    if (!selectors) throw new Error('describable');
    return { reply, capture: { text, selectors } };
  }

  it('places each claim on exactly its words, past the heading the reply leaves out', () => {
    const { capture } = mountReply();
    expect(capture.text).toBe('The tower is 330 m tall. It stands in Paris.');
    expect(capture.selectors.quote.exact).toBe('ChatGPT said:The tower is 330 m tall. It stands in Paris.');
    expect(capture.selectors.map?.runs).toEqual([0, 44, 13, 57]);
    for (const claim of ['The tower is 330 m tall.', 'It stands in Paris.', 'The']) {
      const start = capture.text.indexOf(claim);
      expect(rangeOf(rangeForSubspan(document.body, capture, start, start + claim.length)).toString()).toBe(claim);
    }
  });

  it('finds the claims by their words when the reply changed after the capture (the map no longer holds)', () => {
    const { reply, capture } = mountReply();
    const paragraph = reply.querySelector('p')!;
    paragraph.textContent = `Edited first. ${paragraph.textContent}`;
    const claim = 'It stands in Paris.';
    const start = capture.text.indexOf(claim);
    expect(rangeOf(rangeForSubspan(document.body, capture, start, start + claim.length)).toString()).toBe(claim);
  });
});
