import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * Serves a saved page at a real site's origin over HTTPS on 127.0.0.1, so content scripts with real match
 * patterns (https://claude.ai/*) run. The browser maps the host to this server with
 * --host-resolver-rules and accepts the self-signed certificate (see platform notes).
 */
export interface HttpsOrigin {
  port: number;
  /** Chromium flags that route `hosts` here. */
  chromiumArgs: string[];
  close(): Promise<void>;
}

export async function startHttpsOrigin(hosts: string[], html: string): Promise<HttpsOrigin> {
  const dir = mkdtempSync(join(tmpdir(), 'factlight-tls-'));
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${hosts[0]}`,
    '-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ], { stdio: 'ignore' });
  const server: Server = createServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    chromiumArgs: [`--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`, '--ignore-certificate-errors'],
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A saved full page without its scripts (they would try to reach the real site). */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
}
