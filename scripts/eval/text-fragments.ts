/**
 * `npm run eval -- text-fragments [--data DIR] [--show-failures]` (default: ../shared/data/readability-pages when
 * present)
 * The share of passages whose text fragment finds exactly one match in the page's text as Readability
 * rendered it, over real article pages (Mozilla Readability's test pages: <name>/source.html and
 * expected.html). Target: at least 95%. See text-fragment-pages.ts for what is measured.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { resolveEvalData } from '../lib/eval-data';
import { measurePage } from './text-fragment-pages';

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { data: { type: 'string' }, 'show-failures': { type: 'boolean' } } });
  const dir = resolveEvalData(values.data, {
    evalName: 'text-fragments',
    what: "real article pages (a folder of <name>/source.html and expected.html, e.g. Readability's test pages)",
    sharedDefault: 'readability-pages',
  });
  const pages = readdirSync(dir)
    .filter((name) => existsSync(join(dir, name, 'source.html')) && existsSync(join(dir, name, 'expected.html')))
    .sort();
  let passages = 0;
  let unique = 0;
  let missing = 0;
  let ranges = 0;
  let withContext = 0;
  console.log('page'.padEnd(22) + 'passages  unique  share');
  for (const name of pages) {
    const result = measurePage(
      readFileSync(join(dir, name, 'source.html'), 'utf8'),
      readFileSync(join(dir, name, 'expected.html'), 'utf8'),
    );
    passages += result.passages;
    unique += result.unique;
    missing += result.missing;
    ranges += result.ranges;
    withContext += result.withContext;
    const share = result.passages ? ((100 * result.unique) / result.passages).toFixed(1) : '—';
    console.log(name.padEnd(22) + String(result.passages).padEnd(10) + String(result.unique).padEnd(8) + `${share}%`);
    if (values['show-failures'])
      for (const failure of result.failures) console.log(`    ${failure.matches} matches: ${failure.directive}`);
  }
  const share = passages ? unique / passages : 0;
  console.log(
    `\n${pages.length} pages, ${passages} passages: ${unique} fragments match exactly once (${(100 * share).toFixed(1)}%), ${missing} match nowhere, ${passages - unique - missing} more than once`,
  );
  console.log(
    `Fragments: ${ranges} ranges (start,end), ${passages - ranges} whole sentences; ${withContext} with prefix/suffix`,
  );
  console.log(`${share >= 0.95 ? 'PASS' : 'FAIL'} target ≥ 95%`);
}
