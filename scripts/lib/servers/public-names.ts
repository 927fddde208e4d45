/**
 * Made-up public names (e.g. `news.public-name.test`) for a loopback web server, so a browser treats the
 * server as a public site: the network guard sees a name, not a private address. Chromium maps the names
 * with --host-resolver-rules. Firefox, which has no such switch, sends plain-http requests for names through
 * this same web server as an HTTP proxy (a request line with the absolute URL, which the web server answers
 * by its path): Firefox then never resolves the name itself, just as a real public name would not resolve
 * to a private address, so its guard's DNS check lets it through. Firefox never proxies loopback addresses
 * (network.proxy.allow_hijacking_localhost is off by default), so requests to 127.0.0.1 still go direct.
 */
import type { WebServer } from './web-server';

/** Browser settings that route some host names to a loopback server (HttpsOrigin has them too). */
export interface HostRoutes {
  chromiumArgs: string[];
  firefoxPrefs: Record<string, string | number>;
}

/** Routes `hosts` (with the server's port in their URLs) to `server`, a web server on 127.0.0.1. */
export function publicNamesFor(server: WebServer, hosts: string[]): HostRoutes {
  const port = Number(new URL(server.origin).port);
  return {
    chromiumArgs: [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`],
    firefoxPrefs: { 'network.proxy.type': 1, 'network.proxy.http': '127.0.0.1', 'network.proxy.http_port': port },
  };
}
