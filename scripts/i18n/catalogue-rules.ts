/**
 * What keeps the message catalogues (public/_locales/<locale>/messages.json) whole, checked by
 * tests/unit/scripts/i18n/catalogue-rules.test.ts in `npm test`:
 * - every shipped locale has a catalogue and nothing else sits in _locales;
 * - every locale has every English key and no other, except plural messages, which have exactly the CLDR
 *   categories of their own locale (Intl.PluralRules(locale).resolvedOptions().pluralCategories: Arabic
 *   six, French three, Japanese one);
 * - placeholders match English's, each bound to `$1`, `$2`, … in the alphabetical order of the names
 *   (lib/i18n/translator.ts passes named values that way), each one used, none undeclared; `count` only in
 *   plural messages, and left out only of a form that stands for one number (Arabic "two" means 2);
 * - `localeCode` is the folder's name (the code reads the catalogue's locale from it);
 * - the manifest's name and description fit the stores' limits in every locale (75 and 132 characters,
 *   developer.chrome.com/docs/extensions/reference/manifest/name and …/description);
 * - in a right-to-left locale no arrow (← →) sits between two Latin runs without a right-to-left mark or an
 *   isolate beside it: the Unicode bidi algorithm (UAX #9, rule N1) makes a neutral between two left-to-right
 *   runs left-to-right, so "platform.openai.com ← API keys" becomes one left-to-right run whose arrow points
 *   back to the first step. A U+200F RLM each side of the arrow keeps the steps in right-to-left order.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  type Catalogue,
  DEFAULT_LOCALE,
  LOCALES,
  type MessageEntry,
  placeholderOrder,
  textDirection,
  toLanguageTag,
} from '../../lib/i18n/catalogue';

const PLURAL_FORM = /^(.+)_(zero|one|two|few|many|other)$/;
const NAME = /^[A-Za-z0-9_]+$/;
export const NAME_LIMIT = 75;
export const DESCRIPTION_LIMIT = 132;

/** The catalogues in a `_locales` folder, by folder name. */
export function readCatalogues(localesDir: string): Map<string, Catalogue> {
  const catalogues = new Map<string, Catalogue>();
  for (const locale of readdirSync(localesDir)) {
    const file = join(localesDir, locale, 'messages.json');
    if (existsSync(file)) catalogues.set(locale, JSON.parse(readFileSync(file, 'utf8')) as Catalogue);
  }
  return catalogues;
}

/** The plural bases of a catalogue: `badgeTitleWrong` for `badgeTitleWrong_other`. */
function pluralBases(catalogue: Catalogue): Set<string> {
  return new Set(Object.keys(catalogue).flatMap((name) => (name.endsWith('_other') ? [name.slice(0, -6)] : [])));
}

/** Whether exactly one whole number takes `category` in `locale` (then a form may say it in words). */
function exactCategory(locale: string, category: string): boolean {
  const rules = new Intl.PluralRules(toLanguageTag(locale));
  let numbers = 0;
  for (let n = 0; n <= 1000; n++) if (rules.select(n) === category) numbers++;
  return numbers === 1;
}

/** The `$NAME$` tokens a message uses, lower-cased. */
function usedPlaceholders(message: string): Set<string> {
  return new Set([...message.replace(/\$\$/g, '').matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]!.toLowerCase()));
}

function placeholderProblems(where: string, entry: MessageEntry, expected: string[], mayOmitCount: boolean): string[] {
  const problems: string[] = [];
  const declared = placeholderOrder(Object.keys(entry.placeholders ?? {}));
  if (declared.join() !== expected.join())
    problems.push(`${where}: placeholders [${declared.join(', ')}], English has [${expected.join(', ')}]`);
  for (const [name, value] of Object.entries(entry.placeholders ?? {})) {
    const position = `$${placeholderOrder(Object.keys(entry.placeholders ?? {})).indexOf(name.toLowerCase()) + 1}`;
    if (value.content !== position)
      problems.push(`${where}: placeholder ${name} is "${value.content}", must be "${position}" (alphabetical order)`);
  }
  const used = usedPlaceholders(entry.message);
  for (const name of declared)
    if (!used.has(name) && !(name === 'count' && mayOmitCount))
      problems.push(`${where}: placeholder $${name.toUpperCase()}$ is declared but not used`);
  for (const name of used)
    if (!declared.includes(name)) problems.push(`${where}: $${name.toUpperCase()}$ is not declared`);
  if (/\$[1-9]/.test(entry.message.replace(/\$\$/g, '')))
    problems.push(`${where}: uses a positional $n; name it with a placeholder`);
  return problems;
}

