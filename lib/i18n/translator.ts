/**
 * `t(key, params)` over a message source: picks a plural message by `Intl.PluralRules` of the catalogue's
 * own locale, formats numbers and dates with Intl, and passes named parameters to the source in the
 * catalogue's positional order (see catalogue.ts). Also the formatters the UI uses for numbers, dates and
 * relative times, so nothing is formatted by hand or in another locale than the words around it.
 */
import { placeholderOrder, textDirection, toLanguageTag } from './catalogue';
import type { MessageKey, ParamsArgument, ParamValue } from './keys';

/** Where messages come from: the browser's `i18n.getMessage`, or a catalogue loaded for a chosen language. */
export interface MessageSource {
  /** The folder name of the catalogue in use (`ar`, `pt_BR`): the words' language, whatever the browser says. */
  readonly locale: string;
  /** The message with its positional substitutions, or '' when there is none. */
  message(name: string, substitutions: string[]): string;
}

export interface Translator {
  /** The locale of the catalogue in use, as a BCP 47 tag (`pt-BR`), for `lang` and Intl. */
  readonly locale: string;
  /** Its writing direction, for `dir` on the pages and the in-page card. */
  readonly dir: 'ltr' | 'rtl';
  t<K extends MessageKey>(key: K, ...params: ParamsArgument<K>): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string;
  /** "yesterday", "in 3 hours": `value` units from now (negative: past). */
  formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string;
}

export function createTranslator(source: MessageSource): Translator {
  const locale = toLanguageTag(source.locale);
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  const formatValue = (value: ParamValue): string =>
    typeof value === 'number' ? numbers.format(value) : value instanceof Date ? dates.format(value) : value;

  return {
    locale,
    dir: textDirection(locale),
    t(key, ...rest) {
      const params = (rest[0] ?? {}) as Record<string, ParamValue>;
      const substitutions = placeholderOrder(Object.keys(params)).map((name) => formatValue(params[name]!));
      // Only plural messages have a `count` placeholder (scripts/i18n/catalogue-rules.ts holds every catalogue to it).
      const count = params.count;
      if (typeof count === 'number') {
        const text = source.message(`${key}_${plurals.select(count)}`, substitutions);
        return text || source.message(`${key}_other`, substitutions) || key;
      }
      return source.message(key, substitutions) || key;
    },
    formatNumber: (value, options) => (options ? new Intl.NumberFormat(locale, options) : numbers).format(value),
    formatDate: (value, options) => (options ? new Intl.DateTimeFormat(locale, options) : dates).format(value),
    formatRelativeTime: (value, unit) => relative.format(value, unit),
  };
}
