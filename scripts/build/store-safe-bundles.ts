/**
 * Rewrites the few places in bundled libraries that build HTML or code from strings, so the packages
 * pass the stores' automated review (addons-linter: no `innerHTML = variable`, no `Function(...)`)
 * with nothing silenced. Each rewrite keeps the library's behaviour for what Factlight does with it,
 * and the build fails if a pattern is no longer found (a library update must be looked at again).
 */
import type { Plugin } from 'vite';

export interface SourceRewrite {
  /** Part of the module's resolved path. */
  module: string;
  find: string;
  replace: string;
  /** How many times `find` must occur in that module. */
  count: number;
  why: string;
}

export const STORE_SAFE_REWRITES: SourceRewrite[] = [
  {
    module: '/@mozilla/readability/Readability.js',
    find: 'var pageCacheHtml = page.innerHTML;',
    replace: 'var pageCacheNodes = Array.from(page.childNodes, function (node) { return node.cloneNode(true); });',
    count: 1,
    why: 'Readability keeps the page to retry with looser rules: a deep copy of its nodes instead of its serialised HTML.',
  },
  {
    module: '/@mozilla/readability/Readability.js',
    find: 'page.innerHTML = pageCacheHtml;',
    replace: 'page.replaceChildren.apply(page, pageCacheNodes.map(function (node) { return node.cloneNode(true); }));',
    count: 1,
    why: 'and restores that copy for each retry (the same tree the HTML round trip gave).',
  },
  {
    module: '/@mozilla/readability/Readability.js',
    find: 'tmp.innerHTML = noscript.innerHTML;',
    replace:
      'tmp.replaceChildren.apply(tmp, Array.from(noscript.childNodes, function (node) { return node.cloneNode(true); }));',
    count: 1,
    why: 'Lazy images in <noscript> are unwrapped from their parsed nodes, not by re-parsing HTML (Factlight extracts text; images are dropped anyway).',
  },
  {
    module: '/react-dom/cjs/react-dom-client.production.js',
    find: '(domElement.innerHTML = key);',
    replace: '(function () { throw Error("Factlight renders no HTML from strings (dangerouslySetInnerHTML)."); })();',
    count: 2,
    why: 'Factlight never uses dangerouslySetInnerHTML (page text and model output are untrusted): the prop fails loudly instead.',
  },
  {
    module: '/zod/v4/core/util.js',
    find: 'const F = Function;\n        new F("");\n        return true;',
    replace: 'return false;',
    count: 1,
    why: 'zod probes for eval to compile fast parsers; extension pages forbid eval by CSP (the probe only logs a violation), so it is known to be off.',
  },
];

function occurrences(code: string, find: string): number {
  return code.split(find).length - 1;
}

/** Vite plugin applying {@link STORE_SAFE_REWRITES} to the modules they name. */
export function storeSafeBundles(rewrites: SourceRewrite[] = STORE_SAFE_REWRITES): Plugin {
  return {
    name: 'factlight-store-safe-bundles',
    enforce: 'pre',
    transform(code, id) {
      const path = id.split('?')[0]!.replaceAll('\\', '/');
      const mine = rewrites.filter(
        (rewrite) => path.endsWith(rewrite.module) || path.includes(`/node_modules${rewrite.module}`),
      );
      if (mine.length === 0) return null;
      let out = code;
      for (const rewrite of mine) {
        const found = occurrences(out, rewrite.find);
        if (found !== rewrite.count) {
          throw new Error(
            `store-safe-bundles: expected ${rewrite.count} × ${JSON.stringify(rewrite.find)} in ${path}, found ${found}. The library changed: review scripts/build/store-safe-bundles.ts.`,
          );
        }
        out = out.split(rewrite.find).join(rewrite.replace);
      }
      return { code: out, map: null };
    },
  };
}
