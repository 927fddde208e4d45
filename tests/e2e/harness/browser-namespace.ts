/**
 * Runs a browser in a user and mount namespace of its own, where private folders are bound over the paths
 * it reads (harness/managed-policy.ts: the machine-wide policy folders), so that browser alone sees them and
 * nothing is written to the real ones. Works for root and for any other user alike, wherever the kernel
 * allows unprivileged user namespaces (`unshare --user --map-root-user` maps this user to root inside the
 * namespace, which may then bind-mount; the mounts are private to it, unshare's default propagation).
 *
 * The browser launchers take one program to start (`LaunchOptions.executablePath`), so the namespace is
 * entered by a small shell script written to a temporary folder: it `exec`s unshare, which `exec`s the
 * browser with the launcher's arguments, so the launcher's process id, pipes and signals reach the browser
 * itself. The network is not touched: the browser still reaches the test's servers on 127.0.0.1.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A private folder shown in place of `target` inside the namespace. */
export interface BindMount {
  source: string;
  target: string;
}

/** `text` as one single-quoted shell word. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The script that enters a namespace, binds `mounts` and runs `program` with the script's own arguments. */
function namespaceScript(mounts: readonly BindMount[], program: string): string {
  const inner = [
    ...mounts.map(({ source, target }) => `mount --bind ${shellWord(source)} ${shellWord(target)}`),
    `exec ${shellWord(program)} "$@"`,
  ].join(' && ');
  return [
    '#!/bin/sh',
    '# Written by tests/e2e/harness/browser-namespace.ts: the browser in a user + mount namespace of its own.',
    `exec unshare --user --map-root-user --mount sh -c ${shellWord(inner)} factlight-namespace "$@"`,
    '',
  ].join('\n');
}

/**
 * Fails with what is wrong when this machine will not give a process a user and mount namespace with
 * `mounts` bound (a kernel or container that forbids unprivileged user namespaces, say).
 */
export function assertNamespaceWorks(mounts: readonly BindMount[], purpose: string): void {
  const probe = spawnSync('sh', ['-c', namespaceScript(mounts, 'true')], { encoding: 'utf8' });
  if (probe.status === 0) return;
  const said = (probe.error?.message ?? probe.stderr).trim() || `exit code ${probe.status}`;
  throw new Error(
    `${purpose} runs the browser in a user and mount namespace of its own (unshare --user --map-root-user ` +
      `--mount, then mount --bind), so that only that browser sees a private folder at ` +
      `${mounts.map(({ target }) => target).join(' and ')}; this machine refused it (uid ` +
      `${process.getuid?.() ?? '?'}): ${said}. Allow user namespaces (for example the sysctls ` +
      'kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0, or on Ubuntu ' +
      'kernel.apparmor_restrict_unprivileged_userns=0; in a container, a seccomp profile that permits unshare).',
  );
}

/**
 * Writes, into `dir`, a program that starts `browserPath` in a namespace of its own with `mounts` bound,
 * passing its arguments on; answers its path (for `LaunchOptions.executablePath`).
 */
export function writeNamespacedBrowser(dir: string, browserPath: string, mounts: readonly BindMount[]): string {
  const path = join(dir, 'browser-in-namespace.sh');
  writeFileSync(path, namespaceScript(mounts, browserPath), { mode: 0o755 });
  return path;
}
