/**
 * How a prompt names the checked text's language (BCP 47: the caller's, or detectLanguage's guess), so what
 * the model writes for a person to read (rationales, explanations, critics' issues, corrections, the errors
 * a usefulness score lists) comes in the reader's language, not in the prompt's English nor in the language
 * of the evidence. The system prompts say "in the language of the text (named below when known)"; this is
 * the line that names it.
 */
export function textLanguageLine(language: string | undefined): string | null {
  return language ? `Language of the text: ${language}.` : null;
}
