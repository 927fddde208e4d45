/**
 * Source types of well-known hosts, by rule. Hosts not covered here are classified by one batched model
 * call per check (source-types stage) and cached per host. A rule matches the host or any subdomain; a
 * rule with a path ("lemonde.fr/les-decodeurs") matches pages under that path only, and wins over the
 * host's own type, since fact-check desks live inside news sites.
 */
import { hostOf } from '../../text/hosts';
import type { SourceType } from '../../types';

const KNOWN_HOSTS: Record<string, SourceType> = {};
const KNOWN_PATHS: Array<{ host: string; path: string; type: SourceType }> = [];
function add(type: SourceType, entries: string): void {
  for (const entry of entries.split(/\s+/).filter(Boolean)) {
    const slash = entry.indexOf('/');
    if (slash < 0) KNOWN_HOSTS[entry] = type;
    else KNOWN_PATHS.push({ host: entry.slice(0, slash), path: entry.slice(slash), type });
  }
}

add(
  'fact-check',
  // i18n-exempt: host names matched against URLs, not words
  `snopes.com politifact.com factcheck.org fullfact.org checkyourfact.com leadstories.com
  factcheck.afp.com healthfeedback.org climatefeedback.org sciencefeedback.co truthorfiction.com
  correctiv.org mimikama.org maldita.es newtral.es lemonde.fr/les-decodeurs boomlive.in altnews.in
  africacheck.org chequeado.com aosfatos.org teyit.org stopfake.org`,
);
add(
  'wiki',
  // i18n-exempt: host names matched against URLs, not words
  `wikipedia.org wikidata.org wikimedia.org wiktionary.org britannica.com fandom.com
  wikiwand.com scholarpedia.org encyclopedia.com`,
);
add(
  'scientific',
  // i18n-exempt: host names matched against URLs, not words
  `nih.gov ncbi.nlm.nih.gov pubmed.ncbi.nlm.nih.gov who.int cdc.gov nature.com science.org
  sciencedirect.com springer.com link.springer.com wiley.com onlinelibrary.wiley.com thelancet.com nejm.org
  bmj.com jamanetwork.com cell.com plos.org arxiv.org biorxiv.org medrxiv.org pnas.org ieee.org acm.org
  frontiersin.org mdpi.com cochranelibrary.com mayoclinic.org clevelandclinic.org nasa.gov esa.int
  semanticscholar.org researchgate.net jstor.org ourworldindata.org`,
);
add(
  'news',
  // i18n-exempt: host names matched against URLs, not words
  `nytimes.com washingtonpost.com wsj.com bbc.com bbc.co.uk reuters.com apnews.com theguardian.com
  cnn.com npr.org bloomberg.com ft.com economist.com aljazeera.com latimes.com usatoday.com nbcnews.com
  cbsnews.com abcnews.go.com foxnews.com politico.com axios.com theatlantic.com newyorker.com time.com
  forbes.com cnbc.com independent.co.uk telegraph.co.uk thetimes.co.uk sky.com dw.com france24.com
  lemonde.fr lefigaro.fr spiegel.de zeit.de faz.net sueddeutsche.de elpais.com corriere.it repubblica.it
  nhk.or.jp asahi.com scmp.com hindustantimes.com timesofindia.indiatimes.com abc.net.au cbc.ca
  theverge.com wired.com arstechnica.com techcrunch.com engadget.com cnet.com vox.com slate.com salon.com
  huffpost.com buzzfeednews.com yahoo.com news.yahoo.com msn.com newsweek.com`,
);
add(
  'social',
  // i18n-exempt: host names matched against URLs, not words
  `twitter.com x.com facebook.com instagram.com tiktok.com reddit.com youtube.com youtu.be
  linkedin.com threads.net mastodon.social bsky.app t.me telegram.org pinterest.com quora.com
  stackexchange.com stackoverflow.com`,
);
add(
  'blog',
  // i18n-exempt: host names matched against URLs, not words
  `medium.com substack.com wordpress.com blogspot.com tumblr.com ghost.io dev.to hashnode.dev
  livejournal.com typepad.com wixsite.com`,
);

/** Government hosts by suffix: US .gov/.mil and the common national forms elsewhere. */
const GOVERNMENT_SUFFIXES = [
  '.gov',
  '.mil',
  '.gov.uk',
  '.gouv.fr',
  '.gob.es',
  '.gov.au',
  '.gc.ca',
  '.gov.in',
  '.go.jp',
  '.bund.de',
  '.admin.ch',
  '.europa.eu',
  '.gov.br',
  '.gob.mx',
];
const GOVERNMENT_HOSTS = ['europa.eu', 'un.org', 'gov.uk', 'bundesregierung.de', 'canada.ca'];

/** The host itself, then each parent domain with at least one dot ("a.b.com", "b.com"). */
function domainsOf(host: string): string[] {
  const domains: string[] = [];
  for (let candidate = host; candidate.includes('.'); candidate = candidate.slice(candidate.indexOf('.') + 1))
    domains.push(candidate);
  return domains;
}

/** Fact-check desks of news sites, named in the path on any host. */
const FACT_CHECK_PATH = /\/(fact-?check|faktencheck|verificat|ap-fact-check)/i;

/**
 * The type of one page by a rule on its path, or undefined when none applies. Such a type belongs to
 * that URL only: other pages of the host take the host's type.
 */
export function sourceTypeByPath(url: string): SourceType | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const domains = domainsOf(hostOf(url) ?? '');
  const path = parsed.pathname.toLowerCase();
  const known = KNOWN_PATHS.find(
    (rule) => domains.includes(rule.host) && (path === rule.path || path.startsWith(`${rule.path}/`)),
  );
  if (known) return known.type;
  if (FACT_CHECK_PATH.test(parsed.pathname)) return 'fact-check';
  return undefined;
}

/** The type of a (normalised) host by rule, or undefined when no rule knows it. */
export function sourceTypeByHost(host: string): SourceType | undefined {
  for (const candidate of domainsOf(host)) {
    const type = KNOWN_HOSTS[candidate];
    if (type) return type;
  }
  if (GOVERNMENT_HOSTS.some((gov) => host === gov || host.endsWith(`.${gov}`))) return 'government';
  if (GOVERNMENT_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'government';
  if (host.endsWith('.edu') || host.includes('.ac.') || host.endsWith('.ac.uk')) return 'scientific';
  return undefined;
}

/** The source type of a URL by rule (its path's, else its host's), or undefined when no rule knows it. */
export function sourceTypeByRule(url: string): SourceType | undefined {
  const host = hostOf(url);
  if (host === undefined) return undefined;
  return sourceTypeByPath(url) ?? sourceTypeByHost(host);
}
