/**
 * Reliability ratings of web domains, from two open lists shipped with the extension
 * (public/ratings/domains.tsv, built by scripts/build-ratings.ts):
 * - Lin et al. 2023 (PNAS Nexus 2(9) pgad286): `pc1`, 0–1, the first principal component of six expert
 *   rating sets, for 11,520 news domains;
 * - CRED-1 by Alexander Loth (CC BY 4.0): 2,672 domains known for unreliable content, with a category.
 *
 * Pure: the table is parsed from text, so the same lookup runs in the side panel, in Node and in tests.
 * A host that neither list rates has no rating: it is never shown as unreliable.
 */
import { normaliseHost } from '../../text/hosts';

/** The list a rating comes from. */
export type RatingList = 'lin2023' | 'cred1';
/** What a reader is told: "Rated high / mixed / low reliability". */
export type ReliabilityBand = 'high' | 'mixed' | 'low';

/** CRED-1's categories (its codebook), keyed by the one-letter code the shipped file uses. */
export const CRED1_CATEGORIES = {
  f: 'fake',
  u: 'unreliable',
  c: 'conspiracy',
  r: 'rumor',
  m: 'mixed',
  s: 'satire',
  g: 'reliable',
  o: 'other',
} as const;
export type Cred1Category = (typeof CRED1_CATEGORIES)[keyof typeof CRED1_CATEGORIES];

/** One list's rating of a domain. */
export interface ListRating {
  list: RatingList;
  /** 0 (lowest) to 1 (highest). */
  score: number;
  /** CRED-1's category. */
  category?: Cred1Category;
}

/** A host's reliability: the rated domain that matched, its band, and every list's rating of it. */
export interface DomainRating {
  /** The rated entry that matched (a parent of the host, or a domain with a path such as `rfi.fr/en`). */
  domain: string;
  band: ReliabilityBand;
  ratings: ListRating[];
}

/**
 * Bands of Lin et al.'s pc1. 0.6 and 0.4 split the score where the expert sets agree: national outlets
 * with strict corrections policies sit above 0.6 (nytimes.com 0.86, bbc.co.uk 0.72), hyper-partisan and
 * tabloid sites below 0.4 (dailymail.co.uk 0.38, breitbart.com 0.30, infowars.com 0.05).
 */
export const PC1_BANDS = { low: 0.4, high: 0.6 } as const;

const CRED1_BAND: Record<Cred1Category, ReliabilityBand | null> = {
  fake: 'low',
  unreliable: 'low',
  conspiracy: 'low',
  rumor: 'low',
  mixed: 'mixed',
  satire: 'mixed',
  reliable: 'high',
  other: null,
};

function pc1Band(score: number): ReliabilityBand {
  if (score < PC1_BANDS.low) return 'low';
  return score >= PC1_BANDS.high ? 'high' : 'mixed';
}

/**
 * The band of a domain's ratings. Lin et al.'s pc1 decides when present (it aggregates six expert sets);
 * otherwise CRED-1's category (a single list of sites known for unreliable content).
 */
export function bandOf(ratings: readonly ListRating[]): ReliabilityBand | null {
  const lin = ratings.find((rating) => rating.list === 'lin2023');
  if (lin) return pc1Band(lin.score);
  const cred = ratings.find((rating) => rating.list === 'cred1');
  return cred?.category ? CRED1_BAND[cred.category] : null;
}

/** Ratings by domain, as parsed from the shipped table. */
export type RatingsTable = ReadonlyMap<string, readonly ListRating[]>;

/**
 * Parses the shipped table: one domain a line, `domain<TAB>pc1×1000<TAB>CRED-1 code + score×1000`
 * (either column may be empty), e.g. `breitbart.com\t297\tm160`. Lines starting with `#` are comments.
 */
export function parseRatingsTable(text: string): RatingsTable {
  const table = new Map<string, ListRating[]>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [domain, lin, cred] = line.split('\t');
    if (!domain) continue;
    const ratings: ListRating[] = [];
    if (lin) ratings.push({ list: 'lin2023', score: Number(lin) / 1000 });
    const category = cred ? CRED1_CATEGORIES[cred[0] as keyof typeof CRED1_CATEGORIES] : undefined;
    if (cred && category) ratings.push({ list: 'cred1', score: Number(cred.slice(1)) / 1000, category });
    if (ratings.length > 0) table.set(domain, ratings);
  }
  return table;
}

/**
 * Google's AMP cache serves `www.bbc.co.uk` as `www-bbc-co-uk.cdn.ampproject.org` (dots become `-`,
 * hyphens `--`): the page is the publisher's, so it is rated as the publisher.
 */
function unwrapAmpCache(host: string): string {
  const match = /^([a-z0-9-]+)\.cdn\.ampproject\.org$/.exec(host);
  if (!match?.[1]) return host;
  // AMP's cache writes '.' as '-' and '-' as '--'.
  return match[1]
    .split('--')
    .map((part) => part.replace(/-/g, '.'))
    .join('-');
}

/**
 * The candidate domains for a host, most specific first: the host (normalised, so without `www.`), then
 * each parent (which covers the `m.`, `amp.` and `mobile.` editions), down to two labels.
 */
export function candidateDomains(host: string): string[] {
  const normalised = normaliseHost(host);
  if (!normalised) return [];
  const labels = unwrapAmpCache(normalised).split('.');
  const candidates: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) candidates.push(labels.slice(i).join('.'));
  if (labels.length === 1) candidates.push(labels[0]!);
  return candidates;
}

/** Looks a host (and optionally the URL's first path segment, for entries like `rfi.fr/en`) up. */
export function rateHost(table: RatingsTable, host: string, firstPathSegment?: string): DomainRating | undefined {
  for (const domain of candidateDomains(host)) {
    const keys = firstPathSegment ? [`${domain}/${firstPathSegment.toLowerCase()}`, domain] : [domain];
    for (const key of keys) {
      const ratings = table.get(key);
      const band = ratings ? bandOf(ratings) : null;
      if (ratings && band) return { domain: key, band, ratings: [...ratings] };
    }
  }
  return undefined;
}

/** Looks up an http(s) URL's host; anything else (a Wikidata id, a broken URL) has no rating. */
export function rateUrl(table: RatingsTable, url: string): DomainRating | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  const segment = parsed.pathname.split('/')[1];
  return rateHost(table, parsed.hostname, segment || undefined);
}
