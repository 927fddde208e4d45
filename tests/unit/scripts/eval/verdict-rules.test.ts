import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it, vi } from 'vitest';

import { run } from '../../../../scripts/eval/verdict-rules';

/**
 * A four-claim Factcheck-Bench in the real file layout (subtasks/ beside factcheck-GPT-benchmark.jsonl),
 * written by the test: claim A is false and refuted by a low-rated site while a high-rated one supports it.
 */
function writeBench(): { subtasks: string; ratings: string } {
  const root = mkdtempSync(join(tmpdir(), 'verdict-rules-'));
  const subtasks = join(root, 'subtasks');
  mkdirSync(subtasks);
  const rows: Array<
    [claim: string, label: 'true' | 'false', evidence: Array<[text: string, url: string, stance: string]>]
  > = [
    [
      'Claim A.',
      'false',
      [
        ['A is wrong.', 'https://low.example/a', 'refute'],
        ['A is right.', 'https://www.high.example/a', 'completely-support'],
      ],
    ],
    ['Claim B.', 'true', [['B holds.', 'https://www.high.example/b', 'completely-support']]],
    [
      'Claim C.',
      'true',
      [
        ['C holds.', 'https://unrated.example/c', 'partially-support'],
        ['Off topic.', 'https://unrated.example/x', 'irrelevant'],
      ],
    ],
    ['Claim D.', 'false', [['D is wrong.', 'https://www.high.example/d', 'refute']]],
  ];
  writeFileSync(
    join(subtasks, 'subtask4_claim_factuality.jsonl'),
    rows.map(([claim, label]) => JSON.stringify({ claim, label })).join('\n'),
  );
  writeFileSync(
    join(subtasks, 'subtask3_claim_evidence_stance.jsonl'),
    rows
      .flatMap(([claim, , evidence]) =>
        evidence.map(([text, , stance]) => JSON.stringify({ claim, evidence: text, stance })),
      )
      .join('\n'),
  );
  const sentences = Object.fromEntries(
    rows.map(([claim, , evidence], i) => [
      `sentence${i + 1}`,
      {
        claims: [claim],
        auto_evidence: [evidence.map(([text]) => text)],
        auto_evidence_url: [evidence.map(([, url]) => url)],
      },
    ]),
  );
  writeFileSync(join(root, 'factcheck-GPT-benchmark.jsonl'), JSON.stringify({ sentences }));
  const ratings = join(root, 'domains.tsv');
  writeFileSync(ratings, 'low.example\t100\t\nhigh.example\t900\t\n');
  return { subtasks, ratings };
}

afterEach(() => vi.restoreAllMocks());

describe('npm run eval -- verdict-rules: reliability columns', () => {
  it('joins passages to their URLs, rates them, and reports weighted and low-rated-left-out macro-F1', async () => {
    const { subtasks, ratings } = writeBench();
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
    await run(['--data', subtasks, '--ratings', ratings]);
    expect(lines[0]).toBe('Factcheck-Bench human stances → Factlight scoring: 4 claims, 2 false');
    expect(lines[1]).toBe(
      'Passages: 6, 4 on a domain with a pc1 (67%), 1 rated low; refuting passages rated low: 1 of 2',
    );
    const row = lines.find((line) => line.startsWith('Factlight verdict: refuted or disputed '))!;
    const figures = row
      .slice(52)
      .split(/[\s|]+/)
      .filter(Boolean)
      .map(Number);
    // Unweighted: A (disputed) and D (refuted) are called false, both rightly: macro-F1 1.
    expect(figures.slice(0, 4)).toEqual([1, 1, 1, 1]);
    // Weighted by pc1 (either weight for unrated) the high-rated support outweighs A's low-rated refutation,
    // and so does leaving low-rated sources out: A is missed (false-F1 2/3, true-F1 4/5).
    expect(figures.slice(4)).toEqual([0.733, 0.733, 0.733]);
  });
});
