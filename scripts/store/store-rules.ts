/**
 * The automated rules the Chrome Web Store and addons.mozilla.org apply to an uploaded package, as far
 * as they can be read from the built extension folder: required manifest fields, icons that exist at
 * their declared sizes, no remotely hosted code. Used by tests/store/packages.test.ts and
 * `npm run check:packages`. Sources: developer.chrome.com/docs/webstore (description at most 132
 * characters, a 128 px icon, no remotely hosted code in MV3), developer.chrome.com/docs/extensions/
 * reference/manifest (name at most 75 characters, version of 1–4 integers), extensionworkshop.com
 * (gecko id, data_collection_permissions for new add-ons).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { LintMessage } from 'addons-linter';

export type StoreBrowser = 'chrome' | 'firefox';

type Manifest = Record<string, unknown>;
type IconSet = Record<string, string>;

const VERSION = /^(0|[1-9]\d{0,4})(\.(0|[1-9]\d{0,4})){0,3}$/;

/** Width and height of a PNG, from its IHDR chunk; undefined if the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

function iconProblems(dir: string, where: string, icons: unknown, required: number[]): string[] {
  if (!icons || typeof icons !== 'object') return [`${where} is missing`];
  const set = icons as IconSet;
  const problems = required.filter((size) => !set[size]).map((size) => `${where} has no ${size} px icon`);
  for (const [size, path] of Object.entries(set)) {
    const file = join(dir, path.replace(/^\//, ''));
    if (!existsSync(file)) {
      problems.push(`${where}.${size}: ${path} is not in the package`);
      continue;
    }
    const dimensions = pngSize(readFileSync(file));
    if (!dimensions) problems.push(`${where}.${size}: ${path} is not a PNG`);
    else if (dimensions.width !== Number(size) || dimensions.height !== Number(size))
      problems.push(`${where}.${size}: ${path} is ${dimensions.width}×${dimensions.height}`);
  }
  return problems;
}

/** Script code the package would load from the network (forbidden in MV3 and on AMO). */
function remoteCodeProblems(dir: string): string[] {
  const problems: string[] = [];
  for (const file of filesUnder(dir)) {
    const name = relative(dir, file);
    if (name.endsWith('.html')) {
      const html = readFileSync(file, 'utf8');
      for (const match of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)) {
        if (/^(https?:)?\/\//i.test(match[1]!)) problems.push(`${name} loads a remote script: ${match[1]}`);
      }
    } else if (name.endsWith('.js')) {
      const js = readFileSync(file, 'utf8');
      if (/\bimportScripts\(\s*["'`]https?:/.test(js) || /\bimport\(\s*["'`]https?:/.test(js))
        problems.push(`${name} imports remote code`);
    }
  }
  return problems;
}

/** Every store rule the built extension in `dir` breaks; empty when it can be uploaded. */
export function storeProblems(dir: string, browser: StoreBrowser): string[] {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return [`no manifest.json in ${dir}`];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const problems: string[] = [];
  const name = manifest.name;
  if (typeof name !== 'string' || !name.trim()) problems.push('name is missing');
  else if (name.length > 75) problems.push(`name has ${name.length} characters (at most 75)`);
  const description = manifest.description;
  if (typeof description !== 'string' || !description.trim()) problems.push('description is missing');
  else if (description.length > 132) problems.push(`description has ${description.length} characters (at most 132)`);
  if (typeof manifest.version !== 'string' || !VERSION.test(manifest.version))
    problems.push(`version ${JSON.stringify(manifest.version)} is not 1–4 dot-separated integers`);
  problems.push(...iconProblems(dir, 'icons', manifest.icons, browser === 'chrome' ? [16, 32, 48, 128] : [48, 96]));

  if (browser === 'chrome') {
    if (manifest.manifest_version !== 3)
      problems.push('manifest_version is not 3 (the Chrome Web Store takes MV3 only)');
    const minimum = Number(manifest.minimum_chrome_version);
    if (!Number.isInteger(minimum)) problems.push('minimum_chrome_version is missing');
    const action = manifest.action as { default_icon?: unknown } | undefined;
    if (!action) problems.push('action is missing');
    else problems.push(...iconProblems(dir, 'action.default_icon', action.default_icon, [16, 32]));
    if (manifest.side_panel && !(manifest.permissions as string[] | undefined)?.includes('sidePanel'))
      problems.push('side_panel without the sidePanel permission');
  } else {
    const gecko = (
      manifest.browser_specific_settings as
        | {
            gecko?: { id?: string; strict_min_version?: string; data_collection_permissions?: { required?: string[] } };
          }
        | undefined
    )?.gecko;
    if (!gecko?.id) problems.push('browser_specific_settings.gecko.id is missing');
    if (!gecko?.strict_min_version) problems.push('browser_specific_settings.gecko.strict_min_version is missing');
    if (!gecko?.data_collection_permissions?.required?.length)
      problems.push('browser_specific_settings.gecko.data_collection_permissions.required is missing');
    const action = (manifest.browser_action ?? manifest.action) as { default_icon?: unknown } | undefined;
    if (!action) problems.push('browser_action is missing');
    else problems.push(...iconProblems(dir, 'browser_action.default_icon', action.default_icon, [16, 32]));
    const sidebar = manifest.sidebar_action as { default_icon?: unknown } | undefined;
    if (sidebar) problems.push(...iconProblems(dir, 'sidebar_action.default_icon', sidebar.default_icon, [16, 32]));
  }
  problems.push(...remoteCodeProblems(dir));
  return problems;
}

export interface LintSummary {
  errors: number;
  warnings: number;
  notices: number;
  /** One line per error or warning: code, file:line, message. */
  messages: string[];
}

/** Runs Mozilla's addons-linter (the same checks AMO runs on upload) on a package. */
export async function lintFirefoxPackage(path: string): Promise<LintSummary> {
  // Loaded only when linting: it is large, and the rules above need none of it.
  const { default: linter } = await import('addons-linter');
  const instance = linter.createInstance({
    config: {
      _: [path],
      logLevel: 'fatal',
      stack: false,
      pretty: false,
      warningsAsErrors: false,
      metadata: false,
      output: 'none',
      boring: false,
      selfHosted: false,
    },
    runAsBinary: false,
  });
  const result = await instance.run();
  const line = (message: LintMessage) =>
    `${message.type} ${message.code} ${message.file ?? ''}${message.line ? `:${message.line}` : ''} ${message.message}`;
  return {
    errors: result.errors.length,
    warnings: result.warnings.length,
    notices: result.notices.length,
    messages: [...result.errors, ...result.warnings].map(line),
  };
}
