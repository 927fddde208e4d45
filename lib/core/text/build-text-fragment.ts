/**
 * Building text fragments (`#:~:text=[prefix-,]start[,end][,-suffix]`, WICG "URL Fragment Text
 * Directives", https://wicg.github.io/scroll-to-text-fragment/) so an evidence link opens at its passage.
 *
 * The fragment quotes the passage's best sentence: whole when short, else its first and last words as a
 * range. It is then checked against the page's own text the way a browser matches it (case-insensitive,
 * whitespace collapsed, start and end on word boundaries, prefix and suffix next to the match, no term
 * crossing a paragraph) and made longer, then given a prefix and a suffix, until it matches only there.
 */
import type { TextFragment } from './text-fragment';

/** Words a short sentence may have and still be quoted whole. */
const WHOLE_SENTENCE_WORDS = 10;
/** Words at each end of a range to start with, and at most. */
const RANGE_WORDS = { first: 4, max: 10 } as const;
/** Words of context to try as prefix and suffix, at most. */
const CONTEXT_WORDS = 5;

/**
 * Percent-encodes one directive term: everything but the spec's explicit characters, so `-`, `,` and `&`
 * (the directive's own delimiters) and `%` never appear raw. encodeURIComponent leaves `-` alone.
 */
export function encodeFragmentTerm(term: string): string {
  return encodeURIComponent(term).replace(/-/g, '%2D');
}

/** The `text=` directive of a fragment, percent-encoded. */
export function formatTextDirective(fragment: TextFragment): string {
  return (
    'text=' +
    (fragment.prefix ? `${encodeFragmentTerm(fragment.prefix)}-,` : '') +
    encodeFragmentTerm(fragment.start) +
    (fragment.end ? `,${encodeFragmentTerm(fragment.end)}` : '') +
    (fragment.suffix ? `,-${encodeFragmentTerm(fragment.suffix)}` : '')
  );
}

/**
 * The URL with the fragment as its fragment directive. An existing `#id` is kept (the directive follows
 * it: `#id:~:text=…`); an existing directive is replaced.
 */
export function withTextFragment(url: string, fragment: TextFragment): string {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const id = hash < 0 ? '' : (url.slice(hash + 1).split(':~:')[0] ?? '');
  return `${base}#${id}:~:${formatTextDirective(fragment)}`;
}

/**
 * Text as a browser compares it: lower case, each run of spaces one space, paragraphs kept apart by "\n"
 * (a term never matches across a block boundary). One unit per unit, so offsets stay comparable.
 */
