/**
 * Recognises short blocks of page furniture by their wording: "Related: …", "Photo: Jane Doe, AP",
 * "Updated 3:27 am", "Subscribe to our newsletter", "Image 1 of 23". Only short blocks are judged, since
 * a real paragraph that happens to mention a newsletter is longer than the furniture is. The wording is
 * English; other languages fall back to the structural rules (classes, link density).
 */

/** Whole-block labels that introduce recirculation or widgets (compared without trailing punctuation). */
// i18n-exempt: page furniture's wording, matched in a page and never shown
const LABELS = new Set([
  'related',
  'related news',
  'related stories',
  'related articles',
  'related coverage',
  'related content',
  'more',
  'more news',
  'more stories',
  'see also',
  'also read',
  'read more',
  'read next',
  'don t miss',
  'you may also like',
  'you might also like',
  'recommended',
  'recommended for you',
  'trending',
  'trending now',
  'latest',
  'latest news',
  'most read',
  'most popular',
  'popular',
  'advertisement',
  'advert',
  'ad',
  'sponsored',
  'continue reading',
  'continue reading below',
  'story continues below',
  'comments',
  'share',
  'share this',
  'share this article',
  'caption',
  'close',
  'enlarge image',
  'skip to content',
  'loading',
  'loading content',
  'join the conversation',
  'highlights',
  'subscribe',
  'sign in',
  'view author archive',
  'email the author',
  'follow on twitter',
  'about the author',
  'breaking news',
  'watch',
  'video',
  'listen',
  'photo',
  'photos',
  'image',
  'images',
  'gallery',
]);

/** "Label: rest" prefixes of recirculation links, captions and date lines. */
const PREFIX =
  /^(related|see more|read more|read also|also read|more|also|see also|watch|listen|photos?|images?|pictures?|credits?|source|video|filed under|tags?|posted|updated|last updated|published)\s*[:|]/i;

/** Date lines at the top of an article: "Published 1 day ago", "Updated 11:21 pm CST, Tuesday…". */
const DATE_LINE = /^(posted|published|updated|last updated|first published)\b.*(\d|\bago\b)/i;

/** Bylines with a date: "By Justine Coleman - 11/18/19 11:04 PM EST". */
const DATED_BYLINE = /^by\s+\p{Lu}[^\d]{0,60}\d/u;

/** Calls to action and legal lines. */
const PROMO =
  /\b(subscribe to (our|the|\p{L}+['’]s)\b|sign up (for|to) our\b|(our|free|daily|weekly) newsletters?\b|newsletters? (sign|subscri)|follow (us|him|her|me|them) on\b|all rights reserved|download (the|our) app)/iu;

/** Legal lines that start with the mark. */
const COPYRIGHT = /^(copyright\b|©|\(c\) \d{4})/i;

/** Photo credits and gallery counters. */
const CREDIT =
  /(\b(getty images|shutterstock|ap photo|afp|reuters|epa|bloomberg|istock(photo)?)|\((ap|afp|epa)\))\W*$/i;
const IMAGE_MARK =
  /^(\(?(image|photo|picture) (copyright|caption|credit)|\((image|photo)s?:|(image|photo|slide) \d+ (of|\/) \/? ?\d+)/i;

/** The longest block, in word tokens, that the wording rules may remove. */
export const MAX_FURNITURE_TOKENS = 25;

const WORD = /[\p{L}\p{N}_]+/gu;

/** Counts word tokens (letters/digits runs). */
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/**
 * Returns why a block of text reads as page furniture, or null when it may be article text.
 * `text` is the block's whitespace-collapsed text.
 */
export function furnitureReason(text: string): string | null {
  const words = countWords(text);
  // i18n-exempt: a diagnostic reason for the extractor's tests and logs, never shown
  if (words === 0) return text.length <= 20 ? 'no words' : null;
  // i18n-exempt: a diagnostic reason for the extractor's tests and logs, never shown
  if (/^https?:\/\/\S+$/i.test(text)) return 'bare url';
  if (words > MAX_FURNITURE_TOKENS) return null;
  const label = (text.match(WORD) ?? []).join(' ').toLowerCase();
  if (words <= 5 && LABELS.has(label)) return 'label';
  // i18n-exempt: a diagnostic reason for the extractor's tests and logs, never shown
  if (PREFIX.test(text)) return 'prefixed link or caption';
  // i18n-exempt: a diagnostic reason for the extractor's tests and logs, never shown
  if (words <= 15 && (DATE_LINE.test(text) || DATED_BYLINE.test(text))) return 'date line';
  if (PROMO.test(text) || COPYRIGHT.test(text)) return 'promotion';
  if (words <= 12 && (CREDIT.test(text) || IMAGE_MARK.test(text))) return 'credit';
  return null;
}
