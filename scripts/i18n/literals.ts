/**
 * The no-literal-strings check (issue 25, "no string left behind"): finds English a person would read that is
 * written in the code instead of coming from the message catalogue, in the code that renders the interface
 * (components, entry points, content scripts, background messages, the Markdown export, view labels).
 *
 * It reads the TypeScript syntax tree, not text, and counts:
 * - JSX text with letters (`<h2>Claim</h2>`);
 * - visible JSX attributes given a literal (`title`, `aria-label`, `placeholder`, `alt`, `label`, …);
 * - literals put on screen from DOM code (`el.textContent = '…'`, `setAttribute('aria-label', '…')`);
 * - other string and template literals that read as prose (two words or more, not CSS, not a selector, not
 *   a log line, not an import, not a class or `rel` set from code, not a word list written as one string and
 *   `split`).
 *
 * Phase 1 of issue 25 converts only a few strings, so the rest are listed in a baseline
 * (scripts/i18n/literals-baseline.tsv, one `file<TAB>kind<TAB>text` per literal) that may only shrink: a
 * literal that is not in it fails the check (a new hard-coded string), and so does a baseline line that is no
 * longer in the code (a converted string: take it out, so it cannot come back unnoticed).
 * `npm run i18n:literals -- --update` rewrites the baseline after a conversion.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import ts from 'typescript';

export type LiteralKind = 'jsx-text' | 'jsx-attr' | 'dom' | 'prose';

export interface Literal {
  file: string;
  kind: LiteralKind;
  text: string;
  line: number;
}

/** The folders and files whose literals reach a person's eyes. */
export const SCANNED = [
  'components',
  'entrypoints',
  'lib/background',
  'lib/content',
  'lib/view',
  'lib/settings',
  'lib/connection',
  'lib/db/export-markdown.ts',
];

const VISIBLE_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
]);
const VISIBLE_PROPERTIES = new Set(['textContent', 'innerText', 'title', 'placeholder', 'ariaLabel', 'alt']);
/** Calls whose string arguments are code, not words: selectors, event names, logs, keys. */
const CODE_CALLS = new Set([
  'querySelector',
  'querySelectorAll',
  'closest',
  'matches',
  'matchMedia',
  'createElement',
  'addEventListener',
  'removeEventListener',
  'getAttribute',
  'hasAttribute',
  'removeAttribute',
  'require',
  'log',
  'warn',
  'error',
  'info',
  'debug',
  't',
]);

/** Attributes whose values are code (class names, ids, test ids, types, references), never words. */
function isCodeAttribute(name: string): boolean {
  return (
    /^(className|class|style|key|id|type|role|href|src|htmlFor|rel|target|name|lang|dir|autoComplete|inputMode|pattern|accept|method|tabIndex|ref|value|defaultValue)$/.test(
      name,
    ) ||
    name.startsWith('data-') ||
    (name.startsWith('aria-') && !VISIBLE_ATTRIBUTES.has(name))
  );
}

