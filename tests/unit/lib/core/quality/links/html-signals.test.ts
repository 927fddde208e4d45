import { describe, expect, it } from 'vitest';

import { javascriptSignal, visibleText } from '../../../../../../lib/core/quality/links/html-signals';

describe('visibleText', () => {
  it('keeps what a reader sees without scripts, with entities decoded', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body><!-- hidden --><p>Café &amp; cr&#232;me &#x2014; <b>bold</b></p><script>var x = "<p>no</p>";</script><noscript>Enable JS</noscript><template><p>later</p></template></body></html>';
    expect(visibleText(html)).toBe('Café & crème — bold');
  });
});

describe('javascriptSignal', () => {
  it('recognises a notice, in <noscript> or in the page itself', () => {
    expect(
      javascriptSignal('<body><noscript>Please turn on JavaScript to continue.</noscript><div id="app"></div></body>'),
    ).toBe('notice');
    expect(javascriptSignal('<body><p>JavaScript is disabled in your browser.</p></body>')).toBe('notice');
  });

  it('recognises an app shell by its scripts, but not by JSON data blocks', () => {
    expect(
      javascriptSignal('<body><div id="root">Loading…</div><script type="module" src="/main.js"></script></body>'),
    ).toBe('scripts');
    expect(
      javascriptSignal('<body><p>Short stub.</p><script type="application/ld+json">{}</script></body>'),
    ).toBeUndefined();
  });

  it('leaves short pages without scripts and long server-rendered pages alone', () => {
    expect(javascriptSignal('<body><p>Coming soon.</p></body>')).toBeUndefined();
    expect(
      javascriptSignal(
        `<body><p>${'A long server-rendered paragraph of article text. '.repeat(10)}</p><script src="/ads.js"></script></body>`,
      ),
    ).toBeUndefined();
  });
});
