/**
 * `npm run eval -- extract [--data DIR] --out OUT.json [--show-worst N]` (default DIR:
 * ../shared/data/article-extraction)
 *
 * Scores our article extraction on the public article extraction benchmark (DIR holds `ground-truth.json`
 * `{id: {url, articleBody}}` and `html/<id>.html.gz`): writes `{id: {articleBody}}` for our extractor to
 * OUT.json and prints precision / recall / F1 over 4-token shingles (the benchmark's metric, see
 * `shingle-metrics.ts`) for our extractor and for plain Readability on the same linkedom parse, side by
 * side, with the wall time per page.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';

import { Readability } from '@mozilla/readability';

import { decodeHtml } from '../../lib/extract/charset';
import { parseWithLinkedom } from '../../lib/extract/linkedom-extractor';
import { extractArticle } from '../../lib/extract/readability-extract';
import { InputError, resolveEvalData } from '../lib/eval-data';
import { corpusScores, type PageCounts, pageCounts } from './shingle-metrics';

interface GroundTruthEntry {
  url: string;
  articleBody: string;
}

interface Page extends GroundTruthEntry {
  id: string;
  html: string;
}

/** One extractor under test: html + url → article body ('' when it finds none). */
interface Contender {
  name: string;
  extract(html: string, url: string): string;
}

const CONTENDERS: Contender[] = [
  {
    name: 'factlight (Readability + cleanup)',
    extract: (html, url) => extractArticle(parseWithLinkedom(html), url)?.text ?? '',
  },
  {
    // The benchmark's own Readability.js runner prints `textContent`; we do the same on our linkedom parse.
    name: 'plain Readability (linkedom)',
    extract: (html) => new Readability(parseWithLinkedom(html)).parse()?.textContent ?? '',
  },
];

async function loadPages(dir: string): Promise<Page[]> {
  const truth = JSON.parse(await readFile(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, GroundTruthEntry>;
  const files = new Set(await readdir(join(dir, 'html')));
  const pages: Page[] = [];
  for (const [id, entry] of Object.entries(truth).sort(([a], [b]) => a.localeCompare(b))) {
    const file = `${id}.html.gz`;
    if (!files.has(file)) throw new InputError(`${dir}/html/${file} is missing (listed in ground-truth.json)`);
    const bytes = gunzipSync(await readFile(join(dir, 'html', file)));
    pages.push({ id, url: entry.url, articleBody: entry.articleBody ?? '', html: decodeHtml(bytes) });
  }
  return pages;
}

interface Result {
  name: string;
  counts: PageCounts[];
  bodies: Record<string, { articleBody: string }>;
  msPerPage: number;
}

/**
 * Runs every contender on each page in turn, so both see the same warm JIT and the same machine load
 * (running one contender over all pages and then the next skews the wall times).
 */
function runAll(contenders: Contender[], pages: Page[]): Result[] {
  const results = contenders.map((c): Result => ({ name: c.name, counts: [], bodies: {}, msPerPage: 0 }));
  for (const page of pages) {
    contenders.forEach((contender, i) => {
      const result = results[i];
      if (!result) return;
      const started = performance.now();
      const articleBody = contender.extract(page.html, page.url);
      result.msPerPage += performance.now() - started;
      result.bodies[page.id] = { articleBody };
      result.counts.push(pageCounts(page.articleBody, articleBody));
    });
  }
  for (const result of results) result.msPerPage /= Math.max(1, pages.length);
  return results;
}

function printTable(results: Result[], pageCount: number): void {
  const width = Math.max(...results.map((r) => r.name.length));
  console.log(`\nArticle extraction, ${pageCount} pages, 4-token shingles (article-extraction-benchmark metric)\n`);
  console.log(`${'extractor'.padEnd(width)}  precision  recall  F1      ms/page`);
  for (const result of results) {
    const { precision, recall, f1 } = corpusScores(result.counts);
    const cells = [
      precision.toFixed(3).padStart(9),
      recall.toFixed(3).padStart(6),
      f1.toFixed(3).padEnd(6),
      result.msPerPage.toFixed(1).padStart(7),
    ];
    console.log(`${result.name.padEnd(width)}  ${cells.join('  ')}`);
  }
}

/** Lists the pages where our extractor loses most precision or recall, to look at by hand. */
function printWorst(result: Result, pages: Page[], count: number): void {
  const rows = pages.map((page, i) => ({ page, c: result.counts[i] ?? { tp: 0, fp: 0, fn: 0 } }));
  const precision = (c: PageCounts): number => (c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 1);
  const recall = (c: PageCounts): number => (c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 1);
  for (const [label, score] of [
    ['precision', precision],
    ['recall', recall],
  ] as const) {
    console.log(`\nlowest ${label} (${result.name}):`);
    for (const { page, c } of [...rows].sort((a, b) => score(a.c) - score(b.c)).slice(0, count)) {
      console.log(`  ${score(c).toFixed(3)}  ${page.id.slice(0, 12)}  ${page.url}`);
    }
  }
}

/** Entry point called by `scripts/eval.ts`. */
export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { data: { type: 'string' }, out: { type: 'string' }, 'show-worst': { type: 'string' } },
  });
  if (!values.out) throw new InputError('Usage: npm run eval -- extract [--data DIR] --out OUT.json [--show-worst N]');
  const data = resolveEvalData(values.data, {
    evalName: 'extract',
    what: 'the article extraction benchmark (a folder with ground-truth.json and html/)',
    sharedDefault: 'article-extraction',
    contains: ['ground-truth.json', 'html'],
  });
  const pages = await loadPages(data);
  const results = runAll(CONTENDERS, pages);
  const ours = results[0];
  if (!ours) throw new Error('no extractor ran');
  await writeFile(values.out, `${JSON.stringify(ours.bodies, null, 2)}\n`);
  printTable(results, pages.length);
  if (values['show-worst']) printWorst(ours, pages, Number(values['show-worst']));
  console.log(`\nour article bodies: ${values.out}`);
}
