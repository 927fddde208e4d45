import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { type CheckView, loadCheckView } from '../../../../lib/db/check-view';
import { exportChecksJson, parseChecksImport, writeImportedChecks } from '../../../../lib/db/export-import';
import {
  importSizeProblem,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_MESSAGE_CHARS,
  splitChecksImport,
} from '../../../../lib/db/import-chunks';
import { englishImportProblem } from '../../../../lib/db/import-problems';
import type { FactlightDb } from '../../../../lib/db/schema';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';
import { buildCheckView, freshDb, seedView } from '../../support/check-fixtures';

/** The export's headline words: the English catalogue's, as the side panel loads them. */
const ENGLISH = defaultTranslator();

let source: FactlightDb;
let target: FactlightDb;
beforeEach(() => {
  source = freshDb();
  target = freshDb();
});
afterEach(async () => {
  await source.delete();
  await target.delete();
});

/** Issue 24: an export too big for one message (Chrome: 64 MiB) is imported in parts, each a whole file. */
describe('import in parts', () => {
  it('cuts an export into valid files under the part size, which together import every check', async () => {
    const views: CheckView[] = [];
    for (let i = 0; i < 40; i++) {
      await seedView(source, buildCheckView({ id: `chk-${i}`, createdAt: i }));
      views.push((await loadCheckView(source, `chk-${i}`))!);
    }
    const json = exportChecksJson(views, ENGLISH);
    const partChars = Math.ceil(JSON.stringify(JSON.parse(json)).length / 7);
    const split = splitChecksImport(json, partChars);
    if (!split.ok) throw new Error(split.error);
    expect(split.checks).toBe(40);
    expect(split.parts.length).toBeGreaterThanOrEqual(7);
    let imported = 0;
    for (const part of split.parts) {
      expect(part.length).toBeLessThanOrEqual(partChars);
      const parsed = parseChecksImport(part);
      if (!parsed.ok) throw new Error(parsed.error);
      imported += (await writeImportedChecks(target, parsed)).imported;
    }
    expect(imported).toBe(40);
    for (const view of views) expect(await loadCheckView(target, view.check.id)).toEqual(view);
  });

  it('sends nothing from a damaged file, and refuses a file over the size cap with a clear message', () => {
    const split = splitChecksImport('{"format":"factlight-checks","version":1,"checks":[{"check":{}}]}');
    expect(split.ok ? 'accepted' : split.error).toMatch(/^The export is damaged: /);
    expect(split.ok ? 'accepted' : split.problem.code).toBe('damaged');
    expect(importSizeProblem(MAX_IMPORT_BYTES)).toBeUndefined();
    const tooBig = importSizeProblem(MAX_IMPORT_BYTES + 1);
    expect(tooBig).toEqual({ code: 'file-too-big', bytes: MAX_IMPORT_BYTES + 1, limitBytes: MAX_IMPORT_BYTES });
    expect(englishImportProblem(tooBig!)).toBe(
      'The file is 513 MB; Factlight imports files up to 512 MB. Export fewer checks at a time.',
    );
    expect(MAX_IMPORT_MESSAGE_CHARS).toBeLessThan(64 * 1024 * 1024);
  });
});
