/**
 * The size of each build as shipped: every file of the unpacked extension, what its store zip roughly
 * weighs (each file deflated, as a zip stores it), and the parts that matter at run time. `npm run bench`
 * builds both (Chrome MV3 and Firefox MV2) first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';

const OUTPUT = resolve(import.meta.dirname, '../../.output');
const BUILDS = [
  ['Chrome', 'chrome-mv3'],
  ['Firefox', 'firefox-mv2'],
] as const;

/**
 * The files each part of the extension loads (chunks shared by the pages count for each page). `engine` is what
 * Chrome's offscreen document loads (offscreen.html, its module and every chunk it imports, shared ones included).
 */
interface Loaded {
  /** What Chrome's offscreen document loads. */
  engine: ReadonlySet<string>;
  /** What the extension's own pages load (side panel, options, welcome, privacy). */
  pages: ReadonlySet<string>;
}

const PARTS: Array<[string, (path: string, loaded: Loaded) => boolean]> = [
  // The worker's doorway, parsed at every wake, then the intake and the router, each loaded on first need
  // (lib/background/doorway.ts): the only scripts Chrome's worker caches at install, sent at every wake.
  ['background doorway (every wake)', (path) => path === 'background.js'],
  ['background router (loaded on first need)', (path) => path === 'router.js'],
  // Chrome only: every new check (lib/background/check-intake.ts).
  ['background check intake (every new check)', (path) => path === 'check-intake.js'],
  // Chrome: the offscreen document, opened on need, never in the worker; Firefox: engine.js in the background page.
  [
    'background engine (Chrome: its offscreen document; Firefox: engine.js)',
    (path, { engine }) => path === 'engine.js' || engine.has(path),
  ],
  ['script on every page', (path) => path === 'content-scripts/content.js'],
  ['script on chatbot sites', (path) => path === 'content-scripts/chat.js'],
  ['in-page highlighter', (path) => path === 'highlighter.js'],
  [
    'side panel and options (pages, chunks, CSS)',
    (path, { pages }) => pages.has(path) || /^assets\/.*\.css$/.test(path),
  ],
  // Fetched by the side panel only when it shows sources (lib/reliability/load-ratings.ts).
  ['domain reliability ratings (loaded on demand)', (path) => path.startsWith('ratings/')],
];

/** A page and the scripts it loads: its `src` and `href` files, and every chunk they import, followed through. */
function documentFiles(dir: string, page: string): Set<string> {
  const found = new Set<string>();
  if (!existsSync(join(dir, page))) return found;
  found.add(page);
  const html = readFileSync(join(dir, page), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]!);
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (found.has(path) || !existsSync(join(dir, path))) continue;
    found.add(path);
    const code = readFileSync(join(dir, path), 'utf8');
    // Static imports, bare imports and dynamic ones (a page's chunks loaded on demand count for it too).
    for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["`]\.\/([^"`]+\.js)["`]/g))
      queue.push(join(path, '..', match[1]!));
  }
  return found;
}

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesOf(path) : [path];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

export async function benchExtensionSize(): Promise<{ lines: string[]; ok: boolean }> {
  const lines: string[] = [];
  let ok = true;
  for (const [name, folder] of BUILDS) {
    const dir = join(OUTPUT, folder);
    if (!existsSync(join(dir, 'manifest.json'))) {
      lines.push(`${name}: no build at .output/${folder} (run "npm run bench", which builds both)`);
      ok = false;
      continue;
    }
    const files = filesOf(dir).map((path) => ({
      path: relative(dir, path),
      bytes: statSync(path).size,
      zipped: deflateRawSync(readFileSync(path)).length,
    }));
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    const zipped = files.reduce((sum, file) => sum + file.zipped, 0);
    lines.push(`${name} (.output/${folder}): ${kb(total)} unpacked in ${files.length} files, ~${kb(zipped)} zipped`);
    const loaded: Loaded = {
      engine: documentFiles(dir, 'offscreen.html'),
      pages: new Set(
        files
          .filter((file) => file.path.endsWith('.html') && file.path !== 'offscreen.html')
          .flatMap((file) => [...documentFiles(dir, file.path)]),
      ),
    };
    for (const [part, matches] of PARTS) {
      const matched = files.filter((file) => matches(file.path, loaded));
      const bytes = matched.reduce((sum, file) => sum + file.bytes, 0);
      const zippedPart = matched.reduce((sum, file) => sum + file.zipped, 0);
      lines.push(`  ${part}: ${kb(bytes)}${part.startsWith('domain') ? ` (~${kb(zippedPart)} zipped)` : ''}`);
    }
  }
  return { lines, ok };
}
