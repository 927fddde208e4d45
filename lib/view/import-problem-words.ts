/**
 * Why an export file cannot be imported, in the interface language (lib/db/import-problems.ts has the codes).
 * What the file or the parser said itself (the JSON parser's message, the damaged fields) is isolated, as given.
 */
import { importMegabytes, type ImportProblem } from '../db/import-problems';
import { formatNumber } from '../i18n/i18n';
import { isolatingT } from '../i18n/isolated-words';
import { INTERFACE_WORDS } from './headline-words';

/** Megabytes in the interface language's way ("513 MB", "513 Mo"). */
function size(bytes: number): string {
  return formatNumber(importMegabytes(bytes), { style: 'unit', unit: 'megabyte' });
}

export function importProblemWords(problem: ImportProblem): string {
  const t = isolatingT(INTERFACE_WORDS);
  switch (problem.code) {
    case 'file-too-big':
      return t('importFileTooBig', { size: size(problem.bytes), limit: size(problem.limitBytes) });
    case 'check-too-big':
      return t('importCheckTooBig', { limit: size(problem.limitBytes) });
    case 'not-json':
      return t('importNotJson', { detail: problem.detail });
    case 'not-an-export':
      return t('importNotAnExport', { format: problem.format });
    case 'unsupported-version':
      return t('importUnsupportedVersion', { found: problem.found, version: formatNumber(problem.version) });
    case 'damaged':
      return t('importDamaged', { issues: problem.issues });
  }
}
