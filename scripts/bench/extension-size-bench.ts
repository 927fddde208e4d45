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

/** The files each part of the extension loads (chunks shared by the pages count for each page). */
const PARTS: Array<[string, (path: string) => boolean]> = [
  // The worker's doorway, parsed at every wake, then the router and the engine, each loaded on first need
  // (lib/background/doorway.ts, engine-loader.ts).
  ['background doorway (every wake)', (path) => path === 'background.js'],
  ['background router (loaded on first need)', (path) => path === 'router.js'],
  // Chrome only: a check that finds the engine not loaded (lib/background/check-intake.ts).
  ['background check intake (a check before the engine)', (path) => path === 'check-intake.js'],
  ['background engine (loaded on first need)', (path) => path === 'engine.js'],
  ['script on every page', (path) => path === 'content-scripts/content.js'],
  ['script on chatbot sites', (path) => path === 'content-scripts/chat.js'],
  ['in-page highlighter', (path) => path === 'highlighter.js'],
  ['side panel and options (pages, chunks, CSS)', (path) => /\.html$|^chunks\/|^assets\/.*\.css$/.test(path)],
  // Fetched by the side panel only when it shows sources (lib/reliability/load-ratings.ts).
  ['domain reliability ratings (loaded on demand)', (path) => path.startsWith('ratings/')],
];

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
    for (const [part, matches] of PARTS) {
      const matched = files.filter((file) => matches(file.path));
      const bytes = matched.reduce((sum, file) => sum + file.bytes, 0);
      const zippedPart = matched.reduce((sum, file) => sum + file.zipped, 0);
      lines.push(`  ${part}: ${kb(bytes)}${part.startsWith('domain') ? ` (~${kb(zippedPart)} zipped)` : ''}`);
    }
  }
  return { lines, ok };
}
