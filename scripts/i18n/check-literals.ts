/**
 * `npm run i18n:literals`: the no-literal-strings check (scripts/i18n/literals.ts) from the command line,
 * the same one `npm test` runs (tests/unit/scripts/i18n/literals.test.ts). Exit 1 and the list when the
 * interface code holds a literal not from the catalogue, or an `// i18n-exempt:` marker the check refuses;
 * otherwise it lists the exemptions, so a reviewer sees what is left in English and why.
 */
import { resolve } from 'node:path';

import { scanLiterals } from './literals';

const ROOT = resolve(import.meta.dirname, '../..');

const { literals, exemptions, markerProblems } = scanLiterals(ROOT);
for (const literal of literals)
  console.error(`${literal.file}:${literal.line}: a ${literal.kind} literal not from the catalogue: "${literal.text}"`);
for (const marker of markerProblems) console.error(`${marker.file}:${marker.line}: ${marker.problem}.`);
if (literals.length + markerProblems.length > 0) {
  console.error(
    'Use t() and the catalogue (docs/i18n/README.md), or, for words that are not interface text, a line ' +
      '`// i18n-exempt: <reason>` right above the statement that holds them.',
  );
  process.exitCode = 1;
} else {
  console.log(`No literal outside the catalogue; ${exemptions.length} exempted, not interface text:`);
  for (const { file, line, reason, texts } of exemptions)
    console.log(`  ${file}:${line}: ${reason} (${texts.map((text) => `"${text}"`).join(', ')})`);
}
