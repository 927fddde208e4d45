import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { renderMarkdownLite } from '../../../../lib/view/markdown-lite';

describe('markdown-lite', () => {
  it('renders headings, paragraphs, lists, tables, bold and code as elements', () => {
    const html = renderToStaticMarkup(
      <>
        {renderMarkdownLite(
          '# Title\n\nOne line\nand the next, **bold** and `code`.\n\n- first\n  continued\n- second\n\n| A | B |\n| --- | --- |\n| 1 | **2** |\n',
        )}
      </>,
    );
    expect(html).toBe(
      '<h1>Title</h1><p>One line and the next, <strong>bold</strong> and <code>code</code>.</p><ul><li>first continued</li><li>second</li></ul>' +
        '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td><strong>2</strong></td></tr></tbody></table>',
    );
  });

  it('never turns text into markup', () => {
    const html = renderToStaticMarkup(<>{renderMarkdownLite('<img src=x onerror=alert(1)> **<b>x</b>**')}</>);
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; <strong>&lt;b&gt;x&lt;/b&gt;</strong></p>');
  });

  it('makes no link of any kind: URLs and Markdown links stay text, so no javascript: or data: link can appear', () => {
    const html = renderToStaticMarkup(
      <>
        {renderMarkdownLite(
          '[click](javascript:alert(1)) <https://example.org> https://example.org data:text/html,x ![i](http://x/y.png)',
        )}
      </>,
    );
    expect(html).not.toMatch(/<a|<img|href|src=/);
    expect(html).toContain('[click](javascript:alert(1))');
  });

  it.each(['en', 'es', 'pt_BR', 'fr', 'de', 'ja', 'zh_CN', 'hi', 'ar'])(
    'renders the whole privacy policy (%s) with no Markdown left over',
    (locale) => {
      const path = locale === 'en' ? 'PRIVACY.md' : `docs/privacy/PRIVACY.${locale}.md`;
      const html = renderToStaticMarkup(
        <>{renderMarkdownLite(readFileSync(resolve(import.meta.dirname, '../../../..', path), 'utf8'))}</>,
      );
      expect(html.match(/<h1>/g)).toHaveLength(1);
      expect(html.match(/<tr>/g)?.length).toBe(7);
      expect(html).not.toMatch(/\*\*|`|\| ---|<a/);
    },
  );

  it('renders the whole privacy policy with no Markdown left over', () => {
    const html = renderToStaticMarkup(
      <>{renderMarkdownLite(readFileSync(resolve(import.meta.dirname, '../../../../PRIVACY.md'), 'utf8'))}</>,
    );
    expect(html).toContain('<h1>Factlight privacy policy</h1>');
    expect(html).toContain('<th>Sent to</th>');
    expect(html.match(/<tr>/g)?.length).toBe(7);
    expect(html).not.toMatch(/\*\*|`|\| ---/);
  });
});
