import { describe, expect, it } from 'vitest';

import {
  findTextFragment,
  fragmentFromQuote,
  fragmentQuote,
  parseTextFragment,
} from '../../../../../lib/core/text/text-fragment';

describe('parseTextFragment', () => {
  it('reads start, start,end, prefix- and -suffix forms, percent-decoded', () => {
    expect(parseTextFragment('https://example.org/a#:~:text=The%20tower%20opened')).toEqual({
      start: 'The tower opened',
    });
    expect(parseTextFragment('https://example.org/a#:~:text=built%20in,1889')).toEqual({
      start: 'built in',
      end: '1889',
    });
    expect(parseTextFragment('https://example.org/a#:~:text=the-,tower,-is%20tall')).toEqual({
      prefix: 'the',
      start: 'tower',
      suffix: 'is tall',
    });
    expect(parseTextFragment('https://example.org/a#:~:text=a%2C%20b-,start,end,-%26%20more')).toEqual({
      prefix: 'a, b',
      start: 'start',
      end: 'end',
      suffix: '& more',
    });
    // An ordinary fragment before the directive, and other directives beside it.
    expect(parseTextFragment('https://example.org/a#section:~:foo=bar&text=caf%C3%A9%20cr%C3%A8me')).toEqual({
      start: 'café crème',
    });
  });

  it('returns undefined without a text directive or start text, and survives bad percent-encoding', () => {
    expect(parseTextFragment('https://example.org/a#section')).toBeUndefined();
    expect(parseTextFragment('https://example.org/a?x=:~:text=no')).toBeUndefined();
    expect(parseTextFragment('https://example.org/a#:~:text=')).toBeUndefined();
    expect(parseTextFragment('https://example.org/a#:~:text=100%')).toEqual({ start: '100%' });
  });

  it('turns a reply quote back into a fragment, and a fragment into the quote a person reads', () => {
    expect(fragmentFromQuote('built in … 1889')).toEqual({ start: 'built in', end: '1889' });
    expect(fragmentFromQuote('330 metres')).toEqual({ start: '330 metres' });
    expect(fragmentQuote({ start: 'built in', end: '1889', prefix: 'was' })).toBe('built in … 1889');
  });
});

describe('findTextFragment', () => {
  const page =
    'The Eiffel Tower\n\nThe tower was built  between 1887 and\n1889 for the World’s Fair. It is 330 metres tall.\u00ad The tower is wrought iron.';

  it('finds a quote regardless of case, whitespace, curly quotes and soft hyphens, with exact offsets', () => {
    const match = findTextFragment(page, { start: "THE TOWER WAS BUILT BETWEEN 1887 AND 1889 for the world's fair" });
    expect(match).toBeDefined();
    expect(page.slice(match!.start, match!.end)).toBe(
      'The tower was built  between 1887 and\n1889 for the World’s Fair',
    );
    const acrossSoftHyphen = findTextFragment(page, { start: 'metres tall.The tower' });
    expect(acrossSoftHyphen).toBeDefined();
    expect(page.slice(acrossSoftHyphen!.start, acrossSoftHyphen!.end)).toBe('metres tall.\u00ad The tower');
    const missingSpace = findTextFragment('Paris,France', { start: 'Paris, France' });
    expect(missingSpace).toBeDefined();
    expect('Paris,France'.slice(missingSpace!.start, missingSpace!.end)).toBe('Paris,France');
  });

  it('matches a start,end range from the start text to the first end after it', () => {
    const match = findTextFragment(page, { start: 'built', end: 'fair' });
    expect(page.slice(match!.start, match!.end)).toBe('built  between 1887 and\n1889 for the World’s Fair');
    expect(findTextFragment(page, { start: 'fair', end: 'built' })).toBeUndefined();
  });

  it('uses prefix and suffix to choose between matches, and still finds the quote when the context is gone', () => {
    const withContext = findTextFragment(page, { prefix: 'tall.', start: 'the tower', suffix: 'is wrought' });
    expect(withContext!.start).toBe(page.lastIndexOf('The tower'));
    const withoutContext = findTextFragment(page, { prefix: 'nowhere', start: 'the tower' });
    expect(withoutContext!.start).toBe(page.indexOf('The tower', 5));
  });

  it('does not find a quote whose number differs from the page, or an empty one', () => {
    expect(findTextFragment(page, { start: 'It is 300 metres tall' })).toBeUndefined();
    expect(findTextFragment(page, { start: ' ' })).toBeUndefined();
  });
});
