/**
 * docs/i18n/glossary.md is the agreed wording of verdicts, bands and stances per language; the catalogues
 * must say exactly that. This reads the glossary's table and lists every cell a catalogue disagrees with
 * (tests/unit/scripts/i18n/glossary.test.ts runs it in `npm test`).
 */
import type { Catalogue } from '../../lib/i18n/catalogue';

/** The glossary's table: per message name, the term per locale (header row: `message | en | es | …`). */
export function parseGlossary(markdown: string): Map<string, Map<string, string>> {
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, , ...body] = rows;
  if (!header || header[0] !== 'message') throw new Error('The glossary has no "message | en | …" table.');
  const locales = header.slice(1);
  return new Map(
    body.map((cells) => [
      cells[0]!.replace(/`/g, ''),
      new Map(locales.map((locale, index) => [locale, cells[index + 1] ?? ''])),
    ]),
  );
}

/** "`key` in `locale`: glossary says X, catalogue says Y" for every disagreement; empty when they agree. */
export function glossaryProblems(markdown: string, catalogues: ReadonlyMap<string, Catalogue>): string[] {
  const problems: string[] = [];
  for (const [key, terms] of parseGlossary(markdown))
    for (const [locale, term] of terms) {
      const catalogue = catalogues.get(locale);
      if (!catalogue) problems.push(`${key}: the glossary has a column "${locale}", which is no shipped locale`);
      else if (catalogue[key]?.message !== term)
        problems.push(`${key} in ${locale}: glossary says "${term}", catalogue says "${catalogue[key]?.message}"`);
    }
  return problems;
}
