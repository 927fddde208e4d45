/**
 * The declarations of a CSS text that lay things out by physical side (left/right) rather than by the
 * reading direction, so they would not mirror in a right-to-left interface (docs/i18n/README.md, "Right to
 * left"): a `*-left`/`*-right` property or `left`/`right` itself, `text-align`/`float`/`clear` to a side, and
 * a four-value margin, padding, inset or border shorthand whose right and left values differ.
 */
const SIDED_SHORTHANDS = new Set(['margin', 'padding', 'inset', 'border-width', 'border-style', 'border-color']);

export function physicalDeclarations(css: string): string[] {
  const blocks = [...css.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1]!);
  return blocks.flatMap((block) =>
    block
      .split(';')
      .map((declaration) => declaration.trim().replace(/\s+/g, ' '))
      .filter((declaration) => {
        const colon = declaration.indexOf(':');
        if (colon < 0) return false;
        const property = declaration.slice(0, colon).trim();
        const value = declaration.slice(colon + 1).trim();
        if (/(^|-)(left|right)(-|$)/.test(property)) return true;
        if (['text-align', 'float', 'clear'].includes(property) && /\b(left|right)\b/.test(value)) return true;
        const values = value.split(' ');
        return SIDED_SHORTHANDS.has(property) && values.length === 4 && values[1] !== values[3];
      }),
  );
}
