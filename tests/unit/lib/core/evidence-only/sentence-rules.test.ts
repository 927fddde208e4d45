import { describe, expect, it } from 'vitest';

import { checkWorthiness } from '../../../../../lib/core/evidence-only/sentence-rules';

describe('check-worthiness by rule', () => {
  it.each([
    ['The Eiffel Tower was completed in 1889.', 'en', 'number'],
    ['It opened on the last day of March.', 'en', 'date'],
    ['Marie Curie won the prize twice.', 'en', 'name'],
    ['La torre fue inaugurada en marzo.', 'es', 'date'],
    ['Der Turm steht in Paris.', 'de', 'name'],
    ['エッフェル塔は1889年に完成した。', 'ja', 'number'],
    ['東京タワーはエッフェル塔より高い。', 'ja', 'name'],
    ['Башня построена в 1889 году.', 'ru', 'number'],
    ['Она стоит в Париже.', 'ru', 'name'],
    // Plainly factual sentences that weak markers, hyphens or an opening adverb used to hide.
    ['Thriller is the best-selling album of all time, with 70 million copies sold.', 'en', 'number'],
    ['Vaccines should be stored at 2 to 8 °C, according to the WHO.', 'en', 'number'],
    ['Check-ups every 6 months cut cavities by 40%.', 'en', 'number'],
    ['Never before had a woman won the prize, until Marie Curie in 1903.', 'en', 'number'],
    ['Set in 1920, the film follows a family in Dublin.', 'en', 'number'],
    ['The best city to visit is Paris, probably.', 'en', 'name'],
    ['Les vaccins devraient peut-être coûter 5 euros.', 'fr', 'number'],
  ])('looks up %s', (sentence, language, reason) => {
    expect(checkWorthiness(sentence, language)).toEqual({ checkWorthy: true, reason });
  });

  it.each([
    ['When was the Eiffel Tower built in 1889?', 'en', 'question'],
    ['¿Cuándo se construyó la torre en 1889?', 'es', 'question'],
    ['エッフェル塔はいつ完成しましたか？', 'ja', 'question'],
    ['I think Paris is the best city in Europe.', 'en', 'opinion'],
    ['Creo que Madrid tiene 3 millones de habitantes.', 'es', 'opinion'],
    ['Click the button to read about Paris.', 'en', 'instruction'],
    ['Bitte klicken Sie auf Berlin.', 'de', 'instruction'],
    ['The weather was pleasant and everyone was happy.', 'en', 'no-fact'],
    ['What year did it open?', 'en', 'question'],
    ['I think this is the best film ever.', 'en', 'opinion'],
    ['In my opinion the 1998 final was the greatest match.', 'en', 'opinion'],
    ['We feel that Berlin is underrated.', 'en', 'opinion'],
    ['This is probably the worst film ever made.', 'en', 'opinion'],
    ['Click the button below to subscribe.', 'en', 'instruction'],
    // An instruction with a number stays an instruction: 200 °C is a setting to follow, not a fact to look up.
    ['Preheat the oven to 200 °C.', 'en', 'instruction'],
    ['Always check the label before 2025.', 'en', 'instruction'],
    ['Please send 5 copies to London.', 'en', 'instruction'],
  ])('skips %s', (sentence, language, reason) => {
    expect(checkWorthiness(sentence, language)).toEqual({ checkWorthy: false, reason });
  });
});
