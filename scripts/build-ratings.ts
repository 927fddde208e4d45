/**
 * `npm run build:ratings [-- --data ../shared/data/domain-ratings]`
 * Turns the two open domain-rating lists into the compact table the extension ships,
 * public/ratings/domains.tsv (parsed by lib/core/evidence/sources/domain-ratings.ts):
 * `domain<TAB>pc1×1000<TAB>CRED-1 category code + credibility×1000`, sorted by domain.
 * Domains are normalised as the lookup normalises hosts (lower case, punycode, no `www.`); entries with a
 * path (`rfi.fr/en`) keep it. The output is committed, so a build needs no data download.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { CRED1_CATEGORIES } from '../lib/core/evidence/sources/domain-ratings';
import { normaliseHost } from '../lib/core/text/hosts';

const { values } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' } } });
const dataDir = values.data ?? '../shared/data/domain-ratings';
const outFile = values.out ?? 'public/ratings/domains.tsv';

/** Minimal CSV reader: the two files have no quoted fields (checked: a quote aborts the build). */
function readCsv(file: string): Array<Record<string, string>> {
  const [header, ...rows] = readFileSync(join(dataDir, file), 'utf8').trim().split(/\r?\n/);
  if (!header || /"/.test(header + rows.join(''))) throw new Error(`${file}: quoted CSV fields are not supported`);
  const names = header.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value])));
}

/**
 * A list's domain written the way the lookup sees hosts. Some entries carry a TV station's call sign
 * ("wvec–13newsnow.com") or a stray space ("silver-coin-investor. com"); the site is the part after the dash.
 */
function normaliseDomain(raw: string): string | undefined {
  const cleaned = raw.trim().toLowerCase().replace(/\s+/g, '').split('–').pop() ?? '';
  const [host, ...path] = cleaned.split('/');
  const normalised = normaliseHost(host ?? '');
  if (!normalised || !normalised.includes('.')) return undefined;
  const firstSegment = path.find(Boolean);
  return firstSegment ? `${normalised}/${firstSegment}` : normalised;
}

/**
 * Platforms whose pages are written by their users: a blog on blogspot.com or a video on youtube.com is
 * not the platform's journalism, so the platform's own score (blogspot.com 0.67, youtube.com 0.38) would
 * mislabel every page on it. Their bare domains are left out; entries for one account on them
 * (`facebook.com/news`, `youtube.com/nextnewsnetwork`) and listed subdomains stay.
 */
const USER_CONTENT_PLATFORMS = new Set([
  'blogspot.com',
  'wordpress.com',
  'medium.com',
  'substack.com',
  'tumblr.com',
  'livejournal.com',
  'typepad.com',
  'wixsite.com',
  'weebly.com',
  'github.io',
  'youtube.com',
  'facebook.com',
  'twitter.com',
  'x.com',
  'instagram.com',
  'tiktok.com',
  'reddit.com',
  'linkedin.com',
  'google.com',
  'apple.com',
  't.me',
  'telegram.org',
  'quora.com',
]);

const CODE_OF = Object.fromEntries(Object.entries(CRED1_CATEGORIES).map(([code, name]) => [name, code]));
const score = (value: string) => Math.round(Math.min(1, Math.max(0, Number(value))) * 1000);

const lin = new Map<string, number>();
let skipped = 0;
for (const row of readCsv('lin2023_domain_pc1.csv')) {
  const domain = normaliseDomain(row.domain ?? '');
  if (!domain || USER_CONTENT_PLATFORMS.has(domain) || !row.pc1 || Number.isNaN(Number(row.pc1))) {
    skipped++;
    continue;
  }
  if (!lin.has(domain)) lin.set(domain, score(row.pc1));
}
const cred = new Map<string, string>();
for (const row of readCsv('cred1_current.csv')) {
  const domain = normaliseDomain(row.domain ?? '');
  const code = CODE_OF[row.category ?? ''];
  if (!domain || USER_CONTENT_PLATFORMS.has(domain) || !code || Number.isNaN(Number(row.credibility_score))) {
    skipped++;
    continue;
  }
  if (!cred.has(domain)) cred.set(domain, `${code}${score(row.credibility_score ?? '')}`);
}

const domains = [...new Set([...lin.keys(), ...cred.keys()])].sort();
const lines = [
  '# Domain reliability ratings for Factlight. Built by scripts/build-ratings.ts; columns: domain, pc1×1000, CRED-1 category+score×1000.',
  '# pc1: Lin, Lasser, Lewandowsky, Cole, Gully, Rand & Pennycook (2023), High level of correspondence across different news domain quality rating sets, PNAS Nexus 2(9) pgad286, https://doi.org/10.1093/pnasnexus/pgad286 (github.com/hauselin/domain-quality-ratings).',
  '# CRED-1 by Alexander Loth, CC BY 4.0 (github.com/aloth/cred-1), built from OpenSources.co (CC BY 4.0, Melissa Zimdars et al.) and the Iffy.news index (MIT). Changed: columns reduced to category and score.',
  ...domains.map((domain) => `${domain}\t${lin.get(domain) ?? ''}\t${cred.get(domain) ?? ''}`),
];
mkdirSync(join(outFile, '..'), { recursive: true });
writeFileSync(outFile, `${lines.join('\n')}\n`);
const bytes = Buffer.byteLength(lines.join('\n')) + 1;
console.log(
  `${outFile}: ${domains.length} domains (lin2023 ${lin.size}, CRED-1 ${cred.size}, skipped ${skipped}), ${(bytes / 1024).toFixed(1)} KiB`,
);
