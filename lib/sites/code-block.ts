/**
 * The code of a `<pre>` block without its chrome: ChatGPT wraps `<code>` in a header with the language
 * label and a "Copy code" button; its 2026 CodeMirror blocks put each line in `.cm-line` or split lines with
 * `<br>` inside `.cm-content`; the transcript UI adds `[data-message-content-controls]` inside the `<pre>`.
 */
import { matchesAny } from './dom-query';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const LINE_BLOCKS = new Set(['DIV', 'P', 'LI']);
const SKIPPED = new Set(['BUTTON', 'SVG', 'STYLE', 'SCRIPT', 'TEXTAREA', 'INPUT']);

/** Code text (line breaks and indentation kept) and its language, '' when unknown. */
export interface CodeText {
  code: string;
  language: string;
}

/** Reads the code inside `pre`, skipping subtrees that match `exclude`. */
export function readCode(pre: Element, exclude: readonly string[]): CodeText {
  const content = pre.querySelector('.cm-content') ?? pre.querySelector('code') ?? pre;
  const lines: string[] = [];
  let line = '';
  const walk = (node: Node): void => {
    if (node.nodeType === TEXT_NODE) {
      line += node.nodeValue ?? '';
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (SKIPPED.has(tag) || matchesAny(element, exclude)) return;
    if (tag === 'BR') {
      lines.push(line);
      line = '';
      return;
    }
    const block = LINE_BLOCKS.has(tag) && element !== content;
    if (block && line !== '') {
      lines.push(line);
      line = '';
    }
    for (let child = element.firstChild; child; child = child.nextSibling) walk(child);
    if (block) {
      lines.push(line);
      line = '';
    }
  };
  walk(content);
  lines.push(line);
  const code = lines
    .join('\n')
    .replace(/\u00a0/g, ' ')
    .replace(/^\n+|\s+$/g, '');
  return { code, language: languageOf(pre, content) };
}

function languageOf(pre: Element, content: Element): string {
  for (const element of [content, pre]) {
    const data = element.getAttribute('data-language');
    if (data) return sanitize(data);
    const match = /(?:^|\s)language-([\w+#.-]+)/.exec(element.getAttribute('class') ?? '');
    if (match?.[1]) return sanitize(match[1]);
  }
  return '';
}

/** A fence info string must not contain backticks or line breaks. */
function sanitize(language: string): string {
  return language.replace(/[`\s]/g, '');
}
