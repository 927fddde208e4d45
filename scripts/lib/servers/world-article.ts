/**
 * A 30-sentence article for the benchmark (issue 15), about the fact world's four topics so every
 * check-worthy sentence finds evidence there. Most sentences are true, a few repeat the Great Wall myth,
 * and two are opinions. The scripted model (fact-world.ts) gives each sentence it has no script for one
 * claim, the sentence itself.
 */
export const WORLD_ARTICLE = [
  'The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris.',
  "The Eiffel Tower was completed in 1889 as the centrepiece of the World's Fair.",
  'The engineering company of Gustave Eiffel designed the Eiffel Tower.',
  'The Eiffel Tower is 330 metres tall.',
  'The Eiffel Tower is about as tall as an 81-storey building.',
  'The Eiffel Tower was the tallest man-made structure in the world until 1930.',
  'Many visitors say the Eiffel Tower is the most elegant tower ever built.',
  'Mount Everest is the highest mountain on Earth above sea level.',
  'Mount Everest lies in the Mahalangur Himal sub-range of the Himalayas.',
  'The elevation of Mount Everest is 8,849 metres.',
  'The 8,849 metre height of Mount Everest was established in 2020.',
  'Chinese and Nepali authorities measured Mount Everest together in 2020.',
  'Mount Everest is higher than any other mountain on Earth.',
  'The Great Wall of China is a series of fortifications across northern China.',
  'The Great Wall of China was built along the historical northern borders of ancient Chinese states.',
  'The Great Wall of China is visible from the Moon with the naked eye.',
  'Astronauts have seen the Great Wall of China from the Moon without any aid.',
  'The Great Wall of China is hard to see even from low Earth orbit.',
  'The Great Wall of China is the most impressive building project in history.',
  'Marie Curie was a Polish and naturalised-French physicist and chemist.',
  'Marie Curie conducted pioneering research on radioactivity.',
  'Marie Curie was the first woman to win a Nobel Prize.',
  'Marie Curie was the first person to win a Nobel Prize twice.',
  'Marie Curie won the Nobel Prize in physics in 1903.',
  'Marie Curie won the Nobel Prize in chemistry in 1911.',
  'Marie Curie is the only person to win Nobel Prizes in two scientific fields.',
  'The Eiffel Tower stands in Paris, the capital of France.',
  'Mount Everest is 8,849 metres high according to the 2020 survey.',
  'The Great Wall of China can be seen from the Moon by the naked eye.',
  'Marie Curie won two Nobel Prizes, in physics and in chemistry.',
].join(' ');
