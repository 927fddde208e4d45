/**
 * Serves a saved page at a real site's origin over HTTPS on 127.0.0.1, so content scripts with real match
 * patterns (https://claude.ai/*) run. Chromium maps the host to this server with --host-resolver-rules;
 * Firefox, which has no such switch, reaches it through a CONNECT proxy on loopback that tunnels those
 * hosts (and nothing else) here. Both accept the self-signed certificate (see platform notes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import { createServer, type Server } from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HttpsOrigin {
  port: number;
  /** Chromium flags that route `hosts` here. */
  chromiumArgs: string[];
  /** Firefox prefs that route HTTPS through the proxy, which tunnels `hosts` here and refuses any other host. */
  firefoxPrefs: Record<string, string | number>;
  close(): Promise<void>;
}

/** Serves `content` for every request (a saved page), or lets `content` answer each request itself. */
export async function startHttpsOrigin(hosts: string[], content: string | RequestListener): Promise<HttpsOrigin> {
  const handler: RequestListener =
    typeof content === 'function'
      ? content
      : (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
          res.end(content);
        };
  const server: Server = createServer(selfSignedCertificate(hosts), handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const tunnels = new Set<Socket>();
  const proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    const [host, targetPort] = (req.url ?? '').split(':');
    if (!host || !hosts.includes(host) || targetPort !== '443') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      tunnels.add(socket);
      socket.on('close', () => tunnels.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  const closeServer = (closing: { close(done: () => void): unknown }) =>
    new Promise<void>((resolve) => closing.close(() => resolve()));
  return {
    port,
    chromiumArgs: [
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`,
      '--ignore-certificate-errors',
    ],
    // Only HTTPS goes to the proxy; the loopback http:// servers of the tests are reached directly.
    firefoxPrefs: { 'network.proxy.type': 1, 'network.proxy.ssl': '127.0.0.1', 'network.proxy.ssl_port': proxyPort },
    async close() {
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      await Promise.all([closeServer(server), closeServer(proxy)]);
    },
  };
}

/** A fresh self-signed certificate for `hosts`, made by openssl in a temporary folder that is removed at once. */
function selfSignedCertificate(hosts: string[]): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'factlight-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        `/CN=${hosts[0]}`,
        '-addext',
        `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A saved full page without its scripts (they would try to reach the real site). */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
}
