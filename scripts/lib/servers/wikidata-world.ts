/**
 * The fact world as Wikidata knows it, answered as the Wikibase Action API answers (the loopback
 * www.wikidata.org of wikimedia-origin.ts): `wbsearchentities` and `wbgetentities`, in the shapes of the real
 * API (https://www.wikidata.org/w/api.php?action=help&modules=wbsearchentities, …modules=wbgetentities) and of
 * Wikibase's canonical JSON (https://www.mediawiki.org/wiki/Wikibase/DataModel/JSON; data values as in
 * https://www.wikidata.org/wiki/Wikidata:Data_formats/JSON_datatype_encodings).
 *
 * One item, the Eiffel Tower (Q243), as the repository's Wikidata fixture has it (tests/fixtures/wikidata/
 * entities.json, which the lookup's own tests serve too): its statements (among them inception, P571, January
 * 1887, and date of official opening, P1619, 31 March 1889), and the properties and items those name, with
 * their labels. Its Japanese label is added here, so a search in Japanese finds it by its own name. Nothing
 * else exists: another search finds nothing, another id is `missing`, as on the real site.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

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
  aliases?: Record<string, Term[]>;
  claims: Record<string, object[]>;
}

const FIXTURE: Record<string, WorldEntity> = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/wikidata/entities.json'), 'utf8'),
);

/** Every entity id a statement names: its property, its value's item, its qualifiers' properties and items. */
function namedIds(entity: WorldEntity): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.property === 'string') ids.add(record.property);
      if (record['entity-type'] && typeof record.id === 'string') ids.add(record.id);
      for (const inner of Object.values(record)) visit(inner);
    }
  };
  visit(entity.claims);
  return [...ids];
}

const EIFFEL_TOWER = FIXTURE.Q243!;
const ENTITIES: WorldEntity[] = [
  {
    ...EIFFEL_TOWER,
    // Q243's Japanese label on Wikidata.
    labels: { ...EIFFEL_TOWER.labels, ja: { language: 'ja', value: 'エッフェル塔' } },
  },
  ...namedIds(EIFFEL_TOWER).flatMap((id) => (FIXTURE[id] ? [FIXTURE[id]] : [])),
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

function warnings(params: URLSearchParams, known: readonly string[], more: Record<string, string[]> = {}): object {
  const unknown = [...params.keys()].filter((name) => !COMMON.includes(name) && !known.includes(name));
  const byModule: Record<string, { '*': string }> = {};
  if (unknown.length > 0)
    byModule.main = { '*': `Unrecognized parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` };
  // Each module's warnings are one text, a line apiece (formatversion 1, as the lookup asks).
  for (const [module, lines] of Object.entries(more))
    if (lines.length > 0) byModule[module] = { '*': lines.join('\n') };
  return Object.keys(byModule).length > 0 ? { warnings: byModule } : {};
}

const SEARCH_TYPES = ['item', 'property', 'lexeme', 'form', 'sense'];

/**
 * The languages a search looks in: the one asked for, then (unless `strictlanguage` is set) its fallback, as
 * the real module does; on Wikidata nearly every language's fallback chain ends in English.
 */
function searchLanguages(params: URLSearchParams, language: string): string[] {
  return params.has('strictlanguage') || language === 'en' ? [language] : [language, 'en'];
}

const LIMIT = { default: 7, min: 1, max: 50 };

/**
 * `wbsearchentities`: entities whose label or alias in `language` (or its fallback) starts with `search`
 * (case-insensitive), the label first, at most `limit` (default 7; outside 1–50 it is brought into range with
 * a warning, as the real API does), shaped as the real module shapes its hits.
 */
export function searchEntities(params: URLSearchParams): ApiAnswer {
  const known = ['search', 'language', 'strictlanguage', 'type', 'limit', 'continue', 'props', 'profile'];
  const search = params.get('search');
  if (!search) return error('missingparam', 'The "search" parameter must be set.');
  const language = params.get('language');
  if (!language) return error('missingparam', 'The "language" parameter must be set.');
  const type = params.get('type') ?? 'item';
  if (!SEARCH_TYPES.includes(type)) return error('badvalue', `Unrecognized value for parameter "type": ${type}.`);
  const limitText = params.get('limit') ?? String(LIMIT.default);
  if (!/^-?\d+$/.test(limitText))
    return error('badinteger', `Invalid value "${limitText}" for integer parameter "limit".`);
  const limit = Math.min(Math.max(Number(limitText), LIMIT.min), LIMIT.max);
  const limitWarning =
    limit === Number(limitText)
      ? []
      : [`The value "${limitText}" for parameter "limit" must be between ${LIMIT.min} and ${LIMIT.max}.`];
  const languages = searchLanguages(params, language);
  const wanted = search.trim().toLowerCase();
  const hits = ENTITIES.filter((entity) => entity.type === type).flatMap((entity) => {
    const terms = languages.flatMap((lang) => {
      const label = entity.labels[lang];
      return [
        ...(label ? [{ type: 'label' as const, term: label }] : []),
        ...(entity.aliases?.[lang] ?? []).map((term) => ({ type: 'alias' as const, term })),
      ];
    });
    const match = terms.find(({ term }) => term.value.toLowerCase().startsWith(wanted));
    if (!match) return [];
    // Shown in the language asked for when the entity has it, else in the first fallback that has it.
    const label = languages.map((lang) => entity.labels[lang]).find(Boolean);
    const description = languages.map((lang) => entity.descriptions[lang]).find(Boolean);
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
  return {
    searchinfo: { search },
    search: hits.slice(0, limit),
    success: 1,
    ...warnings(params, known, { wbsearchentities: limitWarning }),
  };
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
          ...(props.includes('aliases') ? { aliases: terms(entity.aliases ?? {}) } : {}),
          ...(props.includes('claims') ? { claims: entity.claims } : {}),
          ...(entity.type === 'item' && props.includes('sitelinks') ? { sitelinks: {} } : {}),
        },
      ];
    }),
  );
  return { entities, success: 1, ...warnings(params, known) };
}