export function normaliseForMatching(text: string): string {
  const paragraphs = text.split(/\n[ \t\f\r\u00a0]*\n\s*/);
  return paragraphs
    .map((paragraph) =>
      [...paragraph.replace(/\s+/g, ' ').trim()]
        .map((char) => {
          const lower = char.toLowerCase();
          return lower.length === char.length ? lower : char;
        })
        .join(''),
    )
    .join('\n');
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const isWordChar = (char: string | undefined) => char !== undefined && WORD_CHAR.test(char);

/** Whether `needle` at `at` starts and ends on word boundaries of `haystack` (the spec's word-bounded match). */
function boundedAt(haystack: string, needle: string, at: number): boolean {
  const before = haystack[at - 1];
  const first = needle[0];
  const last = needle[needle.length - 1];
  const after = haystack[at + needle.length];
  return !(isWordChar(before) && isWordChar(first)) && !(isWordChar(last) && isWordChar(after));
}

/** Word-bounded occurrences of `needle` in `haystack` from `from`, that stay inside one paragraph. */
function* occurrences(haystack: string, needle: string, from = 0): Generator<number> {
  if (!needle || needle.includes('\n')) return;
  for (let at = haystack.indexOf(needle, from); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (boundedAt(haystack, needle, at)) yield at;
  }
}

/** Skips spaces and paragraph breaks from `at` (prefix and suffix may sit across whitespace from the match). */
function skipSpace(text: string, at: number, step: 1 | -1): number {
  let i = at;
  while (i >= 0 && i < text.length && (text[i] === ' ' || text[i] === '\n')) i += step;
  return i;
}

/** Where each match of the fragment lies in the normalised text (start offset of the match), in order. */
export function matchTextFragment(
  normalisedText: string,
  fragment: TextFragment,
): Array<{ start: number; end: number }> {
  const page = normalisedText;
  const norm = (term: string | undefined) => (term ? normaliseForMatching(term) : '');
  const [start, end, prefix, suffix] = [
    norm(fragment.start),
    norm(fragment.end),
    norm(fragment.prefix),
    norm(fragment.suffix),
  ];
  const matches: Array<{ start: number; end: number }> = [];
  for (const at of occurrences(page, start)) {
    if (prefix) {
      const before = skipSpace(page, at - 1, -1) + 1;
      if (before === at && at > 0) continue; // the spec requires whitespace or a boundary between them
      const prefixAt = before - prefix.length;
      if (prefixAt < 0 || page.slice(prefixAt, before) !== prefix || !boundedAt(page, prefix, prefixAt)) continue;
    }
    let matchEnd: number | undefined;
    if (end) {
      for (const endAt of occurrences(page, end, at + start.length)) {
        if (!suffix || suffixAt(page, endAt + end.length, suffix)) {
          matchEnd = endAt + end.length;
          break;
        }
      }
    } else if (!suffix || suffixAt(page, at + start.length, suffix)) {
      matchEnd = at + start.length;
    }
    if (matchEnd !== undefined) matches.push({ start: at, end: matchEnd });
  }
  return matches;
}

function suffixAt(page: string, from: number, suffix: string): boolean {
  const at = skipSpace(page, from, 1);
  return page.startsWith(suffix, at) && boundedAt(page, suffix, at);
}

/** Whitespace-separated words of a span of text. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The shortest fragment (within the limits above) that matches the sentence `text.slice(start, end)` and
 * nothing else in `text`, the page's text as read. Falls back to the most specific fragment tried when
 * none is unique (the browser then shows the first match). Undefined for an empty sentence.
 */
export function buildTextFragment(text: string, start: number, end: number): TextFragment | undefined {
  const sentence = words(text.slice(start, end));
  if (sentence.length === 0) return undefined;
  const page = normaliseForMatching(text);
  // Where the sentence starts in the normalised page: the normalised length of everything before it.
  const target = normaliseForMatching(text.slice(0, start) + '\u0001').length - 1;
  const before = words(
    text
      .slice(Math.max(0, start - 400), start)
      .split(/\n\s*\n/)
      .pop() ?? '',
  );
  const after = words(text.slice(end, end + 400).split(/\n\s*\n/)[0] ?? '');
  const isUnique = (fragment: TextFragment) => {
    const found = matchTextFragment(page, fragment);
    return found.length === 1 && Math.abs((found[0]?.start ?? -1) - target) <= 1;
  };

  const candidates: TextFragment[] = [];
  if (sentence.length <= WHOLE_SENTENCE_WORDS) candidates.push({ start: sentence.join(' ') });
  else {
    for (let n = RANGE_WORDS.first; n <= RANGE_WORDS.max && 2 * n < sentence.length; n += 2) {
      candidates.push({ start: sentence.slice(0, n).join(' '), end: sentence.slice(-n).join(' ') });
    }
    if (candidates.length === 0 || sentence.length <= 2 * RANGE_WORDS.max)
      candidates.push({ start: sentence.join(' ') });
  }
  for (const candidate of candidates) if (isUnique(candidate)) return candidate;
  // Context: the words just before and after, within the same paragraph.
  const base = candidates[candidates.length - 1]!;
  for (let n = 1; n <= CONTEXT_WORDS; n++) {
    const prefix = before.slice(-n).join(' ');
    const suffix = after.slice(0, n).join(' ');
    for (const withContext of [
      { ...base, ...(prefix ? { prefix } : {}) },
      { ...base, ...(suffix ? { suffix } : {}) },
      { ...base, ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) },
    ]) {
      if (isUnique(withContext)) return withContext;
    }
  }
  const prefix = before.slice(-CONTEXT_WORDS).join(' ');
  const suffix = after.slice(0, CONTEXT_WORDS).join(' ');
  return { ...base, ...(prefix ? { prefix } : {}), ...(suffix ? { suffix } : {}) };
}
