/**
 * The no-literal-strings check (issue 25, "no string left behind"): finds English a person would read that is
 * written in the code instead of coming from the message catalogue, in all of the extension's code (components,
 * entry points and lib/: the views, the background, the content scripts, and the core and adapters whose words end
 * up on screen as a cause, a warning or a passage).
 *
 * It reads the TypeScript syntax tree, not text, and counts:
 * - JSX text with letters (`<h2>Claim</h2>`);
 * - visible JSX attributes given a literal (`title`, `aria-label`, `placeholder`, `alt`, `label`, …);
 * - literals put on screen from DOM code (`el.textContent = '…'`, `setAttribute('aria-label', '…')`);
 * - other string and template literals that read as prose (two words or more, not CSS, not a selector, not
 *   a log line, not an import, not a class or `rel` set from code, not a word list written as one string and
 *   `split`). CSS is a whole string of `property: value;` declarations or of `selector { declarations }`
 *   rules; a sentence with a semicolon is prose.
 *
 * Every literal found fails the check: there is no baseline of strings left to convert. A string in these
 * folders that is not interface text (words for Chrome, a developer's error, a prompt sent to a provider) is
 * exempted where it is written, by a line comment right above the statement, property or element that holds
 * it, with the reason: `// i18n-exempt: <why this is not interface text>`. The marker exempts the literals of
 * that one node only; a marker without a reason, or one that exempts nothing, fails the check too, so every
 * exemption stays visible and reviewable in the code.
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

/** An `// i18n-exempt: <reason>` marker and the literals it exempts. */
export interface Exemption {
  file: string;
  line: number;
  reason: string;
  texts: string[];
}

/** A marker the check refuses: one with no reason, or one above a node with no literal to exempt. */
export interface MarkerProblem {
  file: string;
  line: number;
  problem: string;
}

/** What the check finds in source files: literals to convert, the exemptions, the refused markers. */
export interface LiteralReport {
  literals: Literal[];
  exemptions: Exemption[];
  markerProblems: MarkerProblem[];
}

/**
 * The folders whose literals can reach a person's eyes: all of the extension's code. `lib/` is scanned whole, the
 * pure core included (its English kept beside a code, its prompts, its word lists are exempted where written), so a
 * new folder is held to the rule from its first line.
 */
