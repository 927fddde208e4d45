import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import {
  bandOf,
  candidateDomains,
  parseRatingsTable,
  rateHost,
  rateUrl,
} from '../../../../../../lib/core/evidence/sources/domain-ratings';

/** A small table in the shipped format; one test below reads the real shipped file. */
const table = parseRatingsTable(
  [
    '# comment',
    'bbc.co.uk\t718\t',
    'breitbart.com\t297\tm160',
    'foxnews.com\t534\tu105',
    'm.espn.com\t574\t',
    'espn.com\t700\t',
    'rfi.fr/en\t854\t',
    'rfi.fr\t700\t',
    'naturalnews.com\t0\tu248',
    'onlycred.example\t\tf050',
    'satire.example\t\ts260',
    'other.example\t\to500',
    'xn--bcher-kva.example\t250\t',
  ].join('\n'),
);

describe('domain rating lookup', () => {
  it('rates a host by its own entry and by its parents', () => {
    expect(rateHost(table, 'breitbart.com')).toMatchObject({ domain: 'breitbart.com', band: 'low' });
    expect(rateHost(table, 'news.bbc.co.uk')).toMatchObject({ domain: 'bbc.co.uk', band: 'high' });
    expect(rateHost(table, 'a.b.c.foxnews.com')).toMatchObject({ domain: 'foxnews.com', band: 'mixed' });
  });

  it('handles www., m., amp. and mobile. editions, and the AMP cache', () => {
    expect(rateHost(table, 'www.bbc.co.uk')?.domain).toBe('bbc.co.uk');
    expect(rateHost(table, 'WWW.BBC.CO.UK.')?.domain).toBe('bbc.co.uk');
    expect(rateHost(table, 'm.breitbart.com')?.domain).toBe('breitbart.com');
    expect(rateHost(table, 'amp.foxnews.com')?.domain).toBe('foxnews.com');
    expect(rateHost(table, 'mobile.foxnews.com')?.domain).toBe('foxnews.com');
    expect(rateHost(table, 'www-bbc-co-uk.cdn.ampproject.org')?.domain).toBe('bbc.co.uk');
    // A mobile edition with its own entry keeps it.
    expect(rateHost(table, 'm.espn.com')?.ratings[0]?.score).toBe(0.574);
    expect(rateHost(table, 'www.espn.com')?.ratings[0]?.score).toBe(0.7);
  });

  it('matches IDN hosts written in Unicode or punycode', () => {
    expect(rateHost(table, 'bücher.example')?.domain).toBe('xn--bcher-kva.example');
    expect(rateHost(table, 'www.BÜCHER.example')?.domain).toBe('xn--bcher-kva.example');
    expect(rateHost(table, 'xn--bcher-kva.example')?.band).toBe('low');
    expect(rateUrl(table, 'https://bücher.example/seite')?.band).toBe('low');
  });

  it('gives unrated hosts no rating at all, never "unreliable"', () => {
    expect(rateHost(table, 'example.org')).toBeUndefined();
    expect(rateHost(table, 'co.uk')).toBeUndefined();
    expect(rateHost(table, 'bbc.co.uk.evil.example')).toBeUndefined();
    expect(rateHost(table, 'notbbc.co.uk')).toBeUndefined();
    expect(rateUrl(table, 'wikidata:Q42')).toBeUndefined();
    expect(rateUrl(table, 'javascript:alert(1)')).toBeUndefined();
    expect(rateUrl(table, 'not a url')).toBeUndefined();
    // CRED-1's "other" category carries no verdict on reliability.
    expect(rateHost(table, 'other.example')).toBeUndefined();
  });

  it('uses a path entry before the domain entry', () => {
    expect(rateUrl(table, 'https://www.rfi.fr/en/africa/story')?.domain).toBe('rfi.fr/en');
    expect(rateUrl(table, 'https://www.rfi.fr/fr/afrique')?.domain).toBe('rfi.fr');
  });

  it('lets pc1 decide when both lists rate a domain, else CRED-1 by category', () => {
    expect(rateHost(table, 'foxnews.com')?.ratings.map((rating) => rating.list)).toEqual(['lin2023', 'cred1']);
    expect(rateHost(table, 'naturalnews.com')?.band).toBe('low');
    expect(rateHost(table, 'onlycred.example')).toMatchObject({
      band: 'low',
      ratings: [{ list: 'cred1', category: 'fake', score: 0.05 }],
    });
    expect(rateHost(table, 'satire.example')?.band).toBe('mixed');
    expect(bandOf([{ list: 'lin2023', score: 0.4 }])).toBe('mixed');
    expect(bandOf([{ list: 'lin2023', score: 0.399 }])).toBe('low');
    expect(bandOf([{ list: 'lin2023', score: 0.6 }])).toBe('high');
  });

  it('lists candidates most specific first, down to two labels', () => {
    expect(candidateDomains('www.news.example.co.uk')).toEqual(['news.example.co.uk', 'example.co.uk', 'co.uk']);
    expect(candidateDomains('m.news.example.co.uk')).toEqual([
      'm.news.example.co.uk',
      'news.example.co.uk',
      'example.co.uk',
      'co.uk',
    ]);
    expect(candidateDomains('')).toEqual([]);
  });

  it('reads the shipped table: both lists, normalised domains', () => {
    const shipped = parseRatingsTable(
      readFileSync(new URL('../../../../../../public/ratings/domains.tsv', import.meta.url), 'utf8'),
    );
    expect(shipped.size).toBeGreaterThan(11_000);
    expect(rateHost(shipped, 'www.reuters.com')?.band).toBe('high');
    expect(rateHost(shipped, 'www.infowars.com')).toMatchObject({ band: 'low' });
    expect(rateHost(shipped, 'www.xinhuanet.com')?.domain).toBe('xinhuanet.com');
    expect(rateHost(shipped, 'en.wikipedia.org')?.band).toBe('high');
    // Pages written by a platform's users are not rated by the platform; one account's entry still is.
    expect(rateUrl(shipped, 'https://someone.blogspot.com/2020/post.html')).toBeUndefined();
    expect(rateUrl(shipped, 'https://www.youtube.com/watch?v=abc')).toBeUndefined();
    expect(rateUrl(shipped, 'https://www.facebook.com/news/story')?.domain).toBe('facebook.com/news');
  });
});
