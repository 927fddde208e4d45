import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';

import { domToText } from '../../../../lib/extract/dom-text';

describe('domToText', () => {
  it('keeps paragraphs as blank-line breaks, lines from <br> and code as written', () => {
    const { document } = parseHTML(
      '<html><body><div><h2>Title</h2><p>One\n  two</p><p>Line<br>break</p><pre>  a = 1\n  b = 2</pre><ul><li>x</li><li>y</li></ul></div></body></html>',
    );
    expect(domToText(document.body as unknown as Node)).toBe(
      'Title\n\nOne two\n\nLine\nbreak\n\n  a = 1\n  b = 2\n\nx\n\ny',
    );
  });
});
