// @vitest-environment happy-dom
/** The page's title in a check's first line is the page's own words: it keeps its own direction. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { CheckHead } from '../../../../../components/sidepanel/check/check-head';

afterEach(cleanup);

describe('CheckHead', () => {
  it('gives the page title dir="auto", as a link and as text', () => {
    for (const pageUrl of ['https://news.example/tower', 'javascript:alert(1)']) {
      const { container } = render(
        <CheckHead check={{ pageUrl, pageTitle: 'برج المدينة', site: 'news.example', createdAt: 1 }} />,
      );
      const title = container.querySelector('.check-page')!;
      expect([title.textContent, title.getAttribute('dir')]).toEqual(['برج المدينة', 'auto']);
      cleanup();
    }
  });
});
