import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createSearchProvider } from '../../../../lib/search/index';
import { providerError, startServer, type TestServer } from './harness';

// Shaped like a real claims:search answer
// (https://developers.google.com/fact-check/tools/api/reference/rest/v1alpha1/claims).
const ANSWER = {
  claims: [
    {
      text: 'Crime has doubled in the last 2 years.',
      claimant: 'John Doe',
      claimDate: '2024-01-10T00:00:00Z',
      claimReview: [
        {
          publisher: { name: 'PolitiFact', site: 'politifact.com' },
          url: 'https://www.politifact.com/factchecks/2024/jan/12/john-doe/crime-has-not-doubled/',
          title: 'No, crime has not doubled',
          reviewDate: '2024-01-12T00:00:00Z',
          textualRating: 'False',
          languageCode: 'en',
        },
        {
          publisher: { site: 'factcheck.org' },
          url: 'https://www.factcheck.org/2024/01/crime-claims/',
          textualRating: 'Misleading',
          languageCode: 'en',
        },
      ],
    },
    {
      text: 'The Eiffel Tower grew by 6 metres.',
      claimReview: [
        {
          publisher: { name: 'Full Fact', site: 'fullfact.org' },
          url: 'https://fullfact.org/online/eiffel-tower-antenna/',
          title: 'The Eiffel Tower did grow, thanks to an antenna',
          reviewDate: '2022-03-20T10:00:00Z',
          textualRating: 'Correct',
          languageCode: 'en',
        },
      ],
    },
  ],
  nextPageToken: 'CAo',
};

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('google-factcheck', () => {
  it('sends GET claims:search with the key as a parameter and returns one result per review', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('google-factcheck', { apiKey: 'g-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'crime doubled', language: 'en-US', maxResults: 5 });

    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.path).toBe('/v1alpha1/claims:search');
    expect(request?.query).toEqual({ query: 'crime doubled', languageCode: 'en-US', pageSize: '5', key: 'g-key' });
    expect(results).toEqual([
      {
        url: 'https://www.politifact.com/factchecks/2024/jan/12/john-doe/crime-has-not-doubled/',
        title: 'No, crime has not doubled',
        snippet: 'John Doe claimed: "Crime has doubled in the last 2 years." — rated "False" by PolitiFact.',
        provider: 'google-factcheck',
        publishedAt: '2024-01-12T00:00:00Z',
        claimReview: {
          claimText: 'Crime has doubled in the last 2 years.',
          claimant: 'John Doe',
          publisher: 'PolitiFact',
          textualRating: 'False',
          reviewDate: '2024-01-12T00:00:00Z',
        },
      },
      {
        url: 'https://www.factcheck.org/2024/01/crime-claims/',
        title: 'factcheck.org: Crime has doubled in the last 2 years.',
        snippet: 'John Doe claimed: "Crime has doubled in the last 2 years." — rated "Misleading" by factcheck.org.',
        provider: 'google-factcheck',
        claimReview: {
          claimText: 'Crime has doubled in the last 2 years.',
          claimant: 'John Doe',
          publisher: 'factcheck.org',
          textualRating: 'Misleading',
        },
      },
      {
        url: 'https://fullfact.org/online/eiffel-tower-antenna/',
        title: 'The Eiffel Tower did grow, thanks to an antenna',
        snippet: 'Claim: "The Eiffel Tower grew by 6 metres." — rated "Correct" by Full Fact.',
        provider: 'google-factcheck',
        publishedAt: '2022-03-20T10:00:00Z',
        claimReview: {
          claimText: 'The Eiffel Tower grew by 6 metres.',
          publisher: 'Full Fact',
          textualRating: 'Correct',
          reviewDate: '2022-03-20T10:00:00Z',
        },
      },
    ]);
  });

  it("names a review without a publisher by its URL's host", async () => {
    server.reply({
      body: {
        claims: [{ text: 'x', claimReview: [{ url: 'https://WWW.Example-Checks.org./r/1', textualRating: 'False' }] }],
      },
    });
    const provider = createSearchProvider('google-factcheck', { apiKey: 'g-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'x', maxResults: 5 });
    expect(results.map((r) => r.claimReview?.publisher)).toEqual(['example-checks.org']);
  });

  it('limits the reviews to maxResults and omits languageCode when unknown', async () => {
    server.reply({ body: ANSWER });
    const provider = createSearchProvider('google-factcheck', { apiKey: 'g-key', baseUrl: server.baseUrl });
    const results = await provider.search({ text: 'crime', maxResults: 2 });
    expect(server.requests[0]?.query).toEqual({ query: 'crime', pageSize: '2', key: 'g-key' });
    expect(results.map((r) => r.claimReview?.textualRating)).toEqual(['False', 'Misleading']);
  });

  it("reads Google's 400 API_KEY_INVALID as a rejected key and keeps the key out of the error", async () => {
    server.reply({
      status: 400,
      body: {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      },
    });
    const provider = createSearchProvider('google-factcheck', { apiKey: 'secret-key', baseUrl: server.baseUrl });
    const error = await providerError(provider.search({ text: 'q', maxResults: 5 }));
    expect(error.kind).toBe('auth');
    expect(error.message).toBe('Google Fact Check Tools rejected the API key (400).');
    expect(error.notice).toEqual({
      code: 'search-http',
      provider: 'Google Fact Check Tools',
      status: 400,
      reason: 'key-rejected',
    });
    expect(error.details.url).toBe(`${server.baseUrl}/v1alpha1/claims:search`);
    expect(JSON.stringify(error.details)).not.toContain('secret-key');
  });

  it('passes on the reason for other 4xx answers', async () => {
    server.reply({
      status: 403,
      body: {
        error: {
          code: 403,
          message: 'Fact Check Tools API has not been used in project 123 before or it is disabled.',
          status: 'PERMISSION_DENIED',
        },
      },
    });
    const provider = createSearchProvider('google-factcheck', { apiKey: 'k', baseUrl: server.baseUrl });
    const error = await providerError(provider.search({ text: 'q', maxResults: 5 }));
    expect(error.kind).toBe('auth');
    expect(error.message).toBe(
      'Google Fact Check Tools rejected the API key (403). Google Fact Check Tools said: "Fact Check Tools API has not been used in project 123 before or it is disabled."',
    );
  });
});
