/**
 * How a prompt names the checked text's language (BCP 47), so what the model writes for a person to read
 * (rationales, explanations, critics' issues, corrections, the errors a usefulness score lists) comes in the
 * reader's language, not in the prompt's English nor in the language of the evidence. The system prompts say "in
 * the language of the text (named below when known)"; this is the line that names it. A wrong name is worse than
 * none (told "fr" for a Spanish sentence, the model writes French; told nothing, it follows the text it is given),
 * so only a language the caller declared or a reliable guess is named (`promptLanguage`).
 */
import { detectTextLanguage } from '../text/detect-text-language';

/** A BCP 47 tag's shape: an imported check's language can be any string, and it is written into prompts. */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

export function textLanguageLine(language: string | undefined): string | null {
  // i18n-exempt: a prompt sent to the model, English by design
  return language && LANGUAGE_TAG.test(language) ? `Language of the text: ${language}.` : null;
}

/**
 * The language to name to the model for `text`: the one the caller declared (a CLI flag, a test), else the
 * detector's guess when it is reliable, else none. Not the language the text was split in: segmentation needs a
 * best guess, which for a short Latin sentence is often wrong.
 */
export function promptLanguage(text: string, declared?: string): string | undefined {
  if (declared !== undefined) return LANGUAGE_TAG.test(declared) ? declared : undefined;
  const guess = detectTextLanguage(text);
  return guess.reliable ? guess.language : undefined;
}
