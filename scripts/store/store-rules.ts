/**
 * The automated rules the Chrome Web Store and addons.mozilla.org apply to an uploaded package, as far
 * as they can be read from the built extension folder: required manifest fields, icons that exist at
 * their declared sizes, no remotely hosted code. Used by tests/store/packages.test.ts and
 * `npm run check:packages`. Sources: developer.chrome.com/docs/webstore (description at most 132
 * characters, a 128 px icon, no remotely hosted code in MV3), developer.chrome.com/docs/extensions/
 * reference/manifest (name at most 75 characters, version of 1–4 integers), extensionworkshop.com
 * (gecko id, data_collection_permissions for new add-ons).
 *
 * Manifest strings written as `__MSG_name__` are read from the package's `_locales/<locale>/messages.json`
 * and checked in every locale (the store shows each language's own name and description); a package with
 * `_locales` must name its `default_locale`, and one without must not (developer.chrome.com/docs/extensions/
 * reference/api/i18n: "If an extension has a /_locales directory, the manifest must define default_locale").
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

type Messages = Map<string, Record<string, { message?: unknown }>>;

/** The package's message catalogues by locale (folder name); empty when it has no `_locales`. */
function packageMessages(dir: string): Messages {
  const root = join(dir, '_locales');
  const messages: Messages = new Map();
  if (!existsSync(root)) return messages;
  for (const locale of readdirSync(root)) {
    const file = join(root, locale, 'messages.json');
    if (existsSync(file))
      messages.set(locale, JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message?: unknown }>);
  }
  return messages;
}

/**
 * A manifest string as the browser shows it in `locale`: each `__MSG_name__` replaced by that locale's
 * message, else the default locale's (names are case-insensitive); undefined when one resolves nowhere.
 */
export function localizedManifestString(
  value: string,
  messages: Messages,
  locale: string,
  defaultLocale: string | undefined,
): string | undefined {
  const lookUp = (catalogue: Record<string, { message?: unknown }> | undefined, name: string) => {
    const key = Object.keys(catalogue ?? {}).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    const message = key === undefined ? undefined : catalogue![key]!.message;
    return typeof message === 'string' ? message : undefined;
  };
  let missing = false;
  const text = value.replace(/__MSG_([A-Za-z0-9_@]+?)__/g, (_match, name: string) => {
    const message =
      lookUp(messages.get(locale), name) ?? (defaultLocale ? lookUp(messages.get(defaultLocale), name) : undefined);
    if (message === undefined) missing = true;
    return message ?? '';
  });
  return missing ? undefined : text;
}

/** Name or description in every locale the package has (or as written, without `__MSG_`), with its limit. */
function textFieldProblems(field: string, value: unknown, limit: number, messages: Messages, defaultLocale?: string) {
  if (typeof value !== 'string' || !value.trim()) return [`${field} is missing`];
  if (!value.includes('__MSG_'))
    return value.length > limit ? [`${field} has ${value.length} characters (at most ${limit})`] : [];
  if (messages.size === 0) return [`${field} is ${value} but the package has no _locales`];
  const problems: string[] = [];
  for (const locale of [...messages.keys()].sort()) {
    const text = localizedManifestString(value, messages, locale, defaultLocale);
    if (text === undefined) problems.push(`${field} (${locale}): ${value} has no message`);
    else if (!text.trim()) problems.push(`${field} (${locale}) is empty`);
    else if (text.length > limit)
      problems.push(`${field} (${locale}) has ${text.length} characters (at most ${limit})`);
  }
  return problems;
}

/** default_locale where there are _locales (and only there), and every other `__MSG_` string resolvable. */
function localeProblems(manifest: Manifest, messages: Messages): string[] {
  const problems: string[] = [];
  const defaultLocale = manifest.default_locale;
  if (messages.size > 0 && typeof defaultLocale !== 'string')
    problems.push('default_locale is missing (_locales exists)');
  if (messages.size === 0 && defaultLocale !== undefined)
    problems.push('default_locale is set but there is no _locales');
  if (typeof defaultLocale === 'string' && messages.size > 0 && !messages.has(defaultLocale))
    problems.push(`default_locale ${defaultLocale} has no _locales/${defaultLocale}/messages.json`);
  const others = JSON.stringify({ ...manifest, name: undefined, description: undefined });
  for (const match of new Set(others.match(/__MSG_[A-Za-z0-9_@]+?__/g) ?? [])) {
    for (const locale of [...messages.keys()].sort()) {
      const text = localizedManifestString(match, messages, locale, defaultLocale as string | undefined);
      if (!text?.trim()) problems.push(`${match} has no message in ${locale}`);
    }
  }
  return problems;
}

/** Every store rule the built extension in `dir` breaks; empty when it can be uploaded. */
export function storeProblems(dir: string, browser: StoreBrowser): string[] {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return [`no manifest.json in ${dir}`];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const messages = packageMessages(dir);
  const defaultLocale = typeof manifest.default_locale === 'string' ? manifest.default_locale : undefined;
  const problems: string[] = [];
  problems.push(...textFieldProblems('name', manifest.name, 75, messages, defaultLocale));
  problems.push(...textFieldProblems('description', manifest.description, 132, messages, defaultLocale));
  problems.push(...localeProblems(manifest, messages));
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
