/**
 * Packages whose modules only define what they export, marked so for the bundler (issue 27).
 *
 * A CommonJS package gives the bundler no way to tell that loading it does nothing else, so a bundle that imports it
 * keeps it even where every use is left out. Chrome's worker once imported the DOMParser extractor for a path only
 * Firefox's build calls, and so carried Readability's 34 kB, which Chromium sends, with their code cache, to every
 * start of the worker (BENCHMARKS.md "Cold start"). Marked free of side effects, an unused import of it is dropped; a
 * used one is kept as before (the engine in Chrome's offscreen document and Firefox's background page, the
 * highlighter).
 */
import type { Plugin } from 'vite';

/** What each package's module does when loaded, read from its source: it defines its exports and nothing else. */
export const SIDE_EFFECT_FREE_PACKAGES = [
  // index.js: `module.exports = { Readability, isProbablyReaderable }` from two files that each define one function.
  '@mozilla/readability',
] as const;

export function sideEffectFreePackages(packages: readonly string[] = SIDE_EFFECT_FREE_PACKAGES): Plugin {
  return {
    name: 'factlight:side-effect-free-packages',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!packages.includes(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, moduleSideEffects: false } : null;
    },
  };
}
