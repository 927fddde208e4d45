/**
 * The fact world as Wikidata knows it, answered as the Wikibase Action API answers (the loopback
 * www.wikidata.org of wikimedia-origin.ts): `wbsearchentities` and `wbgetentities`, in the shapes of the real
 * API (https://www.wikidata.org/w/api.php?action=help&modules=wbsearchentities, …modules=wbgetentities) and of
 * Wikibase's canonical JSON (https://www.mediawiki.org/wiki/Wikibase/DataModel/JSON; data values as in
 * https://www.wikidata.org/wiki/Wikidata:Data_formats/JSON_datatype_encodings).
 *
 * One item with real ids and real statements: the Eiffel Tower (Q243), its inception (P571, 31 March 1889),
 * its country (P17, France Q142) and where it stands (P131, 7th arrondissement of Paris Q259463), and the
 * properties and items those name, each with its English label. Nothing else exists: another search finds
 * nothing, another id is `missing`, as on the real site.
 */

/** A label, description or alias as Wikibase writes it. */
interface Term {
  language: string;
  value: string;
}

interface WorldEntity {
  type: 'item' | 'property';
  id: string;
  datatype?: string;
  labels: Record<string, Term>;
  descriptions: Record<string, Term>;
  aliases: Record<string, Term[]>;
  claims: Record<string, object[]>;
}

const en = (value: string): Record<string, Term> => ({ en: { language: 'en', value } });

const GREGORIAN = 'http://www.wikidata.org/entity/Q1985727';

/** A statement as `wbgetentities` gives it: its main snak, type, id and rank (no qualifiers or references here). */
function statement(subject: string, property: string, guid: string, datatype: string, datavalue: object): object {
  return {
    mainsnak: { snaktype: 'value', property, hash: guid.replaceAll('-', '').slice(0, 40), datavalue, datatype },
    type: 'statement',
    id: `${subject}$${guid}`,
    rank: 'normal',
  };
}

const itemValue = (id: string) => ({
  value: { 'entity-type': 'item', 'numeric-id': Number(id.slice(1)), id },
  type: 'wikibase-entityid',
});

const ENTITIES: WorldEntity[] = [
  {
    type: 'item',
    id: 'Q243',
    labels: en('Eiffel Tower'),
    descriptions: en('tower on the Champ de Mars in Paris, France'),
    aliases: { en: [{ language: 'en', value: 'Tour Eiffel' }] },
    claims: {
      P571: [
        statement('Q243', 'P571', '2d0b3b9e-4a5c-4f3e-9d1c-6e1f0c8a5b71', 'time', {
          value: {
            time: '+1889-03-31T00:00:00Z',
            timezone: 0,
            before: 0,
            after: 0,
            precision: 11,
            calendarmodel: GREGORIAN,
          },
          type: 'time',
        }),
      ],
      P17: [statement('Q243', 'P17', '5e8c1a4f-2b7d-4c9e-8a3f-1d6b9e0c7a24', 'wikibase-item', itemValue('Q142'))],
      P131: [statement('Q243', 'P131', '9a1f6c3e-7d2b-4e8a-b5c4-3f0e1d9a6b82', 'wikibase-item', itemValue('Q259463'))],
    },
  },
  { type: 'item', id: 'Q142', labels: en('France'), descriptions: {}, aliases: {}, claims: {} },
  { type: 'item', id: 'Q259463', labels: en('7th arrondissement of Paris'), descriptions: {}, aliases: {}, claims: {} },
  {
    type: 'property',
    id: 'P571',
    datatype: 'time',
    labels: en('inception'),
    descriptions: {},
    aliases: {},
    claims: {},
  },
  {
    type: 'property',
    id: 'P17',
    datatype: 'wikibase-item',
    labels: en('country'),
    descriptions: {},
    aliases: {},
    claims: {},
  },
  {
    type: 'property',
    id: 'P131',
    datatype: 'wikibase-item',
    labels: en('located in the administrative territorial entity'),
    descriptions: {},
    aliases: {},
    claims: {},
  },
];

const BY_ID = new Map(ENTITIES.map((entity) => [entity.id, entity]));

type ApiAnswer = object;

const error = (code: string, info: string, more: object = {}): ApiAnswer => ({
  error: { code, info, ...more },
  servedby: 'mw-loopback',
});

/**
 * Parameters a module does not know are not an error on the real API: it answers, with a warning per
 * unknown name (API:Errors_and_warnings). The common parameters every module takes are known to all.
 */
const COMMON = ['action', 'format', 'origin', 'formatversion', 'uselang', 'errorformat', 'maxlag', 'utf8'];

function warnings(params: URLSearchParams, known: readonly string[]): object {
  const unknown = [...params.keys()].filter((name) => !COMMON.includes(name) && !known.includes(name));
  return unknown.length > 0
    ? { warnings: { main: { '*': `Unrecognized parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` } } }
    : {};
}

const SEARCH_TYPES = ['item', 'property', 'lexeme', 'form', 'sense'];

