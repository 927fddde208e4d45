/**
 * Node's resolver for the page fetcher's DNS check (lib/extract/page-fetcher.ts `lookup`): every address a
 * name resolves to, as `getaddrinfo` answers (the system's hosts file and DNS, as the request itself will
 * see them). The connection makes its own lookup afterwards, so a name that changes its answer in between
 * (DNS rebinding with a zero TTL) is not caught; SECURITY.md says so.
 */
import { lookup } from 'node:dns/promises';

export async function lookupAddresses(hostname: string): Promise<string[]> {
  // WHATWG URLs keep IPv6 literals in brackets; getaddrinfo wants them bare (the fetcher skips literals anyway).
  const name = hostname.replace(/^\[(.*)\]$/, '$1');
  return (await lookup(name, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** What the Node commands give the pipeline's page fetcher: a DNS check on every hop. */
export const NODE_PAGES = { lookup: lookupAddresses } as const;
