import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { wikipediaArticleUrl, wikipediaLanguage } from '../../../../lib/search/wikipedia';
import { providerError, startServer, type TestServer } from './harness';

// Shaped like a real `list=search&formatversion=2` answer (https://www.mediawiki.org/wiki/API:Search).
const ANSWER = {
  batchcomplete: true,
  continue: { sroffset: 3, continue: '-||' },
  query: {
    searchinfo: { totalhits: 4213 },
    search: [
      {
        ns: 0,
        title: 'Tour Eiffel',
        pageid: 1359783,
        snippet:
          'La <span class="searchmatch">tour</span> <span class="searchmatch">Eiffel</span> est une tour de fer puddlé de 330&nbsp;m de <span class="searchmatch">hauteur</span> &#91;1&#93; située à Paris',
      },
      { ns: 0, title: 'AC/DC', pageid: 1209, snippet: 'groupe de &quot;hard rock&quot; &amp; de blues' },
      { ns: 0, title: 'Rock & roll?', pageid: 77, snippet: '' },
    ],
  },
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('wikipedia', () => {
  it('sends a MediaWiki list=search request and reads the pages', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('wikipedia', { baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'hauteur tour Eiffel', language: 'fr-FR', maxResults: 3 });

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/w/api.php');
    expect(request?.query).toEqual({
      action: 'query',
      list: 'search',
      srsearch: 'hauteur tour Eiffel',
      srlimit: '3',
      srprop: 'snippet',
      format: 'json',
      formatversion: '2',
      origin: '*',
    });
    expect(request?.headers['api-user-agent']).toMatch(/^Factlight\//);
    expect(results).toEqual([
      {
        url: 'https://fr.wikipedia.org/wiki/Tour_Eiffel',
        title: 'Tour Eiffel',
        snippet: 'La tour Eiffel est une tour de fer puddlé de 330 m de hauteur [1] située à Paris',
        provider: 'wikipedia',
      },
      {
        url: 'https://fr.wikipedia.org/wiki/AC/DC',
        title: 'AC/DC',
        snippet: 'groupe de "hard rock" & de blues',
        provider: 'wikipedia',
      },
      {
        url: 'https://fr.wikipedia.org/wiki/Rock_%26_roll%3F',
        title: 'Rock & roll?',
        snippet: '',
        provider: 'wikipedia',
      },
    ]);
  });

  it('links English articles when the query has no language', async () => {
    server.reply({ body: ANSWER });
    const results = await createSearchProvider('wikipedia', { baseUrl: server.baseUrl }).search({
      text: 'x',
      maxResults: 1,
    });
    expect(results.map((r) => r.url)).toEqual(['https://en.wikipedia.org/wiki/Tour_Eiffel']);
    expect(server.requests[0]?.query.srlimit).toBe('1');
  });

  it('turns an API error sent with status 200 into a ProviderError', async () => {
    server.reply({
      body: { error: { code: 'srsearch-text-disabled', info: 'text search is disabled' }, servedby: 'mw1' },
    });
    const error = await providerError(
      createSearchProvider('wikipedia', { baseUrl: server.baseUrl }).search({ text: 'x', maxResults: 3 }),
    );
    expect(error.kind).toBe('bad-request');
    expect(error.message).toBe('Wikipedia refused the search: text search is disabled');
    expect(error.notice).toEqual({
      code: 'search-api-refused',
      provider: 'Wikipedia',
      what: 'search',
      detail: 'text search is disabled',
    });
  });

  it('maps languages to editions and titles to article URLs', () => {
    expect(wikipediaLanguage('de-AT')).toBe('de');
    expect(wikipediaLanguage('nb-NO')).toBe('no');
    expect(wikipediaLanguage('not a tag')).toBe('en');
    expect(wikipediaLanguage(undefined)).toBe('en');
    expect(wikipediaArticleUrl('de', 'Zürich (Stadt)')).toBe('https://de.wikipedia.org/wiki/Z%C3%BCrich_(Stadt)');
    expect(wikipediaArticleUrl('en', 'Talk:Main Page, 2024')).toBe(
      'https://en.wikipedia.org/wiki/Talk:Main_Page,_2024',
    );
  });
});
