// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';

import { createLinkMarks } from '../../../../lib/content/link-marks';

afterEach(() => {
  document.documentElement.querySelectorAll('factlight-ui').forEach((host) => host.remove());
  document.body.replaceChildren();
});

describe('link marks in the page', () => {
  it('marks each audited link inside the checked region with its support symbol and words', () => {
    document.body.innerHTML =
      '<p id="checked">Curie (<a href="https://bio.example/curie">bio</a>, <a href="https://x.example/gone#top">gone</a>).</p><p><a href="https://bio.example/curie">outside</a></p>';
    const region = document.createRange();
    region.selectNodeContents(document.getElementById('checked')!);
    createLinkMarks(document).show(
      [
        {
          url: 'https://bio.example/curie',
          status: 'working',
          support: 'supports',
          label: 'Works · Supports the sentence',
        },
        {
          url: 'https://x.example/gone',
          status: 'dead',
          support: 'unavailable',
          label: 'Dead · Content not available',
        },
      ],
      region,
    );
    const marks = Array.from(
      document
        .querySelector('factlight-ui[data-factlight="link-marks"]')!
        .shadowRoot!.querySelectorAll('[data-testid="factlight-link-mark"]'),
    );
    expect(marks.map((mark) => [mark.textContent, mark.getAttribute('aria-label')])).toEqual([
      ['✓', 'Factlight: Works · Supports the sentence'],
      ['✗', 'Factlight: Dead · Content not available'],
    ]);
  });
});
