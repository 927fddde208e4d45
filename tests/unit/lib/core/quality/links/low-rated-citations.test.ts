import { describe, expect, it } from 'vitest';

import { parseRatingsTable } from '../../../../../../lib/core/evidence/sources/domain-ratings';
import { lowRatedCitations } from '../../../../../../lib/core/quality/links/low-rated-citations';

const ratings = parseRatingsTable(
  'infowars.com\t46\tc073\nreuters.com\t1000\t\nfoxnews.com\t534\tu105\nonlycred.example\t\tf050\n',
);

describe('link audit: citations rated low', () => {
  it('flags each low-rated cited domain once, in citing order, and nothing else', () => {
    const flagged = lowRatedCitations(
      [
        { url: 'https://www.reuters.com/a' },
        { url: 'https://www.infowars.com/posts/1' },
        { url: 'https://example.org/unrated' },
        { url: 'https://infowars.com/posts/2' },
        { url: 'https://www.foxnews.com/politics' },
        { url: 'https://news.onlycred.example/x' },
      ],
      ratings,
    );
    expect(flagged.map((entry) => entry.rating.domain)).toEqual(['infowars.com', 'onlycred.example']);
    expect(flagged[0]?.url).toBe('https://www.infowars.com/posts/1');
  });

  it('follows a redirect to a low-rated site', () => {
    const flagged = lowRatedCitations(
      [{ url: 'https://short.example/x', finalUrl: 'https://infowars.com/story' }],
      ratings,
    );
    expect(flagged.map((entry) => entry.rating.domain)).toEqual(['infowars.com']);
  });

  it('says nothing when no citation is rated low (unrated is not low)', () => {
    const flagged = lowRatedCitations(
      [{ url: 'https://example.org/' }, { url: 'https://reuters.com/' }, { url: 'not a url' }],
      ratings,
    );
    expect(flagged).toEqual([]);
  });
});
