/**
 * Fitting a prompt into a model's context window by rule, for models with a small one (Chrome's on-device model,
 * Ollama's default 4k context): the prompt is measured, and while it does not fit, the longest data block of the
 * last turn (`<<<PASSAGE 2>>>…<<<END PASSAGE 2>>>`, see core/model/prompt-safety.ts) is cut to 60% at a word
 * boundary and marked `[…]`. Passages are the longest blocks of a verification prompt, so they are shortened
 * first; instructions and the claim are never touched. What was shortened is returned, for the check's warning.
 */

/** A data block is never trimmed below this many characters. */
const MIN_BLOCK_CHARS = 160;
const BLOCK = /<<<([A-Z0-9 _-]+?)((?: id=[^>]*)?)>>>\n([\s\S]*?)\n<<<END \1>>>/g;

/** Cuts a block body to about `ratio` of its length at a word boundary, marking the cut. */
function shorten(body: string, ratio: number): string {
  const target = Math.max(MIN_BLOCK_CHARS, Math.floor(body.length * ratio));
  const cut = body.lastIndexOf(' ', target);
  return `${body.slice(0, cut > MIN_BLOCK_CHARS / 2 ? cut : target)} […]`;
}

/** The longest trimmable data block of `text` shortened; undefined when none can be shortened further. */
export function trimLongestBlock(text: string): { text: string; label: string } | undefined {
  let longest: { index: number; length: number; label: string; body: string; open: string } | undefined;
  for (const match of text.matchAll(BLOCK)) {
    const body = match[3]!;
    if (body.length > MIN_BLOCK_CHARS + 10 && (!longest || body.length > longest.body.length)) {
      longest = {
        index: match.index,
        length: match[0].length,
        label: match[1]!,
        body,
        open: `<<<${match[1]}${match[2]}>>>`,
      };
    }
  }
  if (!longest) return undefined;
  // i18n-exempt: a prompt sent to the model, English by design
  const replaced = `${longest.open}\n${shorten(longest.body, 0.6)}\n<<<END ${longest.label}>>>`;
  return {
    text: text.slice(0, longest.index) + replaced + text.slice(longest.index + longest.length),
    label: longest.label,
  };
}

/** A prompt: one string, or turns whose last one carries the data. */
export type PromptInput = string | ReadonlyArray<{ readonly content: string }>;

/** A fitted prompt: what to send, its measured size, and the kinds of blocks shortened ("passages"). */
export interface FittedPrompt<T extends PromptInput> {
  input: T;
  promptTokens: number;
  trimmed: string[];
}

/**
 * `input` with its last turn's longest data blocks trimmed until `measure` says it takes at most `room` tokens;
 * undefined when no block can be shortened further and it still does not fit.
 */
export async function fitPrompt<T extends PromptInput>(
  input: T,
  room: number,
  measure: (input: T) => number | Promise<number>,
): Promise<FittedPrompt<T> | undefined> {
  const trimmed: string[] = [];
  let current = input;
  for (let round = 0; round < 60; round++) {
    const promptTokens = await measure(current);
    if (promptTokens <= room) return { input: current, promptTokens, trimmed: [...new Set(trimmed)] };
    const last = typeof current === 'string' ? current : (current as Exclude<PromptInput, string>).at(-1)?.content;
    const next = last === undefined ? undefined : trimLongestBlock(last);
    if (!next) return undefined;
    trimmed.push(next.label.replace(/ \d+$/, 's').toLowerCase());
    current = (
      typeof current === 'string'
        ? next.text
        : [...current.slice(0, -1), { ...current[current.length - 1]!, content: next.text }]
    ) as T;
  }
  return undefined;
}
