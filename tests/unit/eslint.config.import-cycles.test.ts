/**
 * No import circle in shipped code, type-only imports included. ESLint's import-x/no-cycle sees only runtime
 * imports (`import type` and all-type specifier lists are skipped by design), but a circle of types still
 * ties files together so that neither can be read, moved or tested alone. TypeScript's own pre-processor
 * lists every import of a file and its resolver finds the file, so this graph is the compiler's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CHECKED_FOLDERS = ['lib', 'components', 'entrypoints'];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Each file's imports of other files in the tree (relative imports; packages are not part of a circle). */
function importGraph(files: string[]): Map<string, string[]> {
  const options: ts.CompilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowJs: false,
    jsx: ts.JsxEmit.ReactJSX,
  };
  const inTree = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target): target is string => target !== undefined && inTree.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan's algorithm). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    lowLink.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!));
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!));
      }
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('import graph', () => {
  it('finds a circle, type-only imports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    const typeOnly = ts.preProcessFile("import type { A } from './a';\nimport { type B } from './b';", true, true);
    expect(typeOnly.importedFiles.map((file) => file.fileName)).toEqual(['./a', './b']);
  });

  it(`has no circle in ${CHECKED_FOLDERS.join(', ')}`, () => {
    const files = CHECKED_FOLDERS.flatMap(sourceFiles);
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].some((targets) => targets.length > 0)).toBe(true);
    const found = circles(graph).map((component) => component.map((file) => relative(ROOT, file)));
    expect(found).toEqual([]);
  });
});
