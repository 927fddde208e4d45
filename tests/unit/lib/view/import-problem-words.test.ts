/**
 * Why a file is not imported, in the interface language: the side panel shows it inside "Not imported: …", so
 * English words there would reach the reader in every language.
 */
import { afterEach, describe, expect, it } from 'vitest';

import { parseChecksImport } from '../../../../lib/db/export-import';
import { importSizeProblem, MAX_IMPORT_BYTES } from '../../../../lib/db/import-chunks';
import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import { importProblemWords } from '../../../../lib/view/import-problem-words';
import { shippedCatalogue } from '../../support/catalogue-keys';

afterEach(() => setMessageSource(browserSource()));

const problemOf = (json: string) => {
  const parsed = parseChecksImport(json);
  if (parsed.ok) throw new Error('accepted');
  return parsed.problem;
};

describe('importProblemWords', () => {
  it('says the English the background keeps, in an English interface', () => {
    const problem = problemOf('{"format":"other"}');
    expect(importProblemWords(problem)).toBe('This is not a Factlight export: "format" must be "factlight-checks".');
    expect(importProblemWords(importSizeProblem(MAX_IMPORT_BYTES + 1)!)).toBe(
      'The file is 513 MB; Factlight imports files up to 512 MB. Export fewer checks at a time.',
    );
  });

  it('says each problem in Spanish, with sizes in its own way', () => {
    setMessageSource(catalogueSource('es', shippedCatalogue('es') as Catalogue));
    expect(importProblemWords(problemOf('{"format":"other"}'))).toBe(
      'No es una exportación de Factlight: "format" debe ser "factlight-checks".',
    );
    expect(importProblemWords(problemOf('{"format":"factlight-checks","version":99}'))).toBe(
      'Versión de exportación no admitida: 99. Este Factlight lee la versión 1.',
    );
    expect(importProblemWords(problemOf('{"format":"factlight-checks","version":1,"checks":[{"check":{}}]}'))).toMatch(
      /^La exportación está dañada: /,
    );
    expect(importProblemWords(problemOf('not json'))).toMatch(/^El archivo no es JSON válido \(.+\)\.$/);
    expect(importProblemWords(importSizeProblem(MAX_IMPORT_BYTES + 1)!)).toBe(
      'El archivo ocupa 513 MB; Factlight importa archivos de hasta 512 MB. Exporta menos verificaciones cada vez.',
    );
  });

  it('says them in Japanese', () => {
    setMessageSource(catalogueSource('ja', shippedCatalogue('ja') as Catalogue));
    expect(importProblemWords(problemOf('{"format":"other"}'))).toBe(
      'Factlight のエクスポートではありません。"format" は "factlight-checks" である必要があります。',
    );
  });
});
