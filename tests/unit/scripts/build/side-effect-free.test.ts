import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

import { sideEffectFreePackages } from '../../../../scripts/build/side-effect-free';

const ENTRY = 'factlight-test-entry';
const RESOLVED = `\0${ENTRY}`;

/** Bundles `code` as the build bundles a script (one IIFE), with `plugins`, and returns the bundle's text. */
async function bundle(code: string, plugins: Plugin[]): Promise<string> {
  const entry: Plugin = {
    name: 'test-entry',
    enforce: 'pre',
    // Vite hands the entry over as a path under the root.
    resolveId: (id) => (id.endsWith(ENTRY) ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? code : null),
  };
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    root: process.cwd(),
    plugins: [entry, ...plugins],
    build: { write: false, minify: false, lib: { entry: ENTRY, formats: ['iife'], name: 'probe' } },
  })) as Rolldown.RolldownOutput[];
  return output[0]!.output[0].code;
}

// A function only Readability's own code has: its presence says the package was bundled.
const READABILITY = '_grabArticle';

describe('packages marked free of side effects', () => {
  const unused = `import { Readability } from '@mozilla/readability';\nexport const read = false ? () => new Readability(document) : undefined;`;
  const used = `import { Readability } from '@mozilla/readability';\nexport const read = () => new Readability(document);`;

  it('are left out of a bundle that imports them and never calls them (Chrome’s engine and Readability)', async () => {
    expect(await bundle(unused, [])).toContain(READABILITY);
    expect(await bundle(unused, [sideEffectFreePackages()])).not.toContain(READABILITY);
  });

  it('are kept where they are called (the offscreen document, Firefox’s engine, the highlighter)', async () => {
    expect(await bundle(used, [sideEffectFreePackages()])).toContain(READABILITY);
  });
});
