/**
 * Factcheck-Bench subtask 3 (one row per claim–passage pair: `{claim, evidence, stance}`) → the passage
 * eval's format, one line per claim: `{id, claim, passages, relevant, stances}`. The output serves as both
 * `--data` and `--gold` of `npm run eval -- passages`.
 *
 * Rows are grouped by claim text in order of first appearance; passages keep their order in the file;
 * `relevant` = indices whose stance is not "irrelevant" (supporting, partially supporting or refuting
 * passages are all evidence worth showing the judge).
 *
 * Usage: npx tsx scripts/eval/convert-factcheck-stance.ts IN.jsonl OUT.jsonl
 */
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

import { parseJsonl } from '../lib/jsonl';

export interface PassageItem {
  id: string;
  claim: string;
  passages: string[];
  relevant: number[];
  stances?: string[];
}

interface StanceRow {
  claim: string;
  evidence: string;
  stance: string;
}

function isStanceRow(value: unknown): value is StanceRow {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return typeof row.claim === 'string' && typeof row.evidence === 'string' && typeof row.stance === 'string';
}

/** Groups subtask-3 JSONL text into one eval item per claim, ids `fcb-0001`, `fcb-0002`, … */
export function convertFactcheckStance(jsonl: string): PassageItem[] {
  const byClaim = new Map<string, PassageItem>();
  for (const row of parseJsonl(jsonl, { is: isStanceRow, expected: '{claim, evidence, stance}' })) {
    let item = byClaim.get(row.claim);
    if (!item) {
      item = {
        id: `fcb-${String(byClaim.size + 1).padStart(4, '0')}`,
        claim: row.claim,
        passages: [],
        relevant: [],
        stances: [],
      };
      byClaim.set(row.claim, item);
    }
    if (row.stance !== 'irrelevant') item.relevant.push(item.passages.length);
    item.passages.push(row.evidence);
    item.stances?.push(row.stance);
  }
  return [...byClaim.values()];
}

async function main(argv: string[]): Promise<void> {
  const [input, output] = argv;
  if (!input || !output) {
    console.error('Usage: npx tsx scripts/eval/convert-factcheck-stance.ts IN.jsonl OUT.jsonl');
    process.exit(2);
  }
  const items = convertFactcheckStance(await readFile(input, 'utf8'));
  await writeFile(output, items.map((item) => JSON.stringify(item)).join('\n') + '\n');
  console.log(`${items.length} claims, ${items.reduce((n, i) => n + i.passages.length, 0)} passages → ${output}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
