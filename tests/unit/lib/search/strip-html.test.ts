import { describe, expect, it } from 'vitest';

import { decodeEntities, stripHtml } from '../../../../lib/search/strip-html';

describe('stripHtml', () => {
  it('removes tags, decodes entities and collapses whitespace', () => {
    expect(stripHtml('<span class="searchmatch">Paris</span>is the <strong>capital</strong>&nbsp;of\n\tFrance')).toBe(
      'Parisis the capital of France',
    );
    expect(stripHtml('one<br>two<p>three</p>four')).toBe('one two three four');
    expect(stripHtml('&quot;A&quot; &amp; &#39;B&#39; &lt;tag&gt; &#x2014; &mdash; &hellip; &euro;')).toBe(
      '"A" & \'B\' <tag> — — … €',
    );
    expect(stripHtml('a<!-- hidden --> b<script>alert(1)</script> c<style>p{}</style>')).toBe('a b c');
    expect(stripHtml('3 < 4 and 5 > 2')).toBe('3 < 4 and 5 > 2');
  });

  it('leaves unknown entities and replaces invalid code points', () => {
    expect(decodeEntities('&unknownthing; &#0; &#xD800; &#128512;')).toBe('&unknownthing; \ufffd \ufffd 😀');
  });
});
