/**
 * Marks, in an evidence passage, the words it shares with the claim, so the reader sees at a glance why
 * the passage was chosen. Works on tokens and returns parts for the UI to render as text and <mark>
 * nodes: the passage is untrusted and never becomes HTML.
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** Frequent English words that would mark half of any passage. */
const STOPWORDS = new Set(
  'the and was were for with that this from are has have had its his her not but which been than then into who whom what when where also there their they them about over after before more most such only other some'.split(
    ' ',
  ),
);

/** A run of passage text, marked when it is a claim word. */
export interface PassagePart {
  text: string;
  marked: boolean;
}

/** The words of a claim worth marking: numbers, and words of three letters or more that are not stopwords. */
export function claimWords(claim: string): Set<string> {
  const words = new Set<string>();
  for (const [word] of claim.toLowerCase().matchAll(WORD)) {
    if ((/^\p{N}+$/u.test(word) || word.length >= 3) && !STOPWORDS.has(word)) words.add(word);
  }
  return words;
}

/**
 * Splits a passage into runs of plain and marked text; joining every part's text gives the passage back.
 * Marked words separated only by spaces form one mark ("Great Wall"), which reads better than two.
 */
export function markClaimWords(passage: string, claim: string): PassagePart[] {
  const words = claimWords(claim);
  const parts: PassagePart[] = [];
  const push = (text: string, marked: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  let cursor = 0;
  for (const match of passage.matchAll(WORD)) {
    if (!words.has(match[0].toLowerCase())) continue;
    const gap = passage.slice(cursor, match.index);
    push(gap, cursor > 0 && parts.at(-1)?.marked === true && /^[ \t]+$/.test(gap));
    push(match[0], true);
    cursor = match.index + match[0].length;
  }
  push(passage.slice(cursor), false);
  return parts;
}
