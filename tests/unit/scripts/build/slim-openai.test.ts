import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { isUnbundled, stubModule, UNBUNDLED_OPENAI_MODULES } from '../../../../scripts/build/slim-openai';

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
      'lib/parser.mjs',
      'lib/chat-completions/streaming.mjs',
    ])
      expect(isUnbundled(inOpenai(kept)), kept).toBe(false);
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
    // Only inside the openai package.
    expect(isUnbundled('/work/node_modules/other/resources/beta/assistants.mjs')).toBe(false);
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
});
