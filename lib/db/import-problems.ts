/**
 * Why an export file cannot be imported, as a code and what was seen: worded in the interface language where it
 * is shown (lib/view/import-problem-words.ts); `englishImportProblem` keeps the English words beside it (the
 * background's reply). What the file or the JSON parser said itself (a parser's message, a path) stays as given.
 */
export type ImportProblem =
  | { code: 'file-too-big'; bytes: number; limitBytes: number }
  | { code: 'check-too-big'; limitBytes: number }
  | { code: 'not-json'; detail: string }
  | { code: 'not-an-export'; format: string }
  | { code: 'unsupported-version'; found: string; version: number }
  | { code: 'damaged'; issues: string };

const megabytes = (bytes: number) => Math.ceil(bytes / (1024 * 1024));

/** Megabytes as the import's messages say them, rounded up (a file of 512.1 MB is over 512 MB). */
export { megabytes as importMegabytes };

/** The problem in English: the background's reply and any caller without a catalogue. */
export function englishImportProblem(problem: ImportProblem): string {
  switch (problem.code) {
    case 'file-too-big':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `The file is ${megabytes(problem.bytes)} MB; Factlight imports files up to ${megabytes(problem.limitBytes)} MB. Export fewer checks at a time.`;
    case 'check-too-big':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `One check in this file is too large to import (over ${megabytes(problem.limitBytes)} MB).`;
    case 'not-json':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `The file is not valid JSON (${problem.detail}).`;
    case 'not-an-export':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `This is not a Factlight export: "format" must be "${problem.format}".`;
    case 'unsupported-version':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `Unsupported export version ${problem.found}: this Factlight reads version ${problem.version}.`;
    case 'damaged':
      // i18n-exempt: the English kept beside the code; the side panel words the code (import-problem-words.ts)
      return `The export is damaged: ${problem.issues}`;
  }
}
