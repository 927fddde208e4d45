// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

import { InterfaceLanguageField, ownName } from '../../../../components/options/interface-language-field';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { readInterfaceLanguage } from '../../../../lib/i18n/language-setting';
import { browserSource } from '../../../../lib/i18n/sources';

beforeEach(() => fakeBrowser.reset());
afterEach(() => {
  cleanup();
  setMessageSource(browserSource());
  document.documentElement.removeAttribute('dir');
});

describe('InterfaceLanguageField', () => {
  it('names each language in its own words, so anyone finds theirs', () => {
    expect(['es', 'pt_BR', 'de', 'ja', 'zh_CN', 'hi', 'ar'].map(ownName)).toEqual([
      'Español',
      'Português (Brasil)',
      'Deutsch',
      '日本語',
      '中文（中国）',
      'हिन्दी',
      'العربية',
    ]);
  });

  it('offers "follow the browser" and every shipped locale, and switches the page when one is chosen', async () => {
    render(<InterfaceLanguageField />);
    const select = screen.getByTestId('interface-language') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(select.value).toBe('browser');
    expect([...select.options].map((option) => option.value)).toEqual([
      'browser',
      'en',
      'es',
      'pt_BR',
      'fr',
      'de',
      'ja',
      'zh_CN',
      'hi',
      'ar',
    ]);
    expect(select.options[9]!.lang).toBe('ar');
    fireEvent.change(select, { target: { value: 'ar' } });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(await readInterfaceLanguage()).toBe('ar');
  });
});
