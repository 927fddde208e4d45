/**
 * The Wikidata lookup against a fake Wikibase API on a real loopback server, answering from fixtures in
 * the documented response shapes (tests/fixtures/wikidata/README.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { FactTriple } from '../../../../lib/core/types';
import { createWikidataLookup } from '../../../../lib/search/wikidata';
import entityFixture from '../../../fixtures/wikidata/entities.json';
import searchFixture from '../../../fixtures/wikidata/search.json';
import { providerError, type RecordedRequest, type Reply, startServer, type TestServer } from './harness';

const SEARCH: Record<string, unknown[]> = searchFixture;
const ENTITIES: Record<string, Record<string, unknown>> = entityFixture;

/** Picks the requested languages out of a `labels`/`descriptions` map, as the API does. */
function inLanguages(terms: unknown, languages: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(terms ?? {}).filter(([language]) => languages.includes(language)));
}

/** `action=wbsearchentities` and `action=wbgetentities`, answered from the fixtures. */
function wikibase({ path, query }: RecordedRequest): Reply {
  if (path !== '/w/api.php') return { status: 404, body: 'Not Found' };
  if (query.action === 'wbsearchentities') {
    return {
      body: {
        searchinfo: { search: query.search },
        search: SEARCH[query.search?.toLowerCase() ?? ''] ?? [],
        success: 1,
      },
    };
  }
  const props = (query.props ?? '').split('|');
  const languages = (query.languages ?? '').split('|');
  const entities = Object.fromEntries(
    (query.ids ?? '').split('|').map((id) => {
      const stored = ENTITIES[id];
      if (!stored) return [id, { id, missing: '' }];
      const entity: Record<string, unknown> = { type: stored.type, id };
      if (props.includes('labels')) entity.labels = inLanguages(stored.labels, languages);
      if (props.includes('descriptions')) entity.descriptions = inLanguages(stored.descriptions, languages);
      if (props.includes('claims')) entity.claims = stored.claims;
      return [id, entity];
    }),
  );
  return { body: { entities, success: 1 } };
}

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
  server.reply(wikibase);
});
afterEach(async () => {
  await server.close();
});

const lookup = (triple: FactTriple, maxStatements = 3, language = 'en') =>
  createWikidataLookup({ baseUrl: server.baseUrl }).lookup(triple, { language, maxStatements });
const passages = async (triple: FactTriple, maxStatements?: number, language?: string) =>
  (await lookup(triple, maxStatements, language)).map((evidence) => evidence.passage);