const LETTERS = /\p{L}{2,}/u;
/** Two words or more, starting with a letter or a quote mark or ellipsis: "Checking…", "Open in side panel". */
const PROSE = /^[\p{L}"'“‘(…⚠][^]*\s[^]*\p{L}/u;
const CSS_LIKE = /[{};]|^[a-z-]+:\s|^\s*[.#[]|^(?:[a-z-]+\s)*\d+(?:px|em|rem|%|s|ms)\b/;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Every literal of one source file (`file` is only its name in the results). */
export function findLiterals(file: string, source: string): Literal[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Literal[] = [];
  const add = (kind: LiteralKind, node: ts.Node, raw: string) => {
    const text = normalise(raw);
    if (!LETTERS.test(text)) return;
    found.push({ file, kind, text, line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
  };
  /** The words of a literal expression (a string, a template's fixed parts), or undefined for anything else. */
  const literalText = (node: ts.Node): string | undefined => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      // `…` for each substitution, with no space of its own: `${n}px` is not two words, `${n} of ${m}` is.
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    return undefined;
  };
  /** Literals inside an expression shown as is: `cond ? 'A' : 'B'`, `'A' + x`, `a ?? 'B'`. */
  const shownLiterals = (node: ts.Node, kind: LiteralKind) => {
    const text = literalText(node);
    if (text !== undefined) return add(kind, node, text);
    if (ts.isConditionalExpression(node)) {
      shownLiterals(node.whenTrue, kind);
      shownLiterals(node.whenFalse, kind);
    } else if (ts.isBinaryExpression(node)) {
      shownLiterals(node.left, kind);
      shownLiterals(node.right, kind);
    }
  };
  const handled = new Set<ts.Node>();
  const markHandled = (node: ts.Node) => {
    handled.add(node);
    node.forEachChild(markHandled);
  };
  const calleeName = (call: ts.CallExpression): string | undefined => {
    const callee = call.expression;
    if (ts.isIdentifier(callee)) return callee.text;
    if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
    return undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
    if (ts.isJsxText(node)) {
      add('jsx-text', node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      const value = node.initializer;
      if (!value || isCodeAttribute(name)) return;
      if (VISIBLE_ATTRIBUTES.has(name)) {
        const before = found.length;
        shownLiterals(ts.isJsxExpression(value) ? (value.expression ?? value) : value, 'jsx-attr');
        for (const literal of found.slice(before)) literal.text = `${name}=${literal.text}`;
        markHandled(value);
      } else if (ts.isStringLiteral(value)) {
        // A component's own prop (`hint="…"`, `switchHint="…"`): words when it reads as prose.
        if (PROSE.test(normalise(value.text)) && !CSS_LIKE.test(value.text))
          add('jsx-attr', value, `${name}=${value.text}`);
        return;
      }
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      if (ts.isPropertyAccessExpression(node.left) && VISIBLE_PROPERTIES.has(node.left.name.text)) {
        shownLiterals(node.right, 'dom');
        markHandled(node.right);
      } else if (ts.isPropertyAccessExpression(node.left) && isCodeAttribute(node.left.name.text)) {
        // DOM code setting what the attributes of the same names hold: `link.rel = 'noopener noreferrer'`.
        markHandled(node.right);
      }
    } else if (ts.isBinaryExpression(node) && /^(===|!==|==|!=)$/.test(node.operatorToken.getText(sourceFile))) {
      markHandled(node.left);
      markHandled(node.right);
    } else if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      if (name === 'setAttribute' && node.arguments.length === 2) {
        const attribute = literalText(node.arguments[0]!);
        if (attribute !== undefined && VISIBLE_ATTRIBUTES.has(attribute)) shownLiterals(node.arguments[1]!, 'dom');
        node.arguments.forEach(markHandled);
      } else if (name && CODE_CALLS.has(name)) {
        node.arguments.forEach(markHandled);
      } else if (name === 'split' && ts.isPropertyAccessExpression(node.expression)) {
        // A list written as one string ('the and was'.split(' ')): data, whose items are read one by one.
        markHandled(node.expression.expression);
      }
    } else if (ts.isCaseClause(node) || ts.isElementAccessExpression(node) || ts.isLiteralTypeNode(node)) {
      if (ts.isCaseClause(node)) markHandled(node.expression);
      if (ts.isElementAccessExpression(node)) markHandled(node.argumentExpression);
      if (ts.isLiteralTypeNode(node)) return;
    } else if (ts.isPropertyAssignment(node) && ts.isStringLiteral(node.name)) {
      markHandled(node.name);
    } else if (!handled.has(node)) {
      const text = literalText(node);
      if (text !== undefined) {
        const words = normalise(text);
        if (PROSE.test(words) && !CSS_LIKE.test(words)) add('prose', node, words);
        return;
      }
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
  return found;
}

/** The scanned source files under `root`, as forward-slash paths relative to it, tests and styles left out. */
export function scannedFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of SCANNED) {
    const path = join(root, entry);
    const names = /\.tsx?$/.test(entry)
      ? [entry]
      : (readdirSync(path, { recursive: true }) as string[]).map((name) => join(entry, name));
    for (const name of names)
      if (/\.tsx?$/.test(name) && !/\.d\.ts$/.test(name))
        files.push(relative(root, join(root, name)).split(sep).join('/'));
  }
  return files.sort();
}

/** All literals of the scanned files under `root`. */
export function scanLiterals(root: string): Literal[] {
  return scannedFiles(root).flatMap((file) => findLiterals(file, readFileSync(join(root, file), 'utf8')));
}

/** A literal as a baseline line: `file<TAB>kind<TAB>text` (no line number, so edits nearby do not matter). */
export function baselineLine(literal: Pick<Literal, 'file' | 'kind' | 'text'>): string {
  return [literal.file, literal.kind, literal.text.replace(/\t/g, ' ')].join('\t');
}

/** The baseline file's text for these literals: sorted lines, a repeated literal repeated. */
export function formatBaseline(literals: readonly Literal[]): string {
  return `${literals.map(baselineLine).sort().join('\n')}\n`;
}

export interface BaselineComparison {
  /** Literals in the code and not in the baseline: new hard-coded strings, with their line. */
  added: Literal[];
  /** Baseline lines no longer in the code: converted strings, to take out of the baseline. */
  gone: string[];
}

/** Compares the code's literals with the baseline, counting repeats (a second copy of a literal is new). */
export function compareWithBaseline(literals: readonly Literal[], baseline: string): BaselineComparison {
  const remaining = new Map<string, number>();
  for (const line of baseline.split('\n').filter(Boolean)) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  const added: Literal[] = [];
  for (const literal of literals) {
    const line = baselineLine(literal);
    const left = remaining.get(line) ?? 0;
    if (left > 0) remaining.set(line, left - 1);
    else added.push(literal);
  }
  const gone = [...remaining].flatMap(([line, count]) => Array<string>(count).fill(line));
  return { added, gone };
}
