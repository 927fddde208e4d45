/**
 * Splits an export file into parts small enough to send to the background one message at a time. Chrome
 * refuses a runtime message whose JSON is over 64 MiB (measured in Chromium 156: exactly 64 MiB passes, one
 * byte more fails), and an export of ~5,000 checks is bigger than that; each part is a complete export file of
 * its own, so the background validates every part exactly as it would a whole file. The side panel validates
 * the whole file first, so a damaged file sends nothing. A file over `MAX_IMPORT_BYTES` is refused before it
 * is read: it says so instead of stalling the panel.
 */
import { parseChecksImport, type ParsedChecksImport } from './export-import';
import { MAX_IMPORT_MESSAGE_CHARS } from './import-limit';
import { englishImportProblem, type ImportProblem } from './import-problems';

/** The largest file the side panel reads (an export of ~40,000 checks). */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
/** JSON characters per part: well under Chrome's 64 MiB message limit (JSON strings escape some characters). */
export const IMPORT_PART_CHARS = 8 * 1024 * 1024;
export { MAX_IMPORT_MESSAGE_CHARS };

export type ImportParts =
  { ok: true; parts: string[]; checks: number } | { ok: false; error: string; problem: ImportProblem };

/** Why a file of `bytes` cannot be imported, or undefined when its size is fine. */
export function importSizeProblem(bytes: number): ImportProblem | undefined {
  if (bytes <= MAX_IMPORT_BYTES) return undefined;
  return { code: 'file-too-big', bytes, limitBytes: MAX_IMPORT_BYTES };
}

/** Validates a whole export file, then cuts its checks into export files of at most `partChars` each. */
export function splitChecksImport(json: string, partChars = IMPORT_PART_CHARS): ImportParts {
  const whole: ParsedChecksImport = parseChecksImport(json);
  if (!whole.ok) return whole;
  const file = JSON.parse(json) as { format: string; version: number; exportedAt?: unknown; checks: unknown[] };
  const header = { format: file.format, version: file.version, exportedAt: file.exportedAt };
  const wrap = (checks: string[]) => `${JSON.stringify(header).slice(0, -1)},"checks":[${checks.join(',')}]}`;
  const empty = wrap([]).length;
  const parts: string[] = [];
  let current: string[] = [];
  let size = empty;
  for (const check of file.checks) {
    const text = JSON.stringify(check);
    if (empty + text.length > MAX_IMPORT_MESSAGE_CHARS) {
      const problem: ImportProblem = { code: 'check-too-big', limitBytes: MAX_IMPORT_MESSAGE_CHARS };
      return { ok: false, error: englishImportProblem(problem), problem };
    }
    if (current.length > 0 && size + text.length + 1 > partChars) {
      parts.push(wrap(current));
      current = [];
      size = empty;
    }
    current.push(text);
    size += text.length + 1;
  }
  if (current.length > 0 || parts.length === 0) parts.push(wrap(current));
  return { ok: true, parts, checks: file.checks.length };
}