describe('wikidata lookup', () => {
  it('searches the subject, reads its statements and resolves labels in one batch', async () => {
    const evidence = await lookup({ subject: 'Eiffel Tower', predicate: 'has a height of', object: '330 metres' });

    expect(server.requests).toHaveLength(3);
    const [search, entity, labels] = server.requests;
    expect(search?.method).toBe('GET');
    expect(search?.path).toBe('/w/api.php');
    expect(search?.headers['api-user-agent']).toMatch(/^Factlight\//);
    expect(search?.query).toEqual({
      action: 'wbsearchentities',
      search: 'Eiffel Tower',
      language: 'en',
      uselang: 'en',
      type: 'item',
      limit: '3',
      format: 'json',
      origin: '*',
    });
    expect(entity?.query).toEqual({
      action: 'wbgetentities',
      ids: 'Q243',
      props: 'labels|descriptions|claims',
      languages: 'en',
      format: 'json',
      origin: '*',
    });
    const { ids = '', ...rest } = labels?.query ?? {};
    expect(rest).toEqual({ action: 'wbgetentities', props: 'labels', languages: 'en', format: 'json', origin: '*' });
    const requested = ids.split('|');
    expect(requested.slice(0, 2)).toEqual(['P2048', 'Q11573']); // the hinted property and its unit first
    expect(requested).toEqual(
      expect.arrayContaining(['P31', 'P17', 'P131', 'P571', 'P1619', 'P84', 'P625', 'P1448', 'Q142', 'Q20882']),
    );
    expect(requested).not.toEqual(expect.arrayContaining(['P646'])); // external id
    expect(requested).not.toEqual(expect.arrayContaining(['P18'])); // image
    expect(new Set(requested).size).toBe(requested.length);

    const page = { url: 'https://www.wikidata.org/wiki/Q243', title: 'Eiffel Tower (Wikidata)' };
    // The English the model reads, and beside it the same statement as values for the views to word.
    const height = (amount: string, dating: object) => ({
      code: 'wikidata-statement',
      params: {
        subject: 'Eiffel Tower',
        property: 'height',
        value: { kind: 'quantity', amount, unit: 'metre' },
        ...dating,
      },
    });
    const year = (y: number) => ({ time: `+${y}-00-00T00:00:00Z`, precision: 9 });
    expect(evidence).toEqual([
      {
        ...page,
        passage: 'Eiffel Tower — height: 330 metre (as of 2022)',
        composed: height('330', { asOf: year(2022) }),
      },
      {
        ...page,
        passage: 'Eiffel Tower — height: 324 metre (as of 2000)',
        composed: height('324', { asOf: year(2000) }),
      },
      {
        ...page,
        passage: 'Eiffel Tower — height: 312 metre (from 1889 to 1956)',
        composed: height('312', { from: year(1889), until: year(1956) }),
      },
    ]);
  });

  it('puts preferred statements first and skips deprecated ones', async () => {
    expect(await passages({ subject: 'eiffel tower', predicate: 'height', object: '' }, 10)).toEqual([
      'Eiffel Tower — height: 330 metre (as of 2022)',
      'Eiffel Tower — height: 324 metre (as of 2000)',
      'Eiffel Tower — height: 312 metre (from 1889 to 1956)',
    ]);
  });

  it('matches "born" to date and place of birth, with day precision and the place by name', async () => {
    expect(await passages({ subject: 'Marie Curie', predicate: 'was born on', object: '7 November 1867' }, 2)).toEqual([
      'Marie Curie — date of birth: 7 November 1867',
      'Marie Curie — place of birth: Warsaw',
    ]);
  });

  it('matches a predicate to a property label and resolves the item it points to', async () => {
    expect(await passages({ subject: 'France', predicate: 'capital', object: 'Paris' })).toEqual([
      'France — capital: Paris',
    ]);
    expect(await passages({ subject: 'France', predicate: 'has a population of', object: '68 million' })).toEqual([
      'France — population: 68373433 (as of 1 January 2023)',
      'France — population: 66990000 (as of 2019)',
    ]);
  });

  it('writes times to their precision: month, day and year', async () => {
    expect(await passages({ subject: 'Eiffel Tower', predicate: 'was built in', object: '1887' }, 1)).toEqual([
      'Eiffel Tower — inception: January 1887',
    ]);
    expect(await passages({ subject: 'Eiffel Tower', predicate: 'opened', object: '31 March 1889' })).toEqual([
      'Eiffel Tower — date of official opening: 31 March 1889',
      'Eiffel Tower — inception: January 1887',
    ]);
  });

  it('ranks the statement whose item matches the object first', async () => {
    expect(await passages({ subject: 'Eiffel Tower', predicate: 'is located in', object: 'Paris' }, 2)).toEqual([
      'Eiffel Tower — located in the administrative territorial entity: 7th arrondissement of Paris',
      'Eiffel Tower — country: France',
    ]);
    // No property fits "is": the statement whose value names the object still answers.
    expect(await passages({ subject: 'Eiffel Tower', predicate: 'is', object: 'an observation tower' })).toEqual([
      'Eiffel Tower — instance of: observation tower',
    ]);
  });

  it('prefers the hit whose label or matched alias is the subject', async () => {
    expect(await passages({ subject: 'Curie', predicate: 'died', object: '1934' }, 1)).toEqual([
      'Marie Curie — date of death: 4 July 1934',
    ]);
    expect(server.requests[1]?.query.ids).toBe('Q7186');
  });

  it('asks in the claim language and falls back to English labels', async () => {
    const evidence = await lookup({ subject: 'tour Eiffel', predicate: 'hauteur', object: '330 mètres' }, 1, 'fr-FR');
    expect(evidence).toEqual([
      {
        url: 'https://www.wikidata.org/wiki/Q243',
        title: 'tour Eiffel (Wikidata)',
        passage: 'tour Eiffel — hauteur: 330 mètre (as of 2022)',
        composed: {
          code: 'wikidata-statement',
          params: {
            subject: 'tour Eiffel',
            property: 'hauteur',
            value: { kind: 'quantity', amount: '330', unit: 'mètre' },
            asOf: { time: '+2022-00-00T00:00:00Z', precision: 9 },
          },
        },
      },
    ]);
    expect(server.requests.map((r) => [r.query.language, r.query.uselang, r.query.languages])).toEqual([
      ['fr', 'fr', undefined],
      [undefined, undefined, 'fr|en'],
      [undefined, undefined, 'fr|en'],
    ]);
    expect(await passages({ subject: 'tour Eiffel', predicate: 'est située dans', object: 'Paris' }, 1, 'fr')).toEqual([
      "tour Eiffel — située dans l'unité administrative territoriale: 7th arrondissement of Paris",
    ]);
  });

  it('returns nothing when no item or no statement fits', async () => {
    expect(await lookup({ subject: 'Xyzzy Tower', predicate: 'height', object: '1 m' })).toEqual([]);
    expect(server.requests).toHaveLength(1);
    expect(await lookup({ subject: 'Eiffel Tower', predicate: 'favourite colour', object: 'blue' })).toEqual([]);
    expect(await lookup({ subject: ' ', predicate: 'height', object: '1 m' })).toEqual([]);
    expect(await lookup({ subject: 'Eiffel Tower', predicate: 'height', object: '1 m' }, 0)).toEqual([]);
    expect(server.requests).toHaveLength(4);
  });

  it('treats a missing or unknown entity as no evidence', async () => {
    server.reply((request) =>
      request.query.action === 'wbsearchentities'
        ? wikibase(request)
        : {
            body: {
              error: { code: 'no-such-entity', info: 'Could not find an entity with the ID "Q243".', id: 'Q243' },
              servedby: 'mw1',
            },
          },
    );
    expect(await lookup({ subject: 'Eiffel Tower', predicate: 'height', object: '' })).toEqual([]);
    server.reply((request) =>
      request.query.action === 'wbsearchentities'
        ? wikibase(request)
        : { body: { entities: { Q243: { id: 'Q243', missing: '' } }, success: 1 } },
    );
    expect(await lookup({ subject: 'Eiffel Tower', predicate: 'height', object: '' })).toEqual([]);
  });
});

describe('wikidata errors', () => {
  const triple = { subject: 'Eiffel Tower', predicate: 'height', object: '330 m' };

  it('reports 429 as rate-limit with Retry-After', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '7' }, body: 'Too many requests' });
    const error = await providerError(lookup(triple));
    expect(error.kind).toBe('rate-limit');
    expect(error.details).toMatchObject({ provider: 'wikidata', status: 429, retryAfterMs: 7000 });
    expect(error.message).toBe('Wikidata is rate-limiting requests (429); try again in 7 s.');
  });

  it('reports a 500 on the label batch as a server error', async () => {
    server.reply((request) =>
      request.query.props === 'labels' ? { status: 500, body: 'Internal Server Error' } : wikibase(request),
    );
    const error = await providerError(lookup(triple));
    expect(error.kind).toBe('server');
    expect(error.details).toMatchObject({ provider: 'wikidata', status: 500, url: `${server.baseUrl}/w/api.php` });
    expect(error.message).toBe('Wikidata had a server error (500).');
    expect(server.requests).toHaveLength(3);
  });

  it('reports bodies that are not JSON or not the documented shape as malformed', async () => {
    server.reply({ body: '<!doctype html><title>Wikimedia Error</title>' });
    expect((await providerError(lookup(triple))).message).toBe('Wikidata sent a response that is not JSON.');
    server.reply({ body: { search: 'Q243' } });
    expect((await providerError(lookup(triple))).message).toBe(
      'Wikidata sent a response in an unexpected shape at "search".',
    );
    server.reply({ body: { success: 1 } });
    expect((await providerError(lookup(triple))).kind).toBe('malformed');
    server.reply((request) =>
      request.query.action === 'wbsearchentities'
        ? wikibase(request)
        : { body: { entities: { Q243: { claims: { P2048: 'x' } } } } },
    );
    const error = await providerError(lookup(triple));
    expect(error.kind).toBe('malformed');
    expect(error.message).toBe('Wikidata sent a response in an unexpected shape at "entities.Q243.claims.P2048".');
  });

  it('turns API errors sent with status 200 into ProviderErrors', async () => {
    server.reply({ body: { error: { code: 'ratelimited', info: "You've exceeded your rate limit." } } });
    expect(await providerError(lookup(triple))).toMatchObject({
      kind: 'rate-limit',
      message: "Wikidata refused the request: You've exceeded your rate limit.",
      notice: {
        code: 'search-api-refused',
        provider: 'Wikidata',
        what: 'request',
        detail: "You've exceeded your rate limit.",
      },
    });
    server.reply({ body: { error: { code: 'badvalue', info: 'Unrecognized value for parameter "language": xx.' } } });
    expect((await providerError(lookup(triple))).kind).toBe('bad-request');
  });

  it('does not send anything when already cancelled', async () => {
    const request = { maxStatements: 3, signal: AbortSignal.abort() };
    const error = await providerError(createWikidataLookup({ baseUrl: server.baseUrl }).lookup(triple, request));
    expect(error.kind).toBe('cancelled');
    expect(server.requests).toHaveLength(0);
  });
});