/** Every rule the catalogues break; empty when they are whole. */
/**
 * An arrow whose nearest letters on both sides are Latin, with nothing strong right-to-left or isolating between
 * (U+200F RLM, U+2066–U+2069 isolates): in a right-to-left paragraph it reads the wrong way.
 */
const ARROW_BETWEEN_LATIN =
  /\p{Script=Latin}[^\p{L}\u200f\u2066-\u2069]*[←→][^\p{L}\u200f\u2066-\u2069]*\p{Script=Latin}/u;

/** The messages of a right-to-left catalogue whose arrows between two Latin runs would point the wrong way. */
export function arrowProblems(locale: string, catalogue: Catalogue): string[] {
  if (textDirection(toLanguageTag(locale)) !== 'rtl') return [];
  return Object.entries(catalogue)
    .filter(([, entry]) => typeof entry.message === 'string' && ARROW_BETWEEN_LATIN.test(entry.message))
    .map(([name]) => `${locale}: ${name} has an arrow between two Latin runs with no RLM or isolate beside it`);
}

export function catalogueProblems(catalogues: Map<string, Catalogue>): string[] {
  const problems: string[] = [];
  for (const locale of LOCALES) if (!catalogues.has(locale)) problems.push(`${locale}: no messages.json`);
  for (const locale of catalogues.keys())
    if (!(LOCALES as readonly string[]).includes(locale)) problems.push(`${locale}: not a shipped locale (LOCALES)`);
  const english = catalogues.get(DEFAULT_LOCALE);
  if (!english) return problems;
  const bases = pluralBases(english);
  const plainKeys = Object.keys(english).filter((name) => {
    const form = PLURAL_FORM.exec(name);
    return !(form && bases.has(form[1]!));
  });
  for (const name of plainKeys) {
    if (bases.has(name)) problems.push(`en: ${name} is both a message and a plural base`);
    if (!english[name]!.description) problems.push(`en: ${name} has no description for translators`);
  }
  for (const name of Object.keys(english))
    if (!NAME.test(name)) problems.push(`en: "${name}" is not a message name (A–Z, a–z, 0–9, _)`);

  for (const [locale, catalogue] of catalogues) {
    const categories = new Intl.PluralRules(toLanguageTag(locale)).resolvedOptions().pluralCategories as string[];
    const expected = new Set([...plainKeys, ...[...bases].flatMap((base) => categories.map((c) => `${base}_${c}`))]);
    for (const name of expected) if (!catalogue[name]) problems.push(`${locale}: ${name} is missing`);
    for (const name of Object.keys(catalogue))
      if (!expected.has(name)) problems.push(`${locale}: ${name} is not expected`);
    for (const [name, entry] of Object.entries(catalogue)) {
      if (!expected.has(name)) continue;
      const where = `${locale}: ${name}`;
      if (typeof entry.message !== 'string' || !entry.message.trim()) {
        problems.push(`${where}: empty message`);
        continue;
      }
      const form = PLURAL_FORM.exec(name);
      const plural = form && bases.has(form[1]!) ? { base: form[1]!, category: form[2]! } : undefined;
      const model = english[plural ? `${plural.base}_other` : name]!;
      const wanted = placeholderOrder(Object.keys(model.placeholders ?? {}));
      if (plural && !wanted.includes('count')) problems.push(`en: ${plural.base}_other has no $COUNT$ placeholder`);
      if (!plural && wanted.includes('count') && locale === DEFAULT_LOCALE)
        problems.push(`en: ${name} has a count but is not a plural message (${name}_one, ${name}_other)`);
      const mayOmitCount = plural !== undefined && exactCategory(locale, plural.category);
      problems.push(...placeholderProblems(where, entry, wanted, mayOmitCount));
    }
    if (catalogue.localeCode && catalogue.localeCode.message !== locale)
      problems.push(`${locale}: localeCode is "${catalogue.localeCode.message}", must be the folder name`);
    const name = catalogue.extName?.message ?? '';
    if (name.length > NAME_LIMIT)
      problems.push(`${locale}: extName has ${name.length} characters (at most ${NAME_LIMIT})`);
    problems.push(...arrowProblems(locale, catalogue));
    const description = catalogue.extDescription?.message ?? '';
    if (description.length > DESCRIPTION_LIMIT)
      problems.push(`${locale}: extDescription has ${description.length} characters (at most ${DESCRIPTION_LIMIT})`);
  }
  return problems;
}
