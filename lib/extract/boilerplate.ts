/**
 * The cleanup pass that runs on the whole document before Readability. Readability scores blocks by text
 * and commas, so a caption, a "related articles" list or a newsletter box next to the story often ends up
 * inside the article it picks; its own class filters are substring regexes that also spare anything whose
 * class contains "article" or "content" (so `related-articles` survives). Here elements are dropped by
 * what they are (`figcaption`, `nav`, `aside`, `footer`, `header`, hidden ones) and by the words in their
 * class and id, matched as whole words so `shared-content` is not taken for `share`.
 *
 * One guard keeps this from deleting the story itself when a site puts such a word on the article's own
 * wrapper (`url-breadcrumb` on `<article>`, `entry-content-read-more`, WordPress's `tag-…` classes): an
 * element that holds a large share of the page's prose (paragraphs of running text) is kept. Prose, not
 * text: inline scripts and menus would otherwise dwarf the story.
 */

/** Elements that are never part of an article body. */
// i18n-exempt: a CSS selector
const ALWAYS_DROP = 'figcaption, nav, aside, footer, header, [hidden], [role="navigation"], [role="complementary"]';

/** Words (from class and id) that name page furniture rather than article text. */
const BOILERPLATE_WORDS = new Set([
  // sharing and social
  'share',
  'shares',
  'sharing',
  'sharebar',
  'sharetools',
  'social',
  'socials',
  // related content and recirculation
  'related',
  'recommended',
  'recommendations',
  'recirculation',
  'recirc',
  'trending',
  'outbrain',
  'taboola',
  // subscription prompts and promotions
  'newsletter',
  'newsletters',
  'subscribe',
  'subscription',
  'signup',
  'promo',
  'promos',
  'promotion',
  'paywall',
  // captions, credits, bylines and dates
  'caption',
  'captions',
  'credit',
  'credits',
  'byline',
  'bylines',
  'dateline',
  'timestamp',
  // navigation aids, tags, ads, notices, hover cards
  'breadcrumb',
  'breadcrumbs',
  'tags',
  'advert',
  'advertisement',
  'sponsored',
  'disclaimer',
  'cookie',
  'consent',
  'tooltip',
  'rollover',
  'hovercard',
  'popover',
]);

/**
 * Multi-word class names of recirculation blocks and of screen-reader-only text ("Continue reading the
 * main story", "Advertisement"), matched on the joined lower-case words.
 */
const BOILERPLATE_PHRASES =
  /\b(most (read|popular|viewed|shared)|read more|more (stories|news|from|on)|you may also like|author (bio|info|box)|visually hidden|visuallyhidden|sr only|screen reader text)\b/;

/** An element holding at least this share of the page's prose is treated as (part of) the story and kept. */
const LARGE_SHARE = 0.3;

/** A paragraph shorter than this is not counted as prose (labels, teasers, buttons). */
const PROSE_MIN_CHARS = 80;

/** Splits class and id values into lower-case words: `socialShareBar_top` → social share bar top. */
export function classWords(element: Element): string[] {
  const raw = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  return raw
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Words that mark embedded posts (a tweet quoted in the story sits in `social-media-embed`): quoted
 * material the article cites, kept even when the class also says "social".
 */
const EMBED_WORDS = new Set(['embed', 'embedded', 'tweet', 'twitter', 'instagram']);

/** Whether an element's class or id names boilerplate (share bars, related lists, captions…). */
export function looksLikeBoilerplate(element: Element): boolean {
  const words = classWords(element);
  if (words.some((word) => EMBED_WORDS.has(word))) return false;
  // "no-caption", "withoutCaption": the word is negated, the element is not a caption.
  const named = words.filter(
    (word, i) => BOILERPLATE_WORDS.has(word) && words[i - 1] !== 'no' && words[i - 1] !== 'without',
  );
  if (named.length > 0) return true;
  return BOILERPLATE_PHRASES.test(words.join(' '));
}

/** Share of an element's text that sits inside links (0 when it has no text). */
export function linkDensity(element: Element, textLength = textOf(element).length): number {
  if (textLength === 0) return 0;
  let linked = 0;
  for (const link of Array.from(element.querySelectorAll('a'))) linked += textOf(link).length;
  return Math.min(1, linked / textLength);
}

/** Text content with runs of whitespace collapsed, so indentation does not count as text. */
export function textOf(node: Node): string {
  return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function isHiddenByStyle(element: Element): boolean {
  const style = (element.getAttribute('style') ?? '').toLowerCase().replace(/\s+/g, '');
  return style.includes('display:none') || style.includes('visibility:hidden');
}

/** Prose length of each `<p>` under `root` that reads as running text (long enough, few links). */
function proseParagraphs(root: Element): Map<Element, number> {
  const prose = new Map<Element, number>();
  for (const paragraph of Array.from(root.querySelectorAll('p'))) {
    const length = textOf(paragraph).length;
    if (length >= PROSE_MIN_CHARS && linkDensity(paragraph, length) < 0.5) prose.set(paragraph, length);
  }
  return prose;
}

/**
 * Moves JSON-LD out of an element about to be removed: sites put the article's schema.org record in its
 * header, and Readability reads title, byline and date from it.
 */
function keepStructuredData(doc: Document, element: Element): void {
  const scripts = Array.from(element.querySelectorAll('script[type="application/ld+json"]'));
  for (const script of scripts) (doc.head ?? doc.documentElement).appendChild(script);
}

/** Removes boilerplate elements from `doc` in place (see the module comment for the rules). */
export function removeBoilerplate(doc: Document): void {
  const body = doc.body;
  if (!body) return;
  const prose = proseParagraphs(body);
  let total = 0;
  for (const length of prose.values()) total += length;
  const removable = (element: Element): boolean => {
    if (element === body || element.tagName === 'HTML' || element.tagName === 'BODY') return false;
    if (total === 0) return true;
    let own = prose.get(element) ?? 0;
    for (const paragraph of Array.from(element.querySelectorAll('p'))) own += prose.get(paragraph) ?? 0;
    return own < LARGE_SHARE * total;
  };
  const candidates = new Set<Element>(Array.from(body.querySelectorAll(ALWAYS_DROP)));
  for (const element of Array.from(body.querySelectorAll('[class], [id], [style]'))) {
    if (looksLikeBoilerplate(element) || isHiddenByStyle(element)) candidates.add(element);
  }
  for (const element of candidates) {
    // An ancestor may already be gone; removing a detached subtree again is harmless but wasted work.
    if (!element.isConnected || !removable(element)) continue;
    keepStructuredData(doc, element);
    element.remove();
  }
}
