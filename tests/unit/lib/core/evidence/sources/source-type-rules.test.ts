import { describe, expect, it } from 'vitest';

import { sourceTypeByPath, sourceTypeByRule } from '../../../../../../lib/core/evidence/sources/source-type-rules';

describe('source types by rule', () => {
  it.each([
    ['https://en.wikipedia.org/wiki/Eiffel_Tower', 'wiki'],
    ['https://www.snopes.com/fact-check/x/', 'fact-check'],
    ['https://www.reuters.com/fact-check/abc', 'fact-check'],
    ['https://www.reuters.com/world/europe/x', 'news'],
    ['https://pubmed.ncbi.nlm.nih.gov/123/', 'scientific'],
    ['https://www.cdc.gov/flu/', 'scientific'],
    ['https://www.usa.gov/x', 'government'],
    ['https://www.gov.uk/guidance', 'government'],
    ['https://www.service-public.gouv.fr/x', 'government'],
    ['https://cs.stanford.edu/x', 'scientific'],
    ['https://someone.substack.com/p/x', 'blog'],
    ['https://x.com/user/status/1', 'social'],
    ['https://old.reddit.com/r/x', 'social'],
    ['https://www.lemonde.fr/les-decodeurs/article/2024/01/01/x.html', 'fact-check'],
    ['https://www.lemonde.fr/politique/article/2024/01/01/x.html', 'news'],
    ['https://www.lemonde.fr/les-decodeurs-du-sport/x', 'news'],
  ])('%s is %s', (url, type) => {
    expect(sourceTypeByRule(url)).toBe(type);
  });

  it('tells a path rule, which types one page, from a host rule', () => {
    expect(sourceTypeByPath('https://www.reuters.com/fact-check/abc')).toBe('fact-check');
    expect(sourceTypeByPath('https://www.lemonde.fr/les-decodeurs/x')).toBe('fact-check');
    expect(sourceTypeByPath('https://www.reuters.com/world/abc')).toBeUndefined();
    expect(sourceTypeByPath('https://www.snopes.com/x')).toBeUndefined();
  });

  it('leaves unknown hosts to the model', () => {
    expect(sourceTypeByRule('https://example-shop.com/product/1')).toBeUndefined();
    expect(sourceTypeByRule('not a url')).toBeUndefined();
  });
});
