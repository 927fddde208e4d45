/**
 * Message keys and their parameters, typed from the English catalogue (the `default_locale`), so a key
 * that is not in it, or a missing or misspelt parameter, is a type error. Types only: the catalogue is
 * never bundled by this import.
 */
import type english from '../../public/_locales/en/messages.json';
import type { PluralCategory } from './catalogue';

type English = typeof english;
type EnglishKey = keyof English;

/** `badgeTitleWrong` for `badgeTitleWrong_one` / `badgeTitleWrong_other`: a message chosen by a count. */
export type PluralKey = { [K in EnglishKey]: K extends `${infer Base}_other` ? Base : never }[EnglishKey];
type PluralFormKey = `${PluralKey}_${PluralCategory}`;

/** Every key the code asks for: a plain message, or a plural message by its base name. */
export type MessageKey = Exclude<EnglishKey, PluralFormKey | 'localeCode'> | PluralKey;

type EntryOf<K extends MessageKey> = K extends EnglishKey
  ? English[K]
  : K extends PluralKey
    ? English[`${K}_other` & EnglishKey]
    : never;

type PlaceholderName<K extends MessageKey> = EntryOf<K> extends { placeholders: infer P } ? keyof P & string : never;

/** What fills a placeholder: text, or a number or date, which the translator formats for the locale. */
export type ParamValue = string | number | Date;

/** The parameters of a message: one per placeholder; `count` (plural messages) is a number. */
export type MessageParams<K extends MessageKey> = {
  [P in PlaceholderName<K>]: P extends 'count' ? number : ParamValue;
};

/** `t(key)` for a message without placeholders, `t(key, params)` for one with them. */
export type ParamsArgument<K extends MessageKey> = [PlaceholderName<K>] extends [never] ? [] : [MessageParams<K>];

/** The keys of messages without placeholders (`t(key)` alone). */
export type SimpleMessageKey = { [K in MessageKey]: ParamsArgument<K> extends [] ? K : never }[MessageKey];
