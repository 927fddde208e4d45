/**
 * Recognises URLs that point at this machine or a private network, by host name or literal address.
 * Evidence URLs come from untrusted text and search results; fetching them from the extension could
 * reach a router admin page or a local service (SSRF), so they are refused unless the user allows it.
 * This sees the URL only. Names that merely resolve to private addresses are refused where a resolver can
 * be asked: Firefox's `dns.resolve` (lib/background/network-guard.ts) and Node's lookup (the page
 * fetcher's `lookup`); Chrome has no DNS API, so there only the names below are known to be private.
 */
export function isPrivateNetworkUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return isPrivateHost(host);
}

/**
 * Names that always mean a private place: this machine (`localhost`), local-network suffixes, a single
 * label (`http://router/`, completed by the local resolver's search domain), and public wildcard-DNS
 * services that answer any name with the address written in it (`10.0.0.1.nip.io`) or with loopback.
 */
const PRIVATE_SUFFIXES = ['localhost', 'local', 'internal', 'lan', 'home.arpa'];
export const WILDCARD_DNS_DOMAINS = ['nip.io', 'sslip.io', 'xip.io', 'localtest.me', 'lvh.me', 'vcap.me'];

/** Whether a URL's hostname (as `URL.hostname` gives it: lower case, IPv6 in brackets) is private. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateIpv6(host.slice(1, -1));
  // "localhost." is the same name as "localhost" (fully qualified), so the root dot must not hide it.
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  const ipv4 = parseIpv4(name);
  if (ipv4) return isPrivateIpv4(ipv4);
  if (name !== '' && !name.includes('.')) return true;
  return [...PRIVATE_SUFFIXES, ...WILDCARD_DNS_DOMAINS].some(
    (suffix) => name === suffix || name.endsWith(`.${suffix}`),
  );
}

/** Whether a resolved address (IPv4 dotted, or IPv6 without brackets, as resolvers answer) is private. */
export function isPrivateIpAddress(address: string): boolean {
  const ipv4 = parseIpv4(address);
  if (ipv4) return isPrivateIpv4(ipv4);
  // A zone index ("fe80::1%eth0") names the interface, not the address.
  return isPrivateIpv6(address.split('%')[0] ?? '');
}

/** Whether a hostname is an IP literal (so there is nothing to resolve). */
export function isIpLiteral(hostname: string): boolean {
  return (hostname.startsWith('[') && hostname.endsWith(']')) || parseIpv4(hostname) !== null;
}

function parseIpv4(host: string): number[] | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

function isPrivateIpv4([a = 0, b = 0]: number[]): boolean {
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) || // benchmarking, used inside some networks
    a >= 224 // multicast, reserved, broadcast
  );
}

function isPrivateIpv6(address: string): boolean {
  const groups = parseIpv6(address);
  if (!groups) return false;
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  // ::, ::1
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 <= 1) return true;
  // An IPv4 address carried inside IPv6 reaches that IPv4 host: IPv4-compatible (::/96),
  // IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96) all get the IPv4 rules.
  const embedsIpv4 =
    (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && (g5 === 0 || g5 === 0xffff)) ||
    (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0);
  if (embedsIpv4) return isPrivateIpv4([g6 >> 8, g6 & 255, g7 >> 8, g7 & 255]);
  return (
    (g0 & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (g0 & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (g0 & 0xffc0) === 0xfec0 || // site-local fec0::/10 (deprecated, still routed inside some networks)
    (g0 & 0xff00) === 0xff00 // multicast
  );
}

/** Eight 16-bit groups of an IPv6 literal (with "::" and a dotted IPv4 tail expanded), or null. */
function parseIpv6(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const ipv4 = parseIpv4(dotted[1]);
    if (!ipv4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = ipv4;
    text = text.slice(0, dotted.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string | undefined): string[] => (part ? part.split(':') : []);
  const head = toGroups(halves[0]);
  const tail = toGroups(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.map((group) => parseInt(group, 16));
}
