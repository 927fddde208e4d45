/**
 * Perplexity (www.perplexity.ai). One `div[id^="markdown-content-"]` per answer, body `[data-renderer="lm"]`
 * or `.prose`, citation pills `span.citation[data-pplx-citation-url]` whose title is on the wrapper's
 * aria-label. The turn has no attribute, so it is found structurally: the largest ancestor holding only this
 * answer. docs/chat-sites.md §1.5.
 */
import { soloAncestor } from './dom-query';
import { defaultIsFinished, isStreaming } from './finished';
import type { SiteAdapter } from './types';

const ANSWER = '[id^="markdown-content-"]';

export const perplexity: SiteAdapter = {
  id: 'perplexity',
  name: 'Perplexity',
  matches: ['https://www.perplexity.ai/*', 'https://perplexity.ai/*'],
  completion: 'marker',
  selectors: {
    reply: [ANSWER],
    body: ['[data-renderer="lm"]', '.prose'],
    streaming: [],
    stop: ['button[aria-label="Stop"]', 'button[data-testid*="stop"]'],
    // English labels only; see isFinished for the language-independent fallback.
    done: ['button[aria-label="Copy"]', 'button[aria-label="Rewrite"]', 'button[aria-label="Helpful"]'],
    scrollRoot: ['.scrollable-container', 'main'],
    citations: ['[data-pplx-citation-url]', 'span.citation'],
    links: ['a[href]'],
    sources: [],
    exclude: ['[data-saveai-injected]', '[data-ask-input-container]', '#ask-input'],
  },
  // defuddle's extractor drops the same model attribution line ("Prepared by GPT-5.4 Thinking").
  excludeText: [/^Prepared by .+\bThinking$/i],
  turnOf(reply) {
    return soloAncestor(reply, [ANSWER], perplexity.selectors.scrollRoot);
  },
  messageId(reply) {
    return reply.getAttribute('id') || null;
  },
  isFinished(reply, context) {
    if (defaultIsFinished(perplexity, reply, context)) return true;
    // aria-labels are localized: also accept any button rendered after the answer in its turn (the action
    // row appears when the answer is done; the query's own buttons come before it).
    return !isStreaming(perplexity, reply, context) && hasButtonAfter(perplexity.turnOf?.(reply) ?? reply, reply);
  },
};

/** Whether `turn` has a `<button>` after `answer` (and outside it) in document order. */
function hasButtonAfter(turn: Element, answer: Element): boolean {
  let passed = false;
  for (const element of Array.from(turn.querySelectorAll(`button, ${ANSWER}`))) {
    if (element === answer) passed = true;
    else if (passed && element.tagName === 'BUTTON' && !answer.contains(element)) return true;
  }
  return false;
}

/*
 * Test URLs / How to test
 * - https://www.perplexity.ai/: ask a question → `#markdown-content-0`; pills ("wikipedia +2") become
 *   citations with the wrapper's aria-label as title; the Stop button shows while it streams; the
 *   Share/Copy/Rewrite row appears after the answer when done.
 * - Offline: `npx tsx scripts/sites.ts tests/fixtures/chat/perplexity/obsidian-ai-exporter--chat-simple.html --url https://www.perplexity.ai/search/x`
 *   and tests/unit/lib/sites/perplexity.test.ts.
 */
