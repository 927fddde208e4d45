import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { StanceStreamParser } from '../../../../../lib/core/verify/stance-stream-parser';

const WHOLE = JSON.stringify({
  stances: [
    { passage: 1, stance: 'supports' },
    { passage: 2, stance: 'irrelevant' },
  ],
  rationales: ['Gives 1889.', 'About Rome.'],
  explanation: 'It was completed in 1889 [1].',
});

describe('StanceStreamParser', () => {
  const schema = z.array(z.object({ passage: z.number(), stance: z.enum(['supports', 'irrelevant']) }));
  const feed = (text: string, size: number) => {
    const seen: unknown[] = [];
    const parser = new StanceStreamParser(schema, (stances) => seen.push(stances));
    for (let at = 0; at < text.length; at += size) parser.write(text.slice(at, at + size));
    return seen;
  };

  it('hands over the stances once, when their array closes, whatever the chunks', () => {
    for (const size of [1, 3, 11, WHOLE.length])
      expect(feed(`\`\`\`json\n${WHOLE}`, size)).toEqual([
        [
          { passage: 1, stance: 'supports' },
          { passage: 2, stance: 'irrelevant' },
        ],
      ]);
  });

  it('hands over nothing for stances cut off, malformed or outside the schema', () => {
    expect(feed(WHOLE.slice(0, WHOLE.indexOf(']')), 4)).toEqual([]);
    expect(feed('{"stances":[{"passage":1,"stance":"supports"},,]}', 4)).toEqual([]);
    expect(feed('{"stances":[{"passage":1,"stance":"maybe"}]}', 4)).toEqual([]);
  });
});
