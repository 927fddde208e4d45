/**
 * One copy of each formula. KaTeX renders math twice, as MathML (`.katex-mathml`, with the TeX source in
 * `annotation[encoding="application/x-tex"]`) and as visual spans (`.katex-html`); read naively, "ax+b=0"
 * comes out as "ax+b=0ax + b = 0ax+b=0". The TeX source is the best text for a claim, so it wins.
 */

/**
 * Elements that start a formula, outermost first: Gemini's `[data-math]`, ChatGPT's transcript wrapper, KaTeX, MathJax,
 * MathML.
 */
const MATH_ROOTS = [
  '[data-math]',
  '[data-assistant-math-rendered]',
  '.katex-display',
  '.katex',
  'mjx-container',
  'math',
];

/** Markers of display (block) math. */
const DISPLAY =
  '.katex-display, .math-block, math[display="block"], [data-assistant-math-rendered="display"], mjx-container[display="true"]';

/** A formula's text and whether it is displayed on its own line. */
export interface MathText {
  tex: string;
  display: boolean;
}

/** The formula `element` starts, or null when it is not a math root. */
export function mathSource(element: Element): MathText | null {
  if (!MATH_ROOTS.some((selector) => safeMatches(element, selector))) return null;
  const display = safeMatches(element, DISPLAY) || element.querySelector(DISPLAY) !== null;
  const tex = texOf(element);
  return tex ? { tex, display } : null;
}

function texOf(element: Element): string {
  const dataMath = element.getAttribute('data-math');
  if (dataMath?.trim()) return dataMath.trim();
  const annotation = element.querySelector('annotation[encoding="application/x-tex"]');
  if (annotation?.textContent?.trim()) return annotation.textContent.trim();
  const alt = element.getAttribute('alttext') ?? element.querySelector('math[alttext]')?.getAttribute('alttext');
  if (alt?.trim()) return alt.trim();
  // No source: read one rendering only, the MathML if present (it is linear text), else the visual spans.
  const one = element.querySelector('.katex-mathml math, math') ?? element.querySelector('.katex-html') ?? element;
  return (one.textContent ?? '').replace(/[\u200b\s]+/g, ' ').trim();
}

function safeMatches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}
