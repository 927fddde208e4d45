import { describe, expect, it } from 'vitest';

import { fillMessage, placeholderOrder, textDirection, toLanguageTag } from '../../../../lib/i18n/catalogue';

describe('message format', () => {
  it('fills substitutions as getMessage does: $NAME$ through its placeholder, $1 directly, $$ as a dollar', () => {
    // developer.chrome.com, "Localization message formats": the `user` placeholder bound to $1.
    const hello = { message: 'Hello, $USER$', placeholders: { user: { content: '$1', example: 'Cira' } } };
    expect(fillMessage(hello, ['Cira'])).toBe('Hello, Cira');
    expect(fillMessage({ message: 'Costs $$$1' }, ['5'])).toBe('Costs $5');
    // Names are case-insensitive; an unknown $NAME$ stays as written; a missing substitution is empty.
    expect(fillMessage({ message: '$Who$ and $OTHER$', placeholders: { WHO: { content: '$1' } } }, ['A'])).toBe(
      'A and $OTHER$',
    );
    expect(fillMessage({ message: 'a$2b' }, ['x'])).toBe('ab');
  });

  it('orders placeholders alphabetically, the order their values are passed in', () => {
    expect(placeholderOrder(['verdict', 'Percent'])).toEqual(['percent', 'verdict']);
  });

  it('turns folder names into language tags and knows right-to-left languages', () => {
    expect(toLanguageTag('pt_BR')).toBe('pt-BR');
    expect(toLanguageTag('zh_CN')).toBe('zh-CN');
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('ar_EG')).toBe('rtl');
    expect(textDirection('he')).toBe('rtl');
    expect(textDirection('ja')).toBe('ltr');
    expect(textDirection('en')).toBe('ltr');
    expect(textDirection('not a locale!')).toBe('ltr');
  });
});
