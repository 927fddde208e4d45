/**
 * `npm run i18n:literals`: the no-literal-strings check (scripts/i18n/literals.ts) from the command line,
 * the same one `npm test` runs (tests/unit/scripts/i18n/literals.test.ts). Exit 1 and the list when a new
 * literal appears or a baseline line is gone; `-- --update` rewrites the baseline to what the code holds
 * (after converting strings to the catalogue: the baseline should only ever shrink).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { compareWithBaseline, formatBaseline, scanLiterals } from './literals';

const ROOT = resolve(import.meta.dirname, '../..');
const BASELINE = resolve(ROOT, 'scripts/i18n/literals-baseline.tsv');

const literals = scanLiterals(ROOT);
if (process.argv.includes('--update')) {
  writeFileSync(BASELINE, formatBaseline(literals));
  console.log(`${literals.length} literals left to convert, written to scripts/i18n/literals-baseline.tsv.`);
} else {
  const { added, gone } = compareWithBaseline(literals, readFileSync(BASELINE, 'utf8'));
  for (const literal of added)
    console.error(
      `${literal.file}:${literal.line}: a ${literal.kind} literal not from the catalogue: "${literal.text}"`,
    );
  for (const line of gone) console.error(`No longer in the code (take it out of the baseline): ${line}`);
  if (added.length + gone.length > 0) {
    console.error(
      'Use t() and the catalogue (docs/i18n/README.md); after converting, run npm run i18n:literals -- --update.',
    );
    process.exitCode = 1;
  } else console.log(`${literals.length} literals left to convert, none new.`);
}
