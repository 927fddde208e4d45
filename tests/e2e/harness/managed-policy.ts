/**
 * An organisation's policy for the managed-settings journey, written where the real browser reads it, for a
 * copy of the build with an id of its own, and removed afterwards (also on failure, and at exit).
 *
 * - Chromium (Debian) reads every JSON file in /etc/chromium/policies/managed/ and hands
 *   `3rdparty.extensions.<id>` to that extension's `storage.managed`, reloading the folder while it runs
 *   (chromium docs/enterprise/policies.md; /work/notes/browser-platform-facts.md B7).
 * - Firefox ESR reads /etc/firefox/policies/policies.json once at start-up and hands
 *   `policies.3rdparty.Extensions.<gecko id>` to `storage.managed` (EnterprisePoliciesParent.sys.mjs,
 *   MDN storage.managed: "a browser restart is required to load changes"; facts B9).
 *
 * Both folders are machine-wide: every browser on the machine reads them. So the policy names only a copy of
 * the build with a fresh id (a new manifest `key` for Chromium, a new gecko id for Firefox), the file has a
 * name of its own, and the journey runs under the e2e lock like every browser run. Writing under /etc needs
 * root: without the right to write there the journey fails and says so (it is never skipped).
 */
import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import { makeTempDir, removeTempDir } from '../../../scripts/lib/extension/temp-dirs';
import type { BrowserName } from './driver';

export const CHROMIUM_POLICY_DIR = '/etc/chromium/policies/managed';
export const FIREFOX_POLICY_FILE = '/etc/firefox/policies/policies.json';

/** The id Chromium derives from a manifest `key`: SHA-256 of the DER key, first 32 hex digits written a–p. */
export function chromeIdOfKey(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
  return hex.replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 16)));
}

/** The nearest folder of `path` that exists: where a new file or folder would be created. */
function existingAncestor(path: string): string {
  let at = dirname(path);
  while (!existsSync(at)) at = dirname(at);
  return at;
}

/** Fails with what to do when this process may not write the browser's policy (not root, say). */
function assertWritable(target: string): void {
  const at = existsSync(target) ? target : existingAncestor(target);
  try {
    accessSync(at, constants.W_OK);
  } catch {
    throw new Error(
      `The managed-settings journey writes the browser's policy at ${target}, where the browser reads it, and ` +
        `${at} is not writable by this user (uid ${process.getuid?.() ?? '?'}). Run it as root, or give this ` +
        'user write access to that folder.',
    );
  }
}

export interface ManagedPolicy {
  /** The copy of the build to install (`LaunchOptions.extensionDir`). */
  extensionDir: string;
  /** The copy's id: what the policy names. */
  extensionId: string;
  /** Writes (or replaces) the policy for the copy; the browser sees it as a real deployment would. */
  write(values: Record<string, unknown>): void;
  /** Removes the policy file, the folders it created and the copy. Safe to call twice. */
  remove(): void;
}

/** Writes `text` to `path` in one step (a half-written policy would be read as broken). */
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** Creates the folders of `dir` that are missing; answers the topmost one created (to remove later). */
function makeFolders(dir: string): string | undefined {
  let first: string | undefined;
  for (let at = dir; !existsSync(at); at = dirname(at)) first = at;
  mkdirSync(dir, { recursive: true });
  return first;
}

/** A copy of `buildDir` with a fresh id, and the means to give it a policy in `browser`. */
export function managedPolicyFor(browser: BrowserName, buildDir: string): ManagedPolicy {
  const target = browser === 'chromium' ? CHROMIUM_POLICY_DIR : FIREFOX_POLICY_FILE;
  assertWritable(target);
  if (browser === 'firefox' && existsSync(FIREFOX_POLICY_FILE))
    throw new Error(
      `${FIREFOX_POLICY_FILE} exists already: this machine's Firefox has policies, which the journey would replace.`,
    );
  const copyRoot = makeTempDir('factlight-managed-build-');
  const extensionDir = join(copyRoot, 'extension');
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

  const policyFile =
    browser === 'chromium' ? join(CHROMIUM_POLICY_DIR, `factlight-e2e-${extensionId}.json`) : FIREFOX_POLICY_FILE;
  let createdFolder: string | undefined;
  let written = false;
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    process.off('exit', remove);
    if (written) rmSync(policyFile, { force: true });
    if (createdFolder) rmSync(createdFolder, { recursive: true, force: true });
    removeTempDir(copyRoot);
  };
  process.on('exit', remove);
  return {
    extensionDir,
    extensionId,
    write(values) {
      if (removed) throw new Error('This policy was removed already.');
      createdFolder ??= makeFolders(dirname(policyFile));
      const document =
        browser === 'chromium'
          ? { '3rdparty': { extensions: { [extensionId]: values } } }
          : { policies: { '3rdparty': { Extensions: { [extensionId]: values } } } };
      written = true;
      writeAtomically(policyFile, JSON.stringify(document, null, 2));
    },
    remove,
  };
}
