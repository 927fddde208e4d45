/**
 * The text "Try it" checks on the welcome page: three short, well-known facts, one of them a popular myth
 * (the Great Wall is not visible from the Moon with the naked eye), so the first check shows both a
 * supported and a refuted sentence.
 */
// i18n-exempt: the sample text to check (page text, not interface words): English facts the sources can answer
export const WELCOME_SAMPLE_TEXT = [
  'The Eiffel Tower was completed in 1889 and stands in Paris.',
  'The Great Wall of China is visible from the Moon with the naked eye.',
  'Marie Curie won two Nobel Prizes, in physics and in chemistry.',
].join(' ');
