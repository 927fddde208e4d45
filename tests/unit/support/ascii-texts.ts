/**
 * Seeded, varied plain-ASCII texts for the tests that pin an ASCII fast path to the Unicode pattern it stands in for
 * (lib/core/text/plain-ascii.ts): words in both cases, digits, apostrophes and hyphens, URLs, addresses, code spans,
 * dotted names and every ASCII punctuation mark, so a difference between the two patterns shows in some text.
 */
import { seededRandom } from './seeded-random';

const PIECES = [
  'The',
  'tower',
  'IS',
  "isn't",
  'well-known',
  '1889',
  'v2',
  'U.S.',
  'e.g.',
  'Dr.',
  'https://en.wikipedia.org/wiki/Mercury_(planet)',
  'http://x.com/a.b?c=d.e',
  'ftp://files.example.net/x',
  'www.example.com',
  'example.com',
  'page.html',
  'en.wikipedia',
  'me@example.com',
  'a.b@c',
  '`a.b? c`',
  '`code`',
  '--',
  "'quoted'",
  '"said"',
  '(aside)',
  '[1]',
  '...',
  '!?',
  '#tag',
  '$5',
  '50%',
  'a/b',
  'x_y',
  '~',
  '^',
  '{}',
  '|',
  '\\',
  ';:',
  ',',
  '<b>',
  '=',
  '+',
  '*',
  '&',
  'Le',
  'chat',
  'est',
  'dans',
  'la',
  'maison',
  'der',
  'und',
  'que',
  // Every letter in both cases and every digit, so a class that leaves one out shows.
  'The quick brown fox jumps over the lazy dog',
  'THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG',
  'Jazz',
  'quiz',
  '0123456789',
  '34,67',
];
const SEPARATORS = [' ', ' ', ' ', '. ', ', ', '\n', '\t', '', '  ', '? ', '! ', '\r\n', '\v', '\f', '\r'];

/** `count` texts of up to 40 pieces each, the same ones at every run. */
export function asciiTexts(count: number, seed = 27): string[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => {
    let text = '';
    const length = 1 + next(40);
    for (let i = 0; i < length; i++) text += PIECES[next(PIECES.length)]! + SEPARATORS[next(SEPARATORS.length)]!;
    return text;
  });
}