/**
 * `wbsearchentities`: entities whose label or alias in `language` starts with `search` (case-insensitive), the
 * label first, at most `limit` (default 7, at most 50), shaped as the real module shapes its hits.
 */
export function searchEntities(params: URLSearchParams): ApiAnswer {
  const known = ['search', 'language', 'strictlanguage', 'type', 'limit', 'continue', 'props', 'profile'];
  const search = params.get('search');
  if (!search) return error('missingparam', 'The "search" parameter must be set.');
  const language = params.get('language');
  if (!language) return error('missingparam', 'The "language" parameter must be set.');
  const type = params.get('type') ?? 'item';
  if (!SEARCH_TYPES.includes(type)) return error('badvalue', `Unrecognized value for parameter "type": ${type}.`);
  const limitText = params.get('limit') ?? '7';
  if (!/^\d+$/.test(limitText))
    return error('badinteger', `Invalid value "${limitText}" for integer parameter "limit".`);
  const limit = Math.min(Math.max(Number(limitText), 1), 50);
  const wanted = search.trim().toLowerCase();
  const hits = ENTITIES.filter((entity) => entity.type === type).flatMap((entity) => {
    const label = entity.labels[language];
    const terms: Array<{ type: 'label' | 'alias'; term: Term }> = [
      ...(label ? [{ type: 'label' as const, term: label }] : []),
      ...(entity.aliases[language] ?? []).map((term) => ({ type: 'alias' as const, term })),
    ];
    const match = terms.find(({ term }) => term.value.toLowerCase().startsWith(wanted));
    if (!match) return [];
    const description = entity.descriptions[language];
    return [
      {
        id: entity.id,
        title: entity.type === 'property' ? `Property:${entity.id}` : entity.id,
        pageid: 1000 + Number(entity.id.slice(1)),
        display: {
          ...(label ? { label } : {}),
          ...(description ? { description } : {}),
        },
        repository: 'wikidata',
        url: `//www.wikidata.org/wiki/${entity.id}`,
        concepturi: `http://www.wikidata.org/entity/${entity.id}`,
        ...(label ? { label: label.value } : {}),
        ...(description ? { description: description.value } : {}),
        match: { type: match.type, language: match.term.language, text: match.term.value },
        ...(match.type === 'alias' ? { aliases: [match.term.value] } : {}),
      },
    ];
  });
  return { searchinfo: { search }, search: hits.slice(0, limit), success: 1, ...warnings(params, known) };
}

const PROPS = ['info', 'sitelinks', 'sitelinks/urls', 'aliases', 'labels', 'descriptions', 'claims', 'datatype'];
const ID_LIMIT = 50;

/**
 * `wbgetentities` by `ids`: each entity with the parts `props` asks for (default: all), terms only in
 * `languages` when given; an unknown id of a valid form comes back as `{ id, missing: "" }`, an id of no
 * valid form is the error `no-such-entity`.
 */
export function getEntities(params: URLSearchParams): ApiAnswer {
  const known = [
    'ids',
    'sites',
    'titles',
    'redirects',
    'props',
    'languages',
    'languagefallback',
    'normalize',
    'sitefilter',
  ];
  const idsText = params.get('ids');
  if (!idsText)
    return error(
      'param-missing',
      'Either provide the item "ids" or pairs of "sites" and "titles" for corresponding pages.',
    );
  const ids = idsText.split('|');
  if (ids.length > ID_LIMIT)
    return error('toomanyvalues', `Too many values supplied for parameter "ids". The limit is ${ID_LIMIT}.`);
  const props = (params.get('props') ?? 'info|sitelinks|aliases|labels|descriptions|claims|datatype').split('|');
  const badProp = props.find((prop) => !PROPS.includes(prop));
  if (badProp) return error('badvalue', `Unrecognized value for parameter "props": ${badProp}.`);
  const badId = ids.find((id) => !/^[QP][1-9]\d*$/.test(id));
  if (badId) return error('no-such-entity', `Could not find an entity with the ID "${badId}".`, { id: badId });
  const languages = params.get('languages')?.split('|');
  const terms = <T>(all: Record<string, T>) =>
    Object.fromEntries(Object.entries(all).filter(([language]) => !languages || languages.includes(language)));
  const entities = Object.fromEntries(
    ids.map((id) => {
      const entity = BY_ID.get(id);
      if (!entity) return [id, { id, missing: '' }];
      return [
        id,
        {
          type: entity.type,
          ...(entity.datatype && props.includes('datatype') ? { datatype: entity.datatype } : {}),
          id: entity.id,
          ...(props.includes('labels') ? { labels: terms(entity.labels) } : {}),
          ...(props.includes('descriptions') ? { descriptions: terms(entity.descriptions) } : {}),
          ...(props.includes('aliases') ? { aliases: terms(entity.aliases) } : {}),
          ...(props.includes('claims') ? { claims: entity.claims } : {}),
          ...(entity.type === 'item' && props.includes('sitelinks') ? { sitelinks: {} } : {}),
        },
      ];
    }),
  );
  return { entities, success: 1, ...warnings(params, known) };
}
