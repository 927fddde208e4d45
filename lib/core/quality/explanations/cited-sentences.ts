/**
 * Citation masking (Xing, Baldwin, Lau 2024, "Evaluating Evidence Attribution in Generated Fact Checking
 * Explanations"): an explanation's [n] markers are recorded per sentence and removed, so a model asked
 * which sentences a passage supports cannot simply read the answer off the markers.
 */
import { CITATION_MARKER, citationNumbers } from '../../text/citation-markers';
import { splitSentences } from '../../text/sentences';

/** One explanation sentence with its markers removed, and the n of each [n] it carried (first-seen order). */
export interface CitedSentence {
  text: string;
  citations: number[];
}

function pushUnique(target: number[], values: readonly number[]): void {
  for (const value of values) if (!target.includes(value)) target.push(value);
}

/** Removes the markers from `text`, returning the masked text and where (in it) each marker stood. */
function stripMarkers(text: string): { masked: string; markers: Array<{ at: number; citations: number[] }> } {
  const markers: Array<{ at: number; citations: number[] }> = [];
  let masked = '';
  let last = 0;
  for (const match of text.matchAll(CITATION_MARKER)) {
    masked += text.slice(last, match.index);
    markers.push({ at: masked.length, citations: citationNumbers(match[1] ?? '') });
    last = match.index + match[0].length;
  }
  masked += text.slice(last);
  return { masked, markers };
}

/** Masks one sentence that is already split off (a dataset's sentence list). */
export function maskCitations(sentence: string): CitedSentence {
  const { masked, markers } = stripMarkers(sentence);
  const citations: number[] = [];
  for (const marker of markers) pushUnique(citations, marker.citations);
  return { text: masked.trim(), citations };
}

/**
 * Splits an explanation into sentences (Intl.Segmenter, via the pipeline's sentence splitter) and masks
 * them. Markers are removed BEFORE splitting and then given to the sentence they follow: UAX #29 breaks
 * "Paris.[2] Gov." inside the marker and puts the "[1]" of "1887. [1] It" at the start of the next
 * sentence, while the writer meant both for the sentence before. A marker before the first sentence goes
 * to the first.
 *
 * @param language BCP 47 tag for the splitter; guessed from the text when absent.
 */
export function citedSentences(explanation: string, language?: string): CitedSentence[] {
  const { masked, markers } = stripMarkers(explanation);
  const sentences = splitSentences(masked, language);
  const result: CitedSentence[] = sentences.map((sentence) => ({ text: sentence.text, citations: [] }));
  if (result.length === 0) return [];
  for (const marker of markers) {
    let owner = 0;
    for (const [index, sentence] of sentences.entries()) if (sentence.start < marker.at) owner = index;
    pushUnique(result[owner]!.citations, marker.citations);
  }
  return result;
}

/** Every distinct n cited anywhere in the sentences, in first-seen order. */
export function citedNumbers(sentences: readonly CitedSentence[]): number[] {
  const numbers: number[] = [];
  for (const sentence of sentences) pushUnique(numbers, sentence.citations);
  return numbers;
}

/** The masked sentences numbered from 1, one per line, as prompts show them. */
export function numberedSentences(sentences: readonly CitedSentence[]): string {
  return sentences.map((sentence, index) => `${index + 1}. ${sentence.text}`).join('\n');
}
