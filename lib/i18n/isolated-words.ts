/**
 * The plain-text twin of isolated-message.tsx: a message whose parameters are text from elsewhere (a provider's
 * message, a URL, a host, a claim from the page, a stored English cause), each wrapped in a first-strong isolate
 * (U+2068 … U+2069) when the words read right to left. An English run inside an Arabic sentence then keeps its
 * own direction and its punctuation at its own end (docs/i18n/README.md, "Right to left"). Plain characters, so
 * this holds where no <bdi> can be (the page card, a tooltip, the Markdown export); React views use `tIsolated`.
 * Left-to-right words, and the English catalogue of the JSON export and the CLI, get the message unchanged.
 */
import { t, uiDirection } from './i18n';
import type { MessageKey, MessageParams, ParamsArgument } from './keys';
import type { Translator } from './translator';

/** First-strong isolate and pop directional isolate: the bidi algorithm lays out what is between them alone. */
const FSI = '\u2068';
const PDI = '\u2069';

/** Who says a message, and which way its words read (a translator of its own, or the interface's). */
export type Say = Pick<Translator, 't' | 'dir'>;

/** The interface language of this context, whichever it is when a word is read. */
export const INTERFACE_SAY: Say = {
  t,
  get dir() {
    return uiDirection();
  },
};

/** A text parameter of a message (`count` is a number, never isolated). */
export type TextParam<K extends MessageKey> = Exclude<keyof MessageParams<K>, 'count'>;

/** `value` in an isolate when `dir` reads right to left; as it is otherwise. */
export function isolate(value: string, dir: 'ltr' | 'rtl'): string {
  return dir === 'rtl' ? `${FSI}${value}${PDI}` : value;
}

/** Directional isolates a text may open (left-to-right, right-to-left, first-strong); PDI closes the last one. */
const OPENERS = new Set(['\u2066', '\u2067', FSI]);

/**
 * `text` cut to its first `keep` characters and "…" when it is longer than `over`, any isolate the cut left open
 * closed after the ellipsis: an unclosed isolate would take the words that follow it (the rest of the sentence, the
 * page's own) into its own direction. A surrogate pair is never split.
 */
export function clipIsolated(text: string, keep: number, over = keep): string {
  if (text.length <= over) return text;
  const cut = text.slice(0, /[\ud800-\udbff]/.test(text[keep - 1] ?? '') ? keep - 1 : keep);
  let open = 0;
  for (const char of cut) {
    if (OPENERS.has(char)) open += 1;
    else if (char === PDI && open > 0) open -= 1;
  }
  return `${cut}…${PDI.repeat(open)}`;
}

/**
 * `say.t(key, params)` with the parameters named in `names` (every text parameter when `names` is not given)
 * each isolated when `say` reads right to left.
 */
export function tIsolatedWords<K extends MessageKey>(
  key: K,
  params: MessageParams<K>,
  names?: readonly TextParam<K>[],
  say: Say = INTERFACE_SAY,
): string {
  const { dir } = say;
  const chosen = new Set<PropertyKey>(names ?? Object.keys(params));
  const isolated = Object.fromEntries(
    Object.entries(params as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'string' && chosen.has(name) ? isolate(value, dir) : value,
    ]),
  );
  return say.t(key, ...([isolated] as unknown as ParamsArgument<K>));
}

/** A `t` of `say` whose every text parameter is isolated (error-words.ts: all of them come from elsewhere). */
export function isolatingT(say: Say = INTERFACE_SAY) {
  return <K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string => {
    const [values] = params as unknown as [MessageParams<K> | undefined];
    return values ? tIsolatedWords(key, values, undefined, say) : say.t(key, ...params);
  };
}
