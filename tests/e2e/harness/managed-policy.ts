/**
 * An organisation's policy for the managed-settings journey, seen by the real browser where it reads
 * policies, for a copy of the build with an id of its own, and removed afterwards (also on failure, and at exit).
 *
 * - Chromium (Debian) reads every JSON file in /etc/chromium/policies/managed/ and hands
 *   `3rdparty.extensions.<id>` to that extension's `storage.managed`, reloading the folder while it runs
 *   (chromium docs/enterprise/policies.md; /work/notes/browser-platform-facts.md B7).
 * - Firefox ESR reads /etc/firefox/policies/policies.json when that file exists, else `distribution/policies.json`
 *   in its install folder, once at start-up, and hands `policies.3rdparty.Extensions.<gecko id>` to
 *   `storage.managed` (EnterprisePoliciesParent.sys.mjs, JSONPoliciesProvider._getLocalConfigurationFile;
 *   MDN storage.managed: "a browser restart is required to load changes"; facts B9).
 *
 * Those are machine-wide folders that only root may write. So nothing is written there: the browser runs
 * in a user and mount namespace of its own (harness/browser-namespace.ts) where a private temporary folder
 * is bound over /etc/chromium (a copy of its files, without the machine's own policies) or over Firefox's
 * policy folder (/etc/firefox/policies when the machine has one, else the install's distribution folder,
 * with a copy of its files). The test writes the policy into that private folder; being the same folder
 * through the bind mount, Chromium's watch on it sees each change, as it would at /etc/chromium. This works
 * as root and as any other user; where the machine forbids user namespaces the journey fails and says so
 * (it is never skipped). The copy of the build still gets a fresh id, so the policy names only that copy.
 */
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import { browserPath } from '../../../scripts/lib/browsers';
import { makeTempDir, removeTempDir } from '../../../scripts/lib/extension/temp-dirs';
import { assertNamespaceWorks, type BindMount, writeNamespacedBrowser } from './browser-namespace';
import type { BrowserName } from './driver';

/** Where Debian's Chromium reads its policies (policies/managed/ inside it). */
export const CHROMIUM_ETC_DIR = '/etc/chromium';
/** Where Firefox on Linux reads policies.json first, when the file is there (SysConfD/policies). */
export const FIREFOX_SYSTEM_POLICY_DIR = '/etc/firefox/policies';

/** The id Chromium derives from a manifest `key`: SHA-256 of the DER key, first 32 hex digits written a–p. */
export function chromeIdOfKey(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
  return hex.replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

export interface ManagedPolicy {
  /** The copy of the build to install (`LaunchOptions.extensionDir`). */
  extensionDir: string;
  /** The copy's id: what the policy names. */
  extensionId: string;
  /** The browser to start (`LaunchOptions.executablePath`): the real one, in the namespace that shows the policy. */
  executablePath: string;
  /** Writes (or replaces) the policy for the copy; the browser sees it as a real deployment would. */
  write(values: Record<string, unknown>): void;
  /** Removes the policy, its private folders, the browser wrapper and the copy. Safe to call twice. */
  remove(): void;
}

/** A private folder holding a copy of `dir`'s entries, except those named in `leaveOut`. */
function privateCopyOf(dir: string, into: string, leaveOut: readonly string[] = []): string {
  mkdirSync(into, { recursive: true });
  for (const entry of readdirSync(dir))
    if (!leaveOut.includes(entry)) cpSync(join(dir, entry), join(into, entry), { recursive: true });
  return into;
}

/** The bind mount that shows the policy to `browser`, and the policy file's path in the private folder. */
function policyMount(browser: BrowserName, root: string): { mount: BindMount; policyFile: string } {
  if (browser === 'chromium') {
    if (!existsSync(CHROMIUM_ETC_DIR))
      throw new Error(
        `${CHROMIUM_ETC_DIR} does not exist: Chromium reads policies under it, and a private folder can only be ` +
          "shown in place of a folder that exists. Install Debian's chromium package (it makes the folder).",
      );
    // The machine's own policies stay out of the copy: this browser sees the journey's policy alone.
    const source = privateCopyOf(CHROMIUM_ETC_DIR, join(root, 'etc-chromium'), ['policies']);
    const managed = join(source, 'policies', 'managed');
    mkdirSync(managed, { recursive: true });
    return { mount: { source, target: CHROMIUM_ETC_DIR }, policyFile: join(managed, 'factlight-e2e.json') };
  }
  // Firefox reads /etc/firefox/policies/policies.json first when it exists, so a machine with that folder
  // gets it replaced; otherwise the install's distribution folder (next to the real program) is.
  const distribution = join(dirname(realpathSync(browserPath('firefox'))), 'distribution');
  const target = existsSync(FIREFOX_SYSTEM_POLICY_DIR) ? FIREFOX_SYSTEM_POLICY_DIR : distribution;
  if (!existsSync(target))
    throw new Error(
      `Neither ${FIREFOX_SYSTEM_POLICY_DIR} nor ${distribution} exists: Firefox reads policies.json in one of ` +
        'them, and a private folder can only be shown in place of a folder that exists.',
    );
  const source = privateCopyOf(target, join(root, 'firefox-policies'), ['policies.json']);
  return { mount: { source, target }, policyFile: join(source, 'policies.json') };
}

/** A copy of `buildDir` with a fresh id, and the means to give it a policy in `browser`. */
export function managedPolicyFor(browser: BrowserName, buildDir: string): ManagedPolicy {
  const root = makeTempDir('factlight-managed-');
  try {
    const { mount, policyFile } = policyMount(browser, root);
    assertNamespaceWorks([mount], 'The managed-settings journey');
    const executablePath = writeNamespacedBrowser(root, browserPath(browser), [mount]);
    const extensionDir = join(root, 'extension');
    const extensionId = copyWithFreshId(browser, buildDir, extensionDir);
    let removed = false;
    return {
      extensionDir,
      extensionId,
      executablePath,
      write(values) {
        if (removed) throw new Error('This policy was removed already.');
        const document =
          browser === 'chromium'
            ? { '3rdparty': { extensions: { [extensionId]: values } } }
            : { policies: { '3rdparty': { Extensions: { [extensionId]: values } } } };
        // Written beside the watched folder, then renamed in: a half-written policy would be read as broken.
        const temporary = join(root, 'policy.json.tmp');
        writeFileSync(temporary, JSON.stringify(document, null, 2));
        renameSync(temporary, policyFile);
      },
      remove() {
        if (removed) return;
        removed = true;
        removeTempDir(root);
      },
    };
  } catch (error) {
    removeTempDir(root);
    throw error;
  }
}

/** Copies `buildDir` to `extensionDir` with an id of its own (a new manifest `key`, or gecko id); answers it. */
function copyWithFreshId(browser: BrowserName, buildDir: string, extensionDir: string): string {
  cpSync(buildDir, extensionDir, { recursive: true });
  const manifestPath = join(extensionDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
  let extensionId: string;
  if (browser === 'chromium') {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    manifest.key = key;
    extensionId = chromeIdOfKey(key);
  } else {
    extensionId = `managed-e2e-${randomUUID()}@factlight.test`;
    const settings = manifest.browser_specific_settings as { gecko: Record<string, unknown> };
    settings.gecko.id = extensionId;
  }
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return extensionId;
}
