/**
 * Wikidata statements as knowledge-graph evidence (FLEEK): a claim's subject is looked up as an item,
 * and the statements whose property fits the predicate become short plain-text passages.
 *
 * Three GETs to the MediaWiki Action API of wikidata.org (anonymous CORS with `origin=*`):
 * 1. `wbsearchentities` (https://www.wikidata.org/w/api.php?action=help&modules=wbsearchentities):
 *    `{ searchinfo, search: [{ id, label, description, concepturi, match: { type, language, text } }] }`;
 * 2. `wbgetentities` (…modules=wbgetentities) for the item's labels and claims, in Wikibase's canonical
 *    JSON (docs/topics/json.md in mediawiki-extensions-Wikibase): `{ entities: { Q243: { labels,
 *    claims: { P2048: [{ mainsnak: { snaktype, datatype, datavalue }, rank, qualifiers }] } } } }`;
 * 3. `wbgetentities&props=labels` once, batched, for the labels of the properties and of the items
 *    that values point to (at most 50 ids: the API's limit per request for ordinary clients).
 * API errors arrive with status 200 as `{ error: { code, info } }`; unknown ids as `{ id, missing: "" }`.
 */
import { z } from 'zod';

import { composedEnglish, englishDating, englishValue } from '../core/composed-english';
import type { WikidataStatementParams } from '../core/composed-evidence';
import { ProviderError } from '../core/errors';
import type { KnowledgeGraph, KnowledgeStatement } from '../core/ports';
import type { FactTriple } from '../core/types';
import { requestJson } from './http';
import { buildUrl, primaryLanguage } from './provider';
import { createMatcher, type TripleMatcher } from './wikidata-match';
import { type DataValue, type LabelOf, readDating, readValue, type TimeQualifiers, valueIds } from './wikidata-values';

/** One statement as evidence (the `KnowledgeGraph` port's shape); all passages of an item share its page URL. */
export type KnowledgeEvidence = KnowledgeStatement;

/** How to reach Wikidata. `baseUrl` overrides the API origin (proxies, tests); URLs in results stay public. */
export interface WikidataLookupOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Per-request time limit; 15 s (the search providers' default) when unset. */
  timeoutMs?: number;
}

/** One lookup's parameters. */
export interface KnowledgeLookupRequest {
  /** BCP 47 language of the claim; labels come in it, falling back to English. */
  language?: string;
  maxStatements: number;
  signal?: AbortSignal;
}

/** The `KnowledgeGraph` port for Wikidata. Errors are thrown as `ProviderError`. */
export interface WikidataLookup extends KnowledgeGraph {
  lookup(triple: FactTriple, request: KnowledgeLookupRequest): Promise<KnowledgeEvidence[]>;
}

const DEFAULT_BASE = 'https://www.wikidata.org';
const DEFAULT_TIMEOUT_MS = 15_000;
const LABEL_BATCH = 50;
const PROVIDER = 'wikidata';
const LABEL = 'Wikidata';

// Datatypes that state a checkable fact in words. External ids, media files, URLs and the like never
// answer a predicate and would only use up the one 50-id label batch.
const KEPT_DATATYPES = new Set(['wikibase-item', 'time', 'quantity', 'monolingualtext', 'string', 'globe-coordinate']);
const KEPT_VALUE_TYPES = new Set([
  'wikibase-entityid',
  'time',
  'quantity',
  'monolingualtext',
  'string',
  'globecoordinate',
]);

const apiError = z.object({ code: z.string(), info: z.string().optional() });
// PHP serialises an empty map as `[]` on some API paths; read that as `{}`.
const map = <T extends z.ZodType>(value: T) =>
  z.preprocess((input) => (Array.isArray(input) && input.length === 0 ? {} : input), z.record(z.string(), value));
