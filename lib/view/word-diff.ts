/**
 * A word-level diff of a revised sentence against the original (longest common subsequence over words
 * and the spaces between them). Sentences are short, so the quadratic table is cheap.
 */
export type DiffKind = 'same' | 'removed' | 'added';

/** A run of text that is unchanged, removed or added. */
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** The parts that turn `original` into `revised`: same, removed and added runs, in reading order. */
export function diffWords(original: string, revised: string): DiffPart[] {
  const a = tokens(original);
  const b = tokens(revised);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffKind, text: string) => {
    const last = parts.at(-1);
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('same', a[i]!);
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // On a tie, removal first: a replacement then reads "old new", as diffs usually do.
      push('removed', a[i]!);
      i++;
    } else {
      push('added', b[j]!);
      j++;
    }
  }
  return parts;
}
