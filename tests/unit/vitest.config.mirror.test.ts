/**
 * The layout of the unit tests (the `unit` project of vitest.config.ts): a test of `<dir>/<name>.ts(x)`
 * (or of a JavaScript config such as `<name>.config.js`) lives at `tests/unit/<dir>/<name>.test.ts(x)`, a
 * second one of the same module at `<name>.<aspect>.test.ts(x)`. So every unit test has a module at its
 * mirrored path; a test whose module moved or was renamed fails here until it follows. Helpers of tests
 * (not `*.test.*`) may sit beside them or in tests/unit/support/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const UNIT = join(ROOT, 'tests/unit');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(UNIT, path).split('\\').join('/')] : [];
  });
}

/** The module a test at `test` (relative to tests/unit) covers, relative to the root; undefined when none exists. */
function moduleOf(test: string): string | undefined {
  const parts = basename(test)
    .replace(/\.test\.tsx?$/, '')
    .split('.');
  // "pipeline.integration" is an aspect of pipeline.ts; "vitest.config.mirror" one of vitest.config.ts.
  for (let length = parts.length; length >= 1; length--) {
    for (const extension of ['.ts', '.tsx', '.js', '.mjs']) {
      const candidate = join(dirname(test), parts.slice(0, length).join('.') + extension)
        .split('\\')
        .join('/');
      if (existsSync(join(ROOT, candidate))) return candidate;
    }
  }
  return undefined;
}

describe('unit tests mirror the code', () => {
  it('finds the module of a test, its aspects and dotted names, and none for a test in the wrong place', () => {
    expect(moduleOf('lib/core/pipeline.integration.test.ts')).toBe('lib/core/pipeline.ts');
    expect(moduleOf('components/sidepanel/check/current-check.xss.test.tsx')).toBe(
      'components/sidepanel/check/current-check.tsx',
    );
    expect(moduleOf('lib/search/index.test.ts')).toBe('lib/search/index.ts');
    expect(moduleOf('vitest.config.mirror.test.ts')).toBe('vitest.config.ts');
    expect(moduleOf('core/pipeline.test.ts')).toBeUndefined();
    expect(moduleOf('lib/core/stages/sentences.test.ts')).toBeUndefined();
  });

  it('every unit test has its module at the mirrored path', () => {
    const tests = testFiles(UNIT);
    expect(tests.length).toBeGreaterThan(100);
    expect(tests.filter((test) => moduleOf(test) === undefined)).toEqual([]);
  });
});
