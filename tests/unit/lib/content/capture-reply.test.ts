// @vitest-environment happy-dom
/**
 * What makes a reply check drawable, as a property of every saved chatbot page (real captures and synthetic
 * pages, every adapter in lib/sites): for each reply and each sentence of its text (split as the pipeline
 * splits it), anchoring the sentence in the page the way the highlighter does, from the reply as the
 * "Fact-check" control captures it, succeeds and lands on exactly that sentence. "Exactly" is read back: the
 * Range's content, read by the same reply extraction, is the sentence, word for word; so a Range shifted by
 * a hidden label, cut short or run on over a neighbour fails, and so does one that only covers the right
 * words by including what the reply leaves out around it.
 */
import { basename, dirname } from 'node:path';

import { describe, expect, it } from 'vitest';

import { rangeForSubspan } from '../../../../lib/anchoring/describe';
import { isOrphaned } from '../../../../lib/anchoring/selectors';
import { buildTextIndex } from '../../../../lib/anchoring/text-index';
import { captureReply } from '../../../../lib/content/capture-reply';
import { splitSentences } from '../../../../lib/core/text/sentences';
import { findReplies, SITE_ADAPTERS, type SiteAdapter } from '../../../../lib/sites';
import { extractReplyText } from '../../../../lib/sites/extract-text';
import { listSavedChatFixtures, listSyntheticChatFixtures } from '../../support/chat-fixtures';
import { mountChatPage } from '../anchoring/load-page';

/** Every saved chat page, with its site's adapter: the folder names the site, a synthetic page's name does. */
const FIXTURES = [...listSavedChatFixtures(), ...listSyntheticChatFixtures()].map((file) => {
  const site = dirname(file) === 'synthetic' ? basename(file, '.html') : dirname(file);
  const adapter = SITE_ADAPTERS.find((candidate) => candidate.id === site);
  if (!adapter) throw new Error(`No adapter for the site of ${file} ("${site}").`);
  return { file, adapter };
});

/** A URL the adapter's match patterns cover, e.g. https://chatgpt.com/c/saved. */
function pageUrl(adapter: SiteAdapter): string {
  return (adapter.matches[0] ?? '').replace(/\*$/, 'c/saved');
}

/** Whitespace runs as one space: a read-back is one walk's text too, but its block edges may differ. */
function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * The text of `range` as the reply extraction reads it. A Range's clone drops the elements that hold all of
 * it (a formula's wrapper, whose TeX source is what the reply reads), so the range first takes in every
 * ancestor whose whole text it already covers: that adds no text, only the structure around it. Lists
 * excepted, since a sentence is split without the marker a list item would add.
 */
const LISTS = new Set(['LI', 'UL', 'OL']);

function readBack(range: Range, adapter: SiteAdapter, url: string): string {
  const covered = range.toString();
  const wide = range.cloneRange();
  let holder: Node | null = wide.commonAncestorContainer;
  while (holder?.parentNode && holder.textContent === covered && !LISTS.has(holder.nodeName.toUpperCase())) {
    wide.selectNode(holder);
    holder = holder.parentNode;
  }
  const box = document.createElement('div');
  box.append(wide.cloneContents());
  const options = { selectors: adapter.selectors, baseUrl: url };
  return extractReplyText([box], adapter.excludeText ? { ...options, excludeText: adapter.excludeText } : options).text;
}

describe('every sentence of every saved reply is drawn on exactly its words', () => {
  it('covers every adapter with at least one page', () => {
    expect(new Set(FIXTURES.map(({ adapter }) => adapter.id))).toEqual(new Set(SITE_ADAPTERS.map(({ id }) => id)));
  });

  it.each(FIXTURES)(
    '$file',
    ({ file, adapter }) => {
      const body = mountChatPage(file);
      const url = pageUrl(adapter);
      const replies = findReplies(adapter, document, url);
      expect(replies.length).toBeGreaterThan(0);
      const misplaced: string[] = [];
      let sentences = 0;
      for (const reply of replies) {
        const { text, capture } = captureReply(document, adapter, reply.element);
        if (!capture) throw new Error(`${file}: reply ${reply.messageId} has no capture`);
        // The highlighter's own steps: one index of the page, each claim span anchored against it.
        const index = buildTextIndex(body);
        for (const sentence of splitSentences(text)) {
          // Code is never a claim (the claim stage skips it), so it is never drawn.
          if (sentence.kind === 'code') continue;
          sentences += 1;
          const range = rangeForSubspan(body, { text, selectors: capture }, sentence.start, sentence.end, index);
          const drawn = isOrphaned(range)
            ? `(not placed: ${range.reason})`
            : reply.element.contains(range.commonAncestorContainer)
              ? readBack(range, adapter, url)
              : `(outside the reply) ${range.toString()}`;
          if (collapse(drawn) !== collapse(sentence.text))
            misplaced.push(`${JSON.stringify(sentence.text)}\n    drawn on ${JSON.stringify(drawn)}`);
        }
      }
      expect(sentences).toBeGreaterThan(0);
      expect(misplaced).toEqual([]);
    },
    60_000,
  );
});
