/**
 * The catalogue keys a module's source quotes (a plural message by its base name): for tests that hold a
 * content script's list of asked-for messages to what its modules show.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../../..');
const english = JSON.parse(readFileSync(join(ROOT, 'public/_locales/en/messages.json'), 'utf8')) as object;

/** The keys quoted in `file` (relative to the repository root). */
export function catalogueKeysIn(file: string): string[] {
  const quoted = [...readFileSync(join(ROOT, file), 'utf8').matchAll(/'([A-Za-z0-9_]+)'/g)].map((match) => match[1]!);
  return [...new Set(quoted.filter((name) => name in english || `${name}_other` in english))];
}

/** A shipped catalogue (public/_locales/<locale>/messages.json). */
export function shippedCatalogue(locale: string): Record<string, { message: string }> {
  return JSON.parse(readFileSync(join(ROOT, 'public/_locales', locale, 'messages.json'), 'utf8')) as Record<
    string,
    { message: string }
  >;
}

/** What the background answers a content script asking for `keys` in `locale`: those messages, plural forms too. */
export function interfaceCatalogueAnswer(locale: string, keys: readonly string[]) {
  const messages = Object.entries(shippedCatalogue(locale)).filter(([name]) =>
    keys.some((key) => name === key || name.startsWith(`${key}_`)),
  );
  return { locale, messages: Object.fromEntries(messages) };
}
