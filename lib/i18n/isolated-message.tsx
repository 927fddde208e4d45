/**
 * A message whose parameters are text from elsewhere (a failure's cause in the adapter's English, a host, a
 * URL, a page's title): each is rendered in a `<bdi>`, so it keeps its own direction inside the translated
 * sentence. In an Arabic sentence an English cause otherwise takes the sentence's right-to-left direction and
 * its punctuation lands at the wrong end (docs/i18n/README.md, "Right to left"). The message is still one
 * whole `t()` message, so translators place the parameter where their language wants it.
 */
import type { ReactNode } from 'react';

import { t } from './i18n';
import type { MessageKey, MessageParams } from './keys';

/** Private-use marks around a parameter's index: neither the catalogues nor the parameters contain them. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKED = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/** `t(key, params)` with the parameters named in `isolate` each in a `<bdi>` (a text parameter, not `count`). */
export function tIsolated<K extends MessageKey>(
  key: K,
  params: MessageParams<K>,
  isolate: readonly Exclude<keyof MessageParams<K>, 'count'>[],
): ReactNode {
  const values: string[] = [];
  const marked: Record<string, unknown> = { ...params };
  for (const name of isolate) {
    marked[name as string] = `${OPEN}${values.length}${CLOSE}`;
    values.push(String(params[name]));
  }
  const translate = t as (key: K, params: Record<string, unknown>) => string;
  // split with a capture group: the text between marks at even indexes, the marks' indexes at odd ones.
  return translate(key, marked)
    .split(MARKED)
    .map((part, index) => (index % 2 === 0 ? part : <bdi key={index}>{values[Number(part)]}</bdi>));
}
