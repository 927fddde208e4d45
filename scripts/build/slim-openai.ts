/**
 * Leaves out of the bundles the parts of the openai SDK that Factlight never calls (issue 27).
 *
 * Factlight calls three endpoints through the SDK: chat completions (`client.chat.completions.create`, streamed or
 * not), embeddings (`client.embeddings.create`) and the model list (`client.models.list`, the connection test). The
 * SDK's client builds every other resource in its constructor (assistants, audio, files, fine-tuning, realtime,
 * responses, vector stores, admin…), so the bundler keeps all of them: 381 kB of the engine's 930 kB, measured from the
 * build's source map. The engine is a script the worker cached at install, and Chromium sends a waking worker every
 * such script with its code cache at each start (BENCHMARKS.md), so these bytes weigh on every wake of the worker.
 *
 * Each module listed below is replaced by one with the same export names (read from the real module), each an
 * `unbundled` function: constructing it (as the client's constructor does for its resources) gives an object with
 * no methods; calling it throws an error that names this file (a method called on such an object throws a TypeError:
 * `tests/unit/scripts/build/slim-openai.test.ts` holds that no resource Factlight's code calls is listed). The
 * resources Factlight calls and everything they import stay as they are. The build fails when a listed module no
 * longer exists (an SDK update must be looked at again).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { Plugin } from 'vite';

/**
 * Modules (paths in the openai package, ".mjs" files or folders ending in "/") that Factlight never reaches: the
 * resources it does not call, and the helpers of `.stream()`, `.runTools()` and `.parse()`, which it does not use.
 */
export const UNBUNDLED_OPENAI_MODULES = [
  'resources/admin/',
  'resources/audio/',
  'resources/batches.mjs',
  'resources/beta/',
  'resources/completions.mjs',
  'resources/containers/',
  'resources/content-provenance-checks.mjs',
  'resources/conversations/',
  'resources/decisions.mjs',
  'resources/evals/',
  'resources/files.mjs',
  'resources/fine-tuning/',
  'resources/graders/',
  'resources/images.mjs',
  'resources/live/',
  'resources/moderations.mjs',
  'resources/realtime/',
  'resources/responses/',
  'resources/safety/',
  'resources/skills/',
  'resources/uploads/',
  'resources/vector-stores/',
  'resources/videos.mjs',
  'resources/webhooks/',
  'lib/AssistantStream.mjs',
  'lib/ChatCompletionRunner.mjs',
  'lib/ChatCompletionStream.mjs',
  'lib/ChatCompletionStreamingRunner.mjs',
] as const;

const STUB_PREFIX = '\0factlight-unbundled-openai:';

/** Module ids as Vite gives them (with "/" on every system) or as Node's path functions give them. */
const OPENAI_FOLDER = /[\\/]node_modules[\\/]openai[\\/]/g;

/** The openai package's folder, from a module path inside it; undefined for any other module. */
function openaiRoot(path: string): string | undefined {
  const last = [...path.matchAll(OPENAI_FOLDER)].at(-1);
  return last?.index === undefined ? undefined : path.slice(0, last.index + last[0].length - 1);
}

/** Whether the module at `path` (inside the openai package) is one Factlight never reaches. */
export function isUnbundled(path: string): boolean {
  const root = openaiRoot(path);
  if (!root) return false;
  const inPackage = path.slice(root.length + 1).replaceAll('\\', '/');
  return UNBUNDLED_OPENAI_MODULES.some((listed) =>
    listed.endsWith('/') ? inPackage.startsWith(listed) : inPackage === listed,
  );
}

/** A module exporting `names`, each an `unbundled` stand-in (see the file's comment). */
export function stubModule(names: readonly string[], module: string): string {
  const lines = [
    'function unbundled(name) {',
    '  return function (client) {',
    `    if (new.target) return void (this._client = client);`,
    `    throw new Error('openai ' + name + ' (' + ${JSON.stringify(module)} + ') is not bundled in Factlight: scripts/build/slim-openai.ts');`,
    '  };',
    '}',
  ];
  for (const name of names) {
    if (name === 'default') lines.push(`export default unbundled('default');`);
    else lines.push(`export const ${name} = unbundled(${JSON.stringify(name)});`);
  }
  return `${lines.join('\n')}\n`;
}

export function slimOpenAI(): Plugin {
  return {
    name: 'factlight:slim-openai',
    enforce: 'pre',
    async buildStart() {
      // A listed module the SDK no longer has: the list is out of date (this build would keep what it replaced).
      const entry = await this.resolve('openai', join(process.cwd(), 'package.json'));
      const root = entry && openaiRoot(entry.id);
      if (!root) return;
      const missing = UNBUNDLED_OPENAI_MODULES.filter((listed) => !existsSync(join(root, listed)));
      if (missing.length > 0)
        this.error(`slim-openai: the openai package has no ${missing.join(', ')}; look at the list again.`);
    },
    async resolveId(source, importer, options) {
      if (!importer || !openaiRoot(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !isUnbundled(resolved.id)) return null;
      return `${STUB_PREFIX}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const real = id.slice(STUB_PREFIX.length);
      // The export names of the real module, as Node loads it: the stand-in must satisfy every import of it.
      const names = Object.keys((await import(pathToFileURL(real).href)) as object);
      const root = openaiRoot(real) ?? dirname(real);
      return stubModule(names, real.slice(root.length + 1).replaceAll('\\', '/'));
    },
  };
}
