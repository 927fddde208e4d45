/**
 * Records of words for a set of values (verdicts, link states, …), each read from the catalogue when it is
 * looked up, so it speaks the interface language of that moment. Its own module so that any word list can use
 * it without importing the others (lib/view/labels.ts imports the database's types).
 */
import { t } from './i18n';
import type { SimpleMessageKey } from './keys';

/** A record whose every value is the message of its key, read at lookup time. */
export function messages<K extends string>(keys: Record<K, SimpleMessageKey>): Readonly<Record<K, string>> {
  const record = {} as Record<K, string>;
  for (const [value, key] of Object.entries(keys) as Array<[K, SimpleMessageKey]>)
    Object.defineProperty(record, value, { enumerable: true, get: () => t(key) });
  return record;
}
