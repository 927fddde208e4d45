/**
 * Recognises URLs that point at this machine or a private network, by host name or literal address.
 * Evidence URLs come from untrusted text and search results; fetching them from the extension could
 * reach a router admin page or a local service (SSRF), so they are refused unless the user allows it.
 * Names that merely resolve to private addresses cannot be seen from an extension (no DNS API in Chrome);
 * the fetcher also refuses redirects into private space.
 */
export function isPrivateNetworkUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host.startsWith('[') && host.endsWith(']')) return isPrivateIpv6(host.slice(1, -1));
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.endsWith('.local') || host.endsWith('.internal') || host.endsWith('.lan') || host.endsWith('.home.arpa')) return true;
  const ipv4 = parseIpv4(host);
  return ipv4 ? isPrivateIpv4(ipv4) : false;
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
    (a === 192 && b === 168)
  );
}

function isPrivateIpv6(address: string): boolean {
  const lower = address.toLowerCase();
  if (lower === '::1' || lower === '::') return true;
  // IPv4-mapped addresses; the URL parser rewrites ::ffff:192.168.0.1 as ::ffff:c0a8:1.
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) {
    const ipv4 = parseIpv4(dotted[1]);
    return ipv4 ? isPrivateIpv4(ipv4) : false;
  }
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return isPrivateIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  return /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower); // unique local, link-local
}