const snak = z.object({
  snaktype: z.string(),
  datatype: z.string().optional(),
  datavalue: z.object({ type: z.string(), value: z.unknown() }).optional(),
});
const statement = z.object({ mainsnak: snak, rank: z.string().optional(), qualifiers: map(z.array(snak)).optional() });
const entity = z.object({
  missing: z.string().optional(),
  labels: map(z.object({ value: z.string() })).optional(),
  claims: map(z.array(statement)).optional(),
});
const entitiesSchema = z.object({ entities: map(entity).optional(), error: apiError.optional() });
const searchSchema = z.object({
  search: z
    .array(
      z.object({
        id: z.string(),
        label: z.string().optional(),
        match: z.object({ text: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  error: apiError.optional(),
});
type Entity = z.infer<typeof entity>;
type Claims = NonNullable<Entity['claims']>;

/** A statement that could become evidence. */
interface Candidate {
  property: string;
  order: number;
  preferred: boolean;
  datavalue: DataValue;
  dating: TimeQualifiers;
}

function failure(error: z.infer<typeof apiError>): ProviderError {
  const kind = error.code === 'ratelimited' ? 'rate-limit' : error.code === 'maxlag' ? 'server' : 'bad-request';
  const detail = error.info ?? error.code;
  return new ProviderError(
    kind,
    { code: 'search-api-refused', provider: LABEL, what: 'request', detail },
    { provider: PROVIDER },
  );
}

function labelIn(labels: Entity['labels'], language: string): string | undefined {
  return labels?.[language]?.value ?? labels?.en?.value;
}

/** Non-deprecated statements with a value of a kept type, in the order the API lists them. */
function collect(claims: Claims): Candidate[] {
  const candidates: Candidate[] = [];
  for (const [property, statements] of Object.entries(claims)) {
    if (!/^P\d+$/.test(property)) continue;
    for (const { mainsnak, rank, qualifiers } of statements) {
      const { datavalue, datatype } = mainsnak;
      if (rank === 'deprecated' || mainsnak.snaktype !== 'value' || !datavalue) continue;
      if (datatype ? !KEPT_DATATYPES.has(datatype) : !KEPT_VALUE_TYPES.has(datavalue.type)) continue;
      const dating = {
        P585: qualifiers?.P585?.[0]?.datavalue,
        P580: qualifiers?.P580?.[0]?.datavalue,
        P582: qualifiers?.P582?.[0]?.datavalue,
      };
      candidates.push({ property, order: candidates.length, preferred: rank === 'preferred', datavalue, dating });
    }
  }
  return candidates;
}

const preferredFirst = (a: Candidate, b: Candidate) => Number(b.preferred) - Number(a.preferred) || a.order - b.order;

/**
 * The ids for the one label request, most useful first, at most `LABEL_BATCH`: hinted properties and
 * the values of their best statements, then every other property (so labels can be matched), then the
 * remaining values. A statement's ids go in together or not at all.
 */
function labelIds(candidates: Candidate[], matcher: TripleMatcher, max: number): string[] {
  const ids = new Set<string>();
  const add = (more: string[]) => {
    const fresh = more.filter((id) => !ids.has(id));
    if (ids.size + fresh.length <= LABEL_BATCH) for (const id of fresh) ids.add(id);
  };
  const hinted = candidates.filter((c) => matcher.hinted(c.property)).sort(preferredFirst);
  const others = candidates.filter((c) => !matcher.hinted(c.property));
  for (const c of hinted) add([c.property]);
  for (const c of hinted.slice(0, max)) add(valueIds(c.datavalue));
  for (const c of others) add([c.property]);
  for (const c of [...hinted.slice(max), ...others]) add(valueIds(c.datavalue));
  return [...ids];
}

/**
 * The statements to report, best first: by score, then preferred rank, then API order. Statements of
 * matching properties win; only when no property matches do statements whose value shares words with
 * the object count (a vague predicate like "is in" still finds "country: France").
 */
function choose(
  candidates: Candidate[],
  matcher: TripleMatcher,
  labelOf: LabelOf,
  max: number,
): Array<Omit<WikidataStatementParams, 'subject'>> {
  const rows: Array<{
    candidate: Candidate;
    propertyScore: number;
    score: number;
    text: string;
    statement: Omit<WikidataStatementParams, 'subject'>;
  }> = [];
  for (const candidate of candidates) {
    const property = labelOf(candidate.property);
    const value = property === undefined ? undefined : readValue(candidate.datavalue, labelOf);
    if (property === undefined || value === undefined) continue;
    const words = englishValue(value);
    const dating = readDating(candidate.dating);
    const propertyScore = matcher.property(candidate.property, property);
    const score = propertyScore + matcher.value(words);
    const text = `${property}: ${words}${englishDating(dating)}`;
    rows.push({ candidate, propertyScore, score, text, statement: { property, value, ...dating } });
  }
  const anyProperty = rows.some((row) => row.propertyScore > 0);
  const ranked = rows
    .filter((row) => (anyProperty ? row.propertyScore > 0 : row.score > 0))
    .sort((a, b) => b.score - a.score || preferredFirst(a.candidate, b.candidate));
  // Statements that read the same (one value stated twice) are reported once.
  const byText = new Map<string, Omit<WikidataStatementParams, 'subject'>>();
  for (const row of ranked) if (!byText.has(row.text)) byText.set(row.text, row.statement);
  return [...byText.values()].slice(0, max);
}

/** A statement's passage and title in English, what the model reads; `composed` keeps its values for the views. */
export function wikidataStatement(url: string, params: WikidataStatementParams): KnowledgeEvidence {
  const composed = { code: 'wikidata-statement', params } as const;
  const { passage, title = '' } = composedEnglish(composed);
  return { url, title, passage, composed };
}

/** Creates the Wikidata lookup. Nothing is sent until `lookup` is called. */
export function createWikidataLookup(options: WikidataLookupOptions = {}): WikidataLookup {
  const base = options.baseUrl?.trim() || DEFAULT_BASE;
  const timeoutMs = options.timeoutMs !== undefined && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TIMEOUT_MS;
  // Wrapped so the browser's fetch is never called with a foreign `this`.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const api = <T>(params: Record<string, string | number>, schema: z.ZodType<T>, signal: AbortSignal | undefined) =>
    requestJson({
      provider: PROVIDER,
      label: LABEL,
      keyed: false,
      url: buildUrl(base, '/w/api.php', { ...params, format: 'json', origin: '*' }),
      method: 'GET',
      // Wikimedia's User-Agent policy: browsers cannot set User-Agent, so identify via Api-User-Agent.
      // i18n-exempt: an HTTP header (User-Agent) naming our client, not interface text
      headers: { 'Api-User-Agent': 'Factlight/0.1 (fact-checking browser extension)' },
      schema,
      fetch: fetchFn,
      timeoutMs,
      signal,
    });

  return {
    async lookup(triple, { language, maxStatements, signal }) {
      const subject = triple.subject.trim();
      const max = Math.floor(maxStatements);
      if (!subject || !(max > 0)) return [];
      const lang = primaryLanguage(language) ?? 'en';
      const languages = lang === 'en' ? 'en' : `${lang}|en`;

      const found = await api(
        { action: 'wbsearchentities', search: subject, language: lang, uselang: lang, type: 'item', limit: 3 },
        searchSchema,
        signal,
      );
      if (found.error) throw failure(found.error);
      if (!found.search)
        throw new ProviderError(
          'malformed',
          { code: 'search-bad-reply', provider: LABEL, problem: 'no-results' },
          { provider: PROVIDER },
        );
      // The API ranks well-known items first; an exact label still beats an earlier partial match.
      const same = (text: string | undefined) => text?.trim().toLowerCase() === subject.toLowerCase();
      const items = found.search.filter((item) => /^Q\d+$/.test(item.id));
      const hit = items.find((item) => same(item.label) || same(item.match?.text)) ?? items[0];
      if (!hit) return [];

      const item = await api(
        { action: 'wbgetentities', ids: hit.id, props: 'labels|descriptions|claims', languages },
        entitiesSchema,
        signal,
      );
      // Unknown or malformed ids are "no such entity": nothing to report, not a failure of the service.
      if (item.error?.code === 'no-such-entity') return [];
      if (item.error) throw failure(item.error);
      if (!item.entities)
        throw new ProviderError(
          'malformed',
          { code: 'search-bad-reply', provider: LABEL, problem: 'no-entities' },
          { provider: PROVIDER },
        );
      // A redirected id comes back under its target's id.
      const subjectEntity = item.entities[hit.id] ?? Object.values(item.entities).find((e) => e.missing === undefined);
      if (!subjectEntity || subjectEntity.missing !== undefined) return [];
      const candidates = collect(subjectEntity.claims ?? {});
      if (candidates.length === 0) return [];

      const matcher = createMatcher(triple);
      const ids = labelIds(candidates, matcher, max);
      const labels = await api(
        { action: 'wbgetentities', ids: ids.join('|'), props: 'labels', languages },
        entitiesSchema,
        signal,
      );
      if (labels.error) throw failure(labels.error);
      const labelOf: LabelOf = (id) => labelIn(labels.entities?.[id]?.labels, lang);

      const name = labelIn(subjectEntity.labels, lang) ?? hit.label ?? hit.id;
      const key = Object.entries(item.entities).find(([, e]) => e === subjectEntity)?.[0];
      const entityId = key && /^Q\d+$/.test(key) ? key : hit.id;
      const url = `https://www.wikidata.org/wiki/${entityId}`;
      return choose(candidates, matcher, labelOf, max).map((statement) =>
        wikidataStatement(url, { subject: name, ...statement }),
      );
    },
  };
}
