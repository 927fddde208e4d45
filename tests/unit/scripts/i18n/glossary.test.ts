import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../../../lib/i18n/catalogue';
import { readCatalogues } from '../../../../scripts/i18n/catalogue-rules';
import { glossaryProblems, parseGlossary } from '../../../../scripts/i18n/glossary';

const ROOT = resolve(import.meta.dirname, '../../../..');
const GLOSSARY = readFileSync(resolve(ROOT, 'docs/i18n/glossary.md'), 'utf8');
const CATALOGUES = readCatalogues(resolve(ROOT, 'public/_locales'));

describe('verdict glossary', () => {
  it('covers every verdict, band and stance in every shipped locale', () => {
    const glossary = parseGlossary(GLOSSARY);
    const english = CATALOGUES.get('en')!;
    const terms = Object.keys(english).filter((key) => /^(verdict|band|stance)_/.test(key));
    expect([...glossary.keys()].sort()).toEqual(terms.sort());
    for (const row of glossary.values()) expect([...row.keys()]).toEqual([...LOCALES]);
  });

  it('is what the catalogues say, word for word', () => {
    expect(glossaryProblems(GLOSSARY, CATALOGUES)).toEqual([]);
  });

  it('finds a catalogue that strays from it', () => {
    const german = { ...CATALOGUES.get('de')!, verdict_couldNotCheck: { message: 'Nicht prüfbar' } };
    const strayed = new Map([...CATALOGUES, ['de', german]]);
    expect(glossaryProblems(GLOSSARY, strayed)).toEqual([
      'verdict_couldNotCheck in de: glossary says "Prüfung nicht möglich", catalogue says "Nicht prüfbar"',
    ]);
  });
});
