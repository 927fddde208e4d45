/**
 * Whether `detectLanguage`'s guess is reliable enough to name to a model: a prompt that names the wrong language
 * (a Spanish sentence called 'fr') is worse than one that names none, since a model told "the language of the
 * text" and given the text writes in it (issue 25). Apart from detect-language.ts: the check intake splits text
 * with the guess and must stay small.
 */
import { guessLanguage } from './detect-language';

/** A language guess (BCP 47 primary tag) and whether it is sure enough to be named to a model. */
export interface DetectedLanguage {
  language: string;
  reliable: boolean;
}

/**
 * A Latin guess is reliable when its language has at least MIN_LEAD more function words than any other, and
 * MIN_RATIO times as many: measured on the sentences of tests/unit/lib/core/text/detect-language.test.ts, a
 * sentence with one or two function words ("La Gran Muralla China es visible desde la Luna", French 2 to
 * Spanish 1; "La niña come la manzana", French 2) is often guessed wrong, while every sentence with a lead of
 * three was guessed right. The ratio keeps a text in two languages (a quote and its translation) from passing
 * on length.
 */
const MIN_LEAD = 3;
const MIN_RATIO = 1.5;

/**
 * `detectLanguage`'s guess, and whether it is reliable: a script that one language of the list writes (Greek,
 * Hebrew, Thai, Hangul, kana, Han) is; a script shared by several is only when nothing says it is another
 * (Russian's ы or э, no Persian or Urdu letter forms in Arabic, no Marathi or Nepali word in Devanagari); a Latin
 * guess only with clear evidence (MIN_LEAD, MIN_RATIO). Empty or script-less text is never reliable.
 */
export function detectTextLanguage(text: string): DetectedLanguage {
  const { language, sample, latin } = guessLanguage(text);
  if (latin)
    // With a lead of MIN_LEAD the guess is the language with most words: a tie cannot lead.
    return { language, reliable: latin.top - latin.runnerUp >= MIN_LEAD && latin.top >= MIN_RATIO * latin.runnerUp };
  switch (language) {
    // Persian and Urdu write yeh and kaf in their own forms (ی ک), and Urdu its do-chashmi heh (ھ): with them, and
    // none of the letters that made it 'fa' or 'ur', 'ar' is only the fallback.
    case 'ar':
      return { language, reliable: !/[یکھ]/u.test(sample) };
    // Belarusian has і too, with ў, which Ukrainian lacks.
    case 'uk':
      return { language, reliable: !/ў/iu.test(sample) };
    // Bulgarian, Serbian and Macedonian come out 'ru' too: only ы or э (which they lack) make it Russian.
    case 'ru':
      return { language, reliable: /[ыэ]/iu.test(sample) };
    // Marathi and Nepali write Devanagari too: Marathi's ळ or its "आहे" (is), Nepali's "छ", "छन्" (is, are) say it
    // is not Hindi. A Nepali sentence with none of them still passes: a known gap.
    case 'hi':
      return { language, reliable: !/ळ|(?<!\p{L}|\p{M})(?:आहे|छ|छन्)(?!\p{L}|\p{M})/u.test(sample) };
    default:
      return { language, reliable: true };
  }
}
