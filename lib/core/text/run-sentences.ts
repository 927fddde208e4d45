/**
 * A run's first step: the checked text's language and sentences. A caller that already split the text (the
 * background writes a new check with its sentences, lib/background/new-check.ts, issue 27) gives that split, and the
 * run takes it as it is rather than splitting the same text again; without one (the CLI, evals, benches, checks
 * stored before), the run splits the text itself.
 */
import { detectLanguage, type SentenceWithKind, splitSentences } from './sentences';

/** The text's sentences as `splitSentences(text, language)` gave them, with the language they were split in. */
export interface TextSplit {
  language: string;
  sentences: readonly SentenceWithKind[];
}

export interface RunSentences {
  language: string;
  sentences: SentenceWithKind[];
  /** The caller's split was taken: whoever gave it already holds these sentences (no need to store them again). */
  given: boolean;
}

/**
 * The run's language and sentences: the given split when it fits the text (and the language asked for, if one
 * was), else the text split here. A split that does not fit (offsets that do not cut these words, indices out of
 * order) is not trusted: the run's claims point into the text by those offsets and indices.
 */
export function runSentences(text: string, options: { language?: string; split?: TextSplit }): RunSentences {
  const { split } = options;
  if (split && (options.language === undefined || options.language === split.language) && fits(text, split))
    return { language: split.language, sentences: [...split.sentences], given: true };
  const language = options.language ?? detectLanguage(text);
  return { language, sentences: splitSentences(text, language), given: false };
}

/**
 * Whether every sentence is the text at its offsets, numbered from 0 in reading order, none empty. No sentences
 * at all does not fit: a text with words has one at least, and one without costs nothing to split.
 */
function fits(text: string, split: TextSplit): boolean {
  let end = 0;
  return (
    split.sentences.length > 0 &&
    split.sentences.every((sentence, index) => {
      const ok =
        sentence.index === index &&
        sentence.start >= end &&
        sentence.end > sentence.start &&
        sentence.end <= text.length &&
        text.slice(sentence.start, sentence.end) === sentence.text;
      end = sentence.end;
      return ok;
    })
  );
}
