/**
 * Text fragments (`#:~:text=[prefix-,]start[,end][,-suffix]`, https://wicg.github.io/scroll-to-text-fragment/):
 * the quote a link says its page contains, and whether the page's text really contains it.
 *
 * Browsers match a fragment word by word against the rendered page, ignoring case. We only have the
 * page's extracted text, where Readability may join or split inline elements ("Paris,France" for
 * "Paris, France"), so the comparison ignores whitespace altogether, folds case, typographic quotes and
 * dashes, and drops soft hyphens and zero-width characters. It is otherwise exact: a quote whose number
 * or name differs from the page is not found, which is exactly what the audit wants to know.
 */
import { foldText } from '../../text/match-quote';

/** A parsed `text=` directive. */
export interface TextFragment {
  start: string;
  end?: string;
  prefix?: string;
  suffix?: string;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The first `text=` directive of a URL's fragment, percent-decoded; undefined when there is none or it
 * has no start text. Further directives (`&text=…`) are ignored.
 */
export function parseTextFragment(url: string): TextFragment | undefined {
  const hash = url.indexOf('#');
  if (hash < 0) return undefined;
  const at = url.indexOf(':~:', hash);
  if (at < 0) return undefined;
  const directive = url
    .slice(at + 3)
    .split('&')
    .find((part) => part.startsWith('text='));
  if (!directive) return undefined;
  const parts = directive.slice('text='.length).split(',');
  const fragment: Partial<TextFragment> = {};
  if (parts.length > 1 && parts[0]?.endsWith('-')) fragment.prefix = decode(parts.shift()!.slice(0, -1));
  if (parts.length > 1 && parts[parts.length - 1]?.startsWith('-')) fragment.suffix = decode(parts.pop()!.slice(1));
  const [start, end] = parts.map(decode).map((part) => part.trim());
  if (!start) return undefined;
  return { ...fragment, start, ...(end ? { end } : {}) };
}

/** The fragment of a reply citation's quote ("start" or "start … end", as the site adapters write it). */
export function fragmentFromQuote(quote: string): TextFragment | undefined {
  const [start, end] = quote.split(' … ').map((part) => part.trim());
  if (!start) return undefined;
  return end ? { start, end } : { start };
}

/** How the fragment reads to a person: "start" or "start … end". */
export function fragmentQuote(fragment: TextFragment): string {
  return fragment.end ? `${fragment.start} … ${fragment.end}` : fragment.start;
}

/** Whitespace is dropped: the extractor may join or split inline elements (see above). */
const fold = (text: string) => foldText(text, { whitespace: 'drop' });

/**
 * Where the fragment's text is in `text` (UTF-16 offsets), or undefined. With an end, the match runs from
 * the start text to the first end text after it. Prefix and suffix choose between several matches; when
 * none has them (the extractor may have dropped a heading before the quote) the first match still counts,
 * since the quote itself is on the page.
 */
export function findTextFragment(text: string, fragment: TextFragment): { start: number; end: number } | undefined {
  const page = fold(text);
  const start = fold(fragment.start).value;
  const end = fragment.end ? fold(fragment.end).value : '';
  const prefix = fragment.prefix ? fold(fragment.prefix).value : '';
  const suffix = fragment.suffix ? fold(fragment.suffix).value : '';
  if (!start) return undefined;
  let first: { from: number; to: number } | undefined;
  for (let from = page.value.indexOf(start); from >= 0; from = page.value.indexOf(start, from + 1)) {
    let to = from + start.length;
    if (end) {
      const at = page.value.indexOf(end, to);
      if (at < 0) break; // no end after this start, so none after any later start either
      to = at + end.length;
    }
    const candidate = { from, to };
    first ??= candidate;
    const prefixOk = !prefix || page.value.slice(0, from).endsWith(prefix);
    const suffixOk = !suffix || page.value.startsWith(suffix, to);
    if (prefixOk && suffixOk) {
      first = candidate;
      break;
    }
  }
  if (!first) return undefined;
  return { start: page.offsets[first.from] ?? 0, end: (page.offsets[first.to - 1] ?? 0) + 1 };
}
