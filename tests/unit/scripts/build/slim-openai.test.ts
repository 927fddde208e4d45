import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { isUnbundled, slimOpenAI, stubModule, UNBUNDLED_OPENAI_MODULES } from '../../../../scripts/build/slim-openai';

/** The installed openai package's folder (its package.json is not exported: found from its main entry). */
const OPENAI_ROOT = dirname(createRequire(import.meta.url).resolve('openai'));
const inOpenai = (path: string) => join(OPENAI_ROOT, path);

/** Imports generated module text, as the bundler would load it. */
const importText = (text: string) =>
  import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(text).toString('base64')}`) as Promise<
    Record<string, unknown>
  >;

describe('the openai modules left out of the bundles', () => {
  it('exist in the installed SDK (else the list is out of date and the build fails)', () => {
    for (const listed of UNBUNDLED_OPENAI_MODULES) expect(existsSync(inOpenai(listed)), listed).toBe(true);
  });

  it('leave in what Factlight calls: the client, chat completions with their streaming, embeddings, the errors', () => {
    for (const kept of [
      'client.mjs',
      'index.mjs',
      'error.mjs',
      'core/error.mjs',
      'core/streaming.mjs',
      'resources/index.mjs',
      'resources/chat/chat.mjs',
      'resources/chat/completions/completions.mjs',
      'resources/chat/completions/messages.mjs',
      'resources/embeddings.mjs',
      // The connection test lists the server's models (lib/connection/test-model.ts).
      'resources/models.mjs',
      'lib/parser.mjs',
      'lib/chat-completions/streaming.mjs',
    ])
      expect(isUnbundled(inOpenai(kept)), kept).toBe(false);
  });

  it("leave in every resource Factlight's code calls on a client (client.<resource>.…)", () => {
    const called = new Set<string>();
    const read = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) read(path);
        else if (entry.name.endsWith('.ts'))
          for (const [, resource] of readFileSync(path, 'utf8').matchAll(/\bclient\.([a-zA-Z]+)\./g))
            called.add(resource!);
      }
    };
    read(join(process.cwd(), 'lib'));
    expect([...called].sort()).toEqual(expect.arrayContaining(['chat', 'embeddings', 'models']));
    for (const resource of called) {
      const name = resource.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const module = [`resources/${name}.mjs`, `resources/${name}/${name}.mjs`].find((path) =>
        existsSync(inOpenai(path)),
      );
      expect(module, `client.${resource}`).toBeDefined();
      expect(isUnbundled(inOpenai(module!)), `client.${resource}`).toBe(false);
    }
  });

  it('are the resources Factlight does not call and the helpers of .stream() and .runTools()', () => {
    for (const left of [
      'resources/beta/assistants.mjs',
      'resources/admin/organization/users.mjs',
      'resources/responses/responses.mjs',
      'resources/completions.mjs',
      'lib/ChatCompletionStream.mjs',
    ])
      expect(isUnbundled(inOpenai(left)), left).toBe(true);
    // Only inside the openai package, with the ids Vite gives ("/" on every system) and Windows paths alike.
    expect(isUnbundled('/work/node_modules/other/resources/beta/assistants.mjs')).toBe(false);
    expect(isUnbundled('C:/work/node_modules/openai/resources/beta/beta.mjs')).toBe(true);
    expect(isUnbundled('C:\\work\\node_modules\\openai\\resources\\beta\\beta.mjs')).toBe(true);
    expect(isUnbundled('C:\\work\\node_modules\\openai\\resources\\chat\\chat.mjs')).toBe(false);
  });

  it('are replaced by stand-ins with the same exports, which the client can construct and nothing can call', async () => {
    const module = await importText(stubModule(['Beta', 'default'], 'resources/beta/beta.mjs'));
    expect(Object.keys(module).sort()).toEqual(['Beta', 'default']);
    const Beta = module.Beta as new (client: unknown) => { _client: unknown };
    const client = { name: 'client' };
    expect(new Beta(client)._client).toBe(client);
    class Extended extends Beta {}
    expect(new Extended(client)._client).toBe(client);
    expect(() => (module.Beta as (client: unknown) => unknown)(client)).toThrow(
      'openai Beta (resources/beta/beta.mjs) is not bundled in Factlight: scripts/build/slim-openai.ts',
    );
  });

  it("are loaded by the plugin as stand-ins with the real module's export names", async () => {
    const real = inOpenai('resources/beta/beta.mjs');
    const load = slimOpenAI().load as (id: string) => Promise<string>;
    const module = await importText(await load(`\0factlight-unbundled-openai:${real}`));
    const names = Object.keys(await import(/* @vite-ignore */ real));
    expect(names.length).toBeGreaterThan(0);
    expect(Object.keys(module).sort()).toEqual(names.sort());
    expect(() => (module.Beta as () => unknown)()).toThrow('(resources/beta/beta.mjs) is not bundled in Factlight');
  });
});
