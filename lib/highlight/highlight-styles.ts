/**
 * The `::highlight()` rules and their installation into a document and into shadow roots. A highlight
 * pseudo-element is styled by the stylesheets of the tree its text lives in, so text inside a web
 * component needs the rules inside that component's shadow root too.
 */
import type { Band } from '../core/types';
import { BANDS, HIGHLIGHT_NAMES, OWN_NODE_ATTRIBUTE } from './names';

/** Value of OWN_NODE_ATTRIBUTE on our style elements. */
export const STYLE_MARKER = 'highlight-styles';

/**
 * Per band: a translucent background (it tints whatever the page's background is, so it reads on light
 * and dark pages alike, and the page's own text colour is kept) plus an underline style, so colour is
 * not the only signal (WCAG 1.4.1): solid = supported, dashed = mixed, wavy = refuted, dotted = not
 * checkable, double = could not check. Only colours and text-decoration apply to ::highlight anyway.
 */
const BAND_STYLE: Readonly<Record<Band, { background: string; line: string; style: string }>> = {
  green: { background: 'rgb(34 197 94 / 0.25)', line: 'rgb(22 163 74)', style: 'solid' },
  orange: { background: 'rgb(249 115 22 / 0.28)', line: 'rgb(234 88 12)', style: 'dashed' },
  red: { background: 'rgb(239 68 68 / 0.30)', line: 'rgb(220 38 38)', style: 'wavy' },
  grey: { background: 'rgb(148 163 184 / 0.25)', line: 'rgb(100 116 139)', style: 'dotted' },
  unknown: { background: 'rgb(168 85 247 / 0.22)', line: 'rgb(147 51 234)', style: 'double' },
  // Evidence-only mode: a mark that says "sources to compare", with no tint of true or false.
  neutral: { background: 'transparent', line: 'rgb(59 130 246)', style: 'dotted' },
};

/** The stylesheet text: one rule per band, and system colours in forced-colours (high contrast) mode. */
export const HIGHLIGHT_CSS = [
  ...BANDS.map((band) => {
    const { background, line, style } = BAND_STYLE[band];
    return `::highlight(${HIGHLIGHT_NAMES[band]}) { background-color: ${background}; text-decoration: underline ${style} ${line} 2px; }`;
  }),
  `@media (forced-colors: active) { ${BANDS.map((band) => `::highlight(${HIGHLIGHT_NAMES[band]})`).join(', ')} { background-color: Mark; color: MarkText; } }`,
].join('\n');

function findOwnStyle(target: Document | ShadowRoot): HTMLStyleElement | null {
  return target.querySelector<HTMLStyleElement>(`style[${OWN_NODE_ATTRIBUTE}="${STYLE_MARKER}"]`);
}

/**
 * Installs the rules once into a document (a <style> in <head>) or a shadow root (a <style> as its last
 * child), updating the text if an older version is there; returns the element. A <style> rather than
 * adoptedStyleSheets for shadow roots: components (Lit and others) assign `adoptedStyleSheets` wholesale
 * and would drop a sheet pushed from outside (AdguardTeam/Scriptlets#477). Built with createElement and
 * textContent, never innerHTML.
 */
export function installHighlightStyles(target: Document | ShadowRoot): HTMLStyleElement {
  const existing = findOwnStyle(target);
  if (existing) {
    if (existing.textContent !== HIGHLIGHT_CSS) existing.textContent = HIGHLIGHT_CSS;
    return existing;
  }
  const doc = 'createElement' in target ? target : target.ownerDocument;
  const style = doc.createElement('style');
  style.setAttribute(OWN_NODE_ATTRIBUTE, STYLE_MARKER);
  style.textContent = HIGHLIGHT_CSS;
  const parent = 'createElement' in target ? (target.head ?? target.documentElement) : target;
  parent.append(style);
  return style;
}

/** Removes our style element from a document or shadow root, if present. */
export function removeHighlightStyles(target: Document | ShadowRoot): void {
  findOwnStyle(target)?.remove();
}
