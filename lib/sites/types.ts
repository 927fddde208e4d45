/**
 * Chatbot-reply adapters: what a site adapter declares and what `findReplies` returns.
 *
 * An adapter is mostly data (ordered selector lists per role, see `SiteSelectors`) plus a few small hooks,
 * because chat UIs change their DOM every one to three months (docs/chat-sites.md §2, in ../shared): a fix
 * should usually be one more selector, not new code.
 */

/** Sites with an adapter. */
export type SiteId = 'chatgpt' | 'claude' | 'gemini' | 'perplexity' | 'copilot' | 'deepseek' | 'grok' | 'mistral';

/**
 * Selectors per role. Two kinds of role:
 * - containers (`reply`, `body`, `scrollRoot`): an ORDERED fallback list, the first selector with at least one
 *   hit wins and the others are not used (so a stale selector can never mix old and new elements);
 * - markers (`streaming`, `stop`, `done`, `citations`, `links`, `sources`, `exclude`): a union, any hit counts.
 */
export interface SiteSelectors {
  /** One element per assistant reply (mapped through `SiteAdapter.unit` when present). */
  reply: string[];
  /** The markdown body inside a reply. All outermost hits of the winning selector are read in order. */
  body: string[];
  /** Inside the reply's turn: the reply is still being written. */
  streaming: string[];
  /** Anywhere on the page: the composer's stop button. Only the last reply can be the one streaming. */
  stop: string[];
  /** Inside the reply's turn: the reply is complete (action bar rendered, `data-message-complete`, …). */
  done: string[];
  /** The element to observe for new replies (not `document.body`). */
  scrollRoot: string[];
  /** Citation pills inside the body: their URLs are collected, their label text ("US EPA +1") is dropped. */
  citations: string[];
  /** Inline links inside the body: their text stays in the reply, their URLs are collected with its span. */
  links: string[];
  /** Sources lists in the turn but outside the body: their URLs are collected at the end of the text. */
  sources: string[];
  /** Subtrees never read: hidden labels, thinking sections, buttons, injected controls, code-block headers. */
  exclude: string[];
}

/**
 * How a reply is known to be complete.
 * - `marker`: the site renders a done marker; no marker means "not finished".
 * - `stability`: the site has none (Copilot, DeepSeek, Mistral): `findReplies` reports a reply as finished
 *   unless a streaming indicator is present, and the content script must also wait until its text stops
 *   changing (`createStabilityTracker`). A done marker, when one is listed and found, skips that wait.
 */
export type CompletionMode = 'marker' | 'stability';

/** What `isFinished` hooks get besides the reply. */
export interface FinishContext {
  /** The document (or subtree) being scanned, for page-wide markers such as the stop button. */
  root: ParentNode;
  /** Whether this is the last reply found: only that one can be streaming. */
  isLast: boolean;
}

/** One chatbot site. */
export interface SiteAdapter {
  id: SiteId;
  /** Human-readable name, e.g. "Microsoft Copilot". */
  name: string;
  /** WebExtension match patterns, e.g. `https://chatgpt.com/*`. Dispatch is by URL first (Mistral and ChatGPT share attributes). */
  matches: string[];
  selectors: SiteSelectors;
  completion: CompletionMode;
  /**
   * A stable key for the reply: state is kept per message id, never per element, because every site
   * remounts and virtualizes turns. Return null when the DOM has none; `findReplies` then derives one from
   * the reply's text, which is only stable once the reply is finished.
   */
  messageId(reply: Element): string | null;
  /** Maps a `reply` selector hit to the reply element (e.g. a ChatGPT message to its turn). Default: itself. */
  unit?(hit: Element): Element;
  /** The turn that holds the reply's done marker and sources list. Default: the reply itself. */
  turnOf?(reply: Element): Element;
  /** Overrides the finished-state rule (`defaultIsFinished` in finished.ts). */
  isFinished?(reply: Element, context: FinishContext): boolean;
  /** Elements whose whole trimmed text matches one of these are chrome (e.g. Perplexity's "Prepared by … Thinking"). */
  excludeText?: RegExp[];
}

/** A half-open character range `[start, end)` in `Reply.text`. */
export interface TextRange {
  start: number;
  end: number;
}

/** How a cited URL appeared in the reply. */
export type CitationKind = 'pill' | 'link' | 'source';

/** A URL the reply cites, with where it sits in the reply text. */
export interface Citation extends TextRange {
  /** Absolute http(s) URL, tracking parameters and the `#:~:text=` directive removed. */
  url: string;
  title?: string;
  /**
   * The quoted evidence from a `#:~:text=` fragment: the exact text, or "start … end" for a range.
   * A pill has `start === end`: the offset right after the text it supports. A link spans its text.
   */
  quote?: string;
  kind: CitationKind;
}

/** One assistant reply found on the page. */
export interface Reply {
  site: SiteId;
  messageId: string;
  element: Element;
  /** No streaming indicator, no stop button (for the last reply), and a done marker when the site has one. */
  finished: boolean;
  /** True for `stability` sites without a done marker: wait for the text to stop changing before checking it. */
  needsStability: boolean;
  /** Clean text: no hidden labels, pill labels, duplicated math, thinking sections or buttons. */
  text: string;
  /** Code blocks in `text` (fenced with ```), not to be checked as claims. */
  codeRanges: TextRange[];
  citations: Citation[];
}