export const SCANNED = ['components', 'entrypoints', 'lib'];

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
/** A selector (`.card p`, `#id`, `[data-x]`) or a bare length (`solid 1px`, `12px`). */
const SELECTOR_OR_LENGTH = /^\s*[.#[]|^(?:[a-z-]+\s)*\d+(?:px|em|rem|%|s|ms)\b/;
/** `property: value`: a lower-case (or custom `--`) property and a value that does not end a sentence. */
const DECLARATION = /^\s*-{0,2}[a-z][a-z0-9-]*\s*:\s*[^;{}]*[^\s;{}.!?]\s*$/;

/** `color: red; border: 0` (the last `;` optional): every part a declaration, so a sentence with `;` is not. */
function isDeclarationList(text: string): boolean {
  const parts = text.split(';');
  if (parts.length > 1 && parts.at(-1)!.trim() === '') parts.pop();
  return parts.every((part) => DECLARATION.test(part));
}

/** Rules, nested or not: `button { font: 600 12px/1 sans-serif; } @media (…) { :host { color: #fff } }`. */
function isStyleSheet(text: string): boolean {
  if (!text.includes('{')) return false;
  let rest = text;
  for (let previous = ''; rest !== previous;) {
    previous = rest;
    rest = rest.replace(/[^{};]*\{([^{}]*)\}/g, (rule, body: string) =>
      body.trim() === '' || isDeclarationList(body) ? '' : rule,
    );
  }
  return rest.trim() === '';
}

/** CSS written as a string: declarations, rules, a selector or a length. Prose with `;` or `{…}` is not. */
export function isCss(text: string): boolean {
  return SELECTOR_OR_LENGTH.test(text) || isDeclarationList(text) || isStyleSheet(text);
}

/** `// i18n-exempt: <reason>` at the start of a line comment; the reason is checked apart. */
const EXEMPT_MARKER = /^\/\/\s*i18n-exempt\b:?(.*)$/;

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The literals of one source file that are not exempted (`file` is only its name in the results). */
export function findLiterals(file: string, source: string): Literal[] {
  return inspectSource(file, source).literals;
}

/** One source file's literals, its `// i18n-exempt: <reason>` markers and what they exempt, its refused markers. */
export function inspectSource(file: string, source: string): LiteralReport {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: Literal[] = [];
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line + 1;
  /** Markers by the position of their comment, each with the node it stands above. */
  const markers = new Map<number, Exemption & { start: number; end: number }>();
  const markerProblems: MarkerProblem[] = [];
  const exemptionOf = (position: number) =>
    [...markers.values()]
      .filter((marker) => marker.start <= position && position < marker.end)
      .sort((a, b) => a.end - a.start - (b.end - b.start))[0];
  const add = (kind: LiteralKind, node: ts.Node, raw: string) => {
    const text = normalise(raw);
    if (!LETTERS.test(text)) return;
    const exemption = exemptionOf(node.getStart());
    if (exemption) exemption.texts.push(text);
    else found.push({ file, kind, text, line: lineOf(node.getStart()) });
  };
  /** Too wide for one marker: a function, class or block, a variable holding a function, an element with children. */
  const tooWide = (node: ts.Node): boolean =>
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isBlock(node) ||
    ts.isJsxElement(node) ||
    ts.isJsxFragment(node) ||
    (ts.isVariableStatement(node) &&
      node.declarationList.declarations.some(
        (declaration) =>
          declaration.initializer !== undefined &&
          (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)),
      )) ||
    (ts.isPropertyAssignment(node) &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)));
  /** Takes the markers written on their own line right above `node` (the outermost node there gets them). */
  const registerMarkers = (node: ts.Node) => {
    for (const comment of ts.getLeadingCommentRanges(source, node.getFullStart()) ?? []) {
      const match = EXEMPT_MARKER.exec(source.slice(comment.pos, comment.end));
      const lineStart = source.lastIndexOf('\n', comment.pos - 1) + 1;
      if (!match || markers.has(comment.pos) || source.slice(lineStart, comment.pos).trim() !== '') continue;
      const reason = match[1]!.trim();
      if (!LETTERS.test(reason)) {
        markerProblems.push({ file, line: lineOf(comment.pos), problem: 'an i18n-exempt marker without a reason' });
        markers.set(comment.pos, { file, line: lineOf(comment.pos), reason, texts: [], start: 0, end: 0 });
      } else if (tooWide(node)) {
        // One marker must not hide a whole component's words: it names one statement, property or attribute.
        markerProblems.push({
          file,
          line: lineOf(comment.pos),
          problem: 'an i18n-exempt marker above a whole function, class, block or element',
        });
        markers.set(comment.pos, { file, line: lineOf(comment.pos), reason, texts: [], start: 0, end: 0 });
      } else {
        const end = node.getEnd();
        markers.set(comment.pos, { file, line: lineOf(comment.pos), reason, texts: [], start: node.getStart(), end });
      }
    }
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
    registerMarkers(node);
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
        if (PROSE.test(normalise(value.text)) && !isCss(value.text)) add('jsx-attr', value, `${name}=${value.text}`);
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
        if (PROSE.test(words) && !isCss(words)) add('prose', node, words);
        return;
      }
    }
    node.forEachChild(visit);
  };
  sourceFile.statements.forEach(visit);
  const exemptions = [...markers.values()].filter((marker) => marker.end > 0);
  for (const { line, texts } of exemptions)
    if (texts.length === 0)
      markerProblems.push({ file, line, problem: 'an i18n-exempt marker above no literal: it exempts nothing' });
  // A marker the syntax tree did not place (after code on its line, above an import): refused, not ignored.
  source.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/\/\/\s*i18n-exempt\b/.test(text) && ![...markers.values()].some((marker) => marker.line === line))
      markerProblems.push({ file, line, problem: 'an i18n-exempt marker not on its own line above a statement' });
  });
  return {
    literals: found,
    exemptions: exemptions.map(({ file, line, reason, texts }) => ({ file, line, reason, texts })),
    markerProblems: markerProblems.sort((a, b) => a.line - b.line),
  };
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

/** What the check finds in all the scanned files under `root`. */
export function scanLiterals(root: string): LiteralReport {
  const reports = scannedFiles(root).map((file) => inspectSource(file, readFileSync(join(root, file), 'utf8')));
  return {
    literals: reports.flatMap((report) => report.literals),
    exemptions: reports.flatMap((report) => report.exemptions),
    markerProblems: reports.flatMap((report) => report.markerProblems),
  };
}
