/**
 * Finding the browsers (and openssl) that `npm start` and `npm test` need, and installing the missing ones
 * from Debian/Ubuntu when allowed. One place for both the harness (which browser to launch) and
 * scripts/ensure-browsers.ts (what to install). Everything the outside world answers — the user id, the
 * PATH lookup, running apt-get — comes in as a parameter, so every branch is testable without root.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Something a command needs on this machine. */
export type Tool = 'chromium' | 'firefox' | 'openssl';

interface ToolSpec {
  /** Human name for messages. */
  label: string;
  /** The variable that points at it instead of a PATH lookup. */
  override?: 'CHROME_PATH' | 'FIREFOX_PATH';
  /** Names looked up on the PATH, best first. */
  commands: readonly string[];
  /** The Debian package that provides it. */
  aptPackage: string;
  /**
   * Debian packages the e2e tests need beside it, each known by a file it installs: the browser's
   * translations, without which it cannot start in Arabic or Japanese (Debian's chromium ships only en-US;
   * Firefox follows intl.locale.requested only with the language pack installed). Checked only for the
   * distribution's own browser (no CHROME_PATH / FIREFOX_PATH) where there is apt-get.
   */
  languagePacks?: ReadonlyArray<{ aptPackage: string; file: string }>;
}

/**
 * Debian's Chromium (branded Google Chrome >= 137 ignores --load-extension, so it is not looked for) and
 * Firefox ESR (or a plain Firefox on the PATH). openssl makes the e2e suite's self-signed certificates.
 */
export const TOOLS: Record<Tool, ToolSpec> = {
  chromium: {
    label: 'Chromium',
    override: 'CHROME_PATH',
    commands: ['chromium', 'chromium-browser'],
    aptPackage: 'chromium',
    languagePacks: [{ aptPackage: 'chromium-l10n', file: '/usr/lib/chromium/locales/ar.pak' }],
  },
  firefox: {
    label: 'Firefox ESR',
    override: 'FIREFOX_PATH',
    commands: ['firefox-esr', 'firefox'],
    aptPackage: 'firefox-esr',
    languagePacks: ['ar', 'ja'].map((locale) => ({
      aptPackage: `firefox-esr-l10n-${locale}`,
      file: `/usr/lib/firefox-esr/browser/extensions/langpack-${locale}@firefox-esr.mozilla.org.xpi`,
    })),
  },
  openssl: { label: 'openssl', commands: ['openssl'], aptPackage: 'openssl' },
};

/** Finds an executable by name on a PATH; null when there is none. */
export type Which = (command: string) => string | null;

/** Looks `command` up on `path` (default: this process's PATH) as a shell would: the first executable file. */
export function whichOnPath(path: string = process.env.PATH ?? ''): Which {
  return (command) => {
    for (const dir of path.split(delimiter).filter(Boolean)) {
      const candidate = join(dir, command);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // Not there or not executable: try the next folder.
      }
    }
    return null;
  };
}

/** Where a tool was found, or why not. */
export type Lookup = { found: string } | { missing: true } | { badOverride: string };

