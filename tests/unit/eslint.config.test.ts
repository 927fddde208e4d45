/**
 * The architecture's boundaries in eslint.config.js, proved on the real config: a file that breaks one is
 * refused by name. Linting the tree (`npm run lint`) only shows that today's code keeps them; these tests
 * show that the rules would notice if it did not.
 */
import { resolve } from 'node:path';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
/** Loading the config and its plugins takes seconds on a busy machine: once, before the cases. */
beforeAll(() => eslint.calculateConfigForFile(resolve(ROOT, 'lib/core/pipeline.ts')), 60_000);

/** The rule ids that fire for `code` as if it were the file at `path` (relative to the repository). */
async function rulesBroken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return [...new Set((result?.messages ?? []).map((message) => message.ruleId ?? message.message))].sort();
}

describe('eslint.config.js', () => {
  it.each([
    ["import { browser } from 'wxt/browser';\n\nexport const x = browser;\n", 'no-restricted-imports'],
    ["import { browser } from '#imports';\n\nexport const x = browser;\n", 'no-restricted-imports'],
    ["import Dexie from 'dexie';\n\nexport const x = Dexie;\n", 'no-restricted-imports'],
    ["import { useState } from 'react';\n\nexport const x = useState;\n", 'no-restricted-imports'],
    ["import OpenAI from 'openai';\n\nexport const x = OpenAI;\n", 'no-restricted-imports'],
    ['export const title = () => document.title;\n', 'no-restricted-globals'],
    ['export const send = () => chrome.runtime.id;\n', 'no-restricted-globals'],
    ["import { db } from '../db/db-instance';\n\nexport const x = db;\n", 'import-x/no-restricted-paths'],
  ])('refuses %j in lib/core', async (code, rule) => {
    expect(await rulesBroken('lib/core/probe.ts', code)).toContain(rule);
  });

  it('lets lib/core use what a service worker, Node and tests all have', async () => {
    const code =
      "import { matchQuote } from '../text/match-quote';\n\nexport const go = () => fetch('https://example.org').then(() => matchQuote);\n";
    expect(await rulesBroken('lib/core/probe.ts', code)).toEqual([]);
  });

  it('keeps shipped code off scripts and tests, and scripts off tests', async () => {
    expect(
      await rulesBroken('lib/probe.ts', "import { x } from '../scripts/lib/servers';\n\nexport const y = x;\n"),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken(
        'scripts/probe.ts',
        "import { x } from '../tests/e2e/harness/driver';\n\nexport const y = x;\n",
      ),
    ).toContain('import-x/no-restricted-paths');
    expect(
      await rulesBroken('lib/probe.ts', "import { x } from '../entrypoints/background';\n\nexport const y = x;\n"),
    ).toContain('import-x/no-restricted-paths');
  });

  it('wants imports sorted and not repeated', async () => {
    const code =
      "import { b } from './b';\nimport { a } from './a';\nimport { c } from './b';\n\nexport const x = [a, b, c];\n";
    expect(await rulesBroken('lib/probe.ts', code)).toEqual(
      expect.arrayContaining(['import-x/no-duplicates', 'simple-import-sort/imports']),
    );
  });
});