/** Finds one tool: its override variable when set (and then only there), else the PATH. */
export function lookUp(tool: Tool, env: NodeJS.ProcessEnv, which: Which): Lookup {
  const spec = TOOLS[tool];
  const override = spec.override ? env[spec.override] : undefined;
  if (override)
    return isExecutable(override)
      ? { found: override }
      : { badOverride: `${spec.override}=${override} is not an executable file` };
  for (const command of spec.commands) {
    const found = which(command);
    if (found) return { found };
  }
  return { missing: true };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The executable to launch for a browser, or an error that says how to get one. */
export function browserPath(
  tool: 'chromium' | 'firefox',
  env: NodeJS.ProcessEnv = process.env,
  which: Which = whichOnPath(env.PATH),
): string {
  const result = lookUp(tool, env, which);
  if ('found' in result) return result.found;
  const spec = TOOLS[tool];
  if ('badOverride' in result)
    throw new Error(`${result.badOverride}: point ${spec.override} at the ${spec.label} executable, or unset it.`);
  throw new Error(
    `No ${spec.label} found: install it (sudo apt-get install -y ${spec.aptPackage}) or set ${spec.override}.`,
  );
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** Runs a command with the terminal attached; resolves with its exit code. */
export type Runner = (command: string, args: readonly string[]) => number;

/** The real runner: apt-get's progress goes straight to the person's terminal. */
export const runAttached: Runner = (command, args) => {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status ?? 1;
};

export interface EnsureOptions {
  needs: readonly Tool[];
  env: NodeJS.ProcessEnv;
  /** The effective user id; undefined where there is none (Windows): treated as not root. */
  uid: number | undefined;
  which: Which;
  run: Runner;
  /** Where messages go (stderr in the CLI). */
  log: (line: string) => void;
  /** Print the apt-get commands instead of running them. */
  dryRun?: boolean;
  /** Whether a file is there (language packs); default: the real file system. */
  exists?: (path: string) => boolean;
}

/** The language packs of `needs` that are missing, for browsers the distribution provides. */
function missingLanguagePacks(options: EnsureOptions): string[] {
  const exists = options.exists ?? existsSync;
  if (!options.which('apt-get')) return [];
  return options.needs.flatMap((tool) => {
    const spec = TOOLS[tool];
    if (spec.override && options.env[spec.override]) return [];
    return (spec.languagePacks ?? []).filter((pack) => !exists(pack.file)).map((pack) => pack.aptPackage);
  });
}

/**
 * Makes sure every needed tool is there. All present: 0 at once. A bad CHROME_PATH/FIREFOX_PATH: says so,
 * 1 (never installs over a person's own choice). Missing as root with apt-get: `apt-get update` and
 * `apt-get install -y <packages>`, then checks again. Missing otherwise: prints the exact command to run
 * and returns 1 without waiting for anything.
 */
export function ensureTools(options: EnsureOptions): number {
  const { needs, env, which, log } = options;
  const looked = needs.map((tool) => ({ tool, result: lookUp(tool, env, which) }));
  const bad = looked.flatMap(({ result }) => ('badOverride' in result ? [result.badOverride] : []));
  if (bad.length > 0) {
    for (const line of bad)
      log(`${line}: point it at the browser's executable, or unset it to use the one on the PATH.`);
    return 1;
  }
  const missing = looked.filter(({ result }) => 'missing' in result).map(({ tool }) => tool);
  const packs = missingLanguagePacks(options);
  if (missing.length === 0 && packs.length === 0) return 0;

  const packages = [...missing.map((tool) => TOOLS[tool].aptPackage), ...packs];
  const names = listed([
    ...missing.map((tool) => TOOLS[tool].label),
    ...(packs.length > 0 ? [`the browsers' language packs`] : []),
  ]);
  const plural = missing.length > 1 || packs.length > 0;
  const overrides = missing.flatMap((tool) => TOOLS[tool].override ?? []);
  const orSet = overrides.length > 0 ? ` (or set ${overrides.join(' / ')} to an installed browser)` : '';
  const aptGet = which('apt-get');

  if (options.uid !== 0 || !aptGet) {
    log(`${names.charAt(0).toUpperCase()}${names.slice(1)} ${plural ? 'are' : 'is'} needed but not installed${orSet}.`);
    if (aptGet) {
      log(`Install ${plural ? 'them' : 'it'} with:`);
      log(`  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`);
    } else {
      log(`Install ${listed(packages)} with your system's package manager (there is no apt-get here).`);
    }
    log('Then run the command again.');
    return 1;
  }

  log(`Installing ${names} from the distribution (${packages.join(' ')})…`);
  const steps: Array<[string, string[]]> = [
    [aptGet, ['update']],
    [aptGet, ['install', '-y', ...packages]],
  ];
  for (const [command, args] of steps) {
    if (options.dryRun) {
      log(`would run: ${command} ${args.join(' ')}`);
      continue;
    }
    const code = options.run(command, args);
    if (code !== 0) {
      log(`${command} ${args.join(' ')} failed (exit ${code}).`);
      return code;
    }
  }
  if (options.dryRun) return 0;
  const stillMissing = [
    ...missing.filter((tool) => 'missing' in lookUp(tool, env, which)).map((tool) => TOOLS[tool].label),
    ...missingLanguagePacks(options),
  ];
  if (stillMissing.length > 0) {
    log(`Still not found after apt-get: ${stillMissing.join(', ')}.`);
    return 1;
  }
  return 0;
}
