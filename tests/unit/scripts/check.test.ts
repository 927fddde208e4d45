import { execFile } from 'node:child_process';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type FactWorld, startFactWorld, WORLD_TEXT } from '../../../scripts/lib/servers/index';

/** `npm run check` as a user runs it: a real process, configured by environment variables. */
const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');

function check(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('FACTLIGHT_') && key !== 'OPENAI_API_KEY'),
  );
  return new Promise((done) => {
    execFile(
      TSX,
      ['scripts/check.ts', ...args],
      { cwd: ROOT, env: { ...clean, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

// Each test starts a tsx process, which takes seconds on a busy machine: more than the default 5 s.
describe('npm run check', { timeout: 30_000 }, () => {
  let world: FactWorld;
  let env: Record<string, string>;
  beforeAll(async () => {
    world = await startFactWorld({ apiKey: 'sk-cli' });
    env = {
      FACTLIGHT_BASE_URL: world.model.baseUrl,
      FACTLIGHT_API_KEY: 'sk-cli',
      FACTLIGHT_FAST_MODEL: 'fake-fast',
      FACTLIGHT_STRONG_MODEL: 'fake-strong',
      FACTLIGHT_STRUCTURED_OUTPUT: 'json_schema',
      FACTLIGHT_WIKIPEDIA: '0',
      FACTLIGHT_SEARXNG_URL: world.searxng.baseUrl,
      FACTLIGHT_ALLOW_PRIVATE_NETWORK: '1',
    };
  });
  afterAll(() => world.close());

  it('prints sentences with bands, claims, evidence links and the revision', async () => {
    const { code, stdout } = await check(['--text', WORLD_TEXT], env);
    expect(code).toBe(0);
    // The headline leads with what is wrong; the average is second, saying what it averages.
    expect(stdout).toMatch(
      /^Headline: RED — 1 refuted · 7 supported \(en, \d{4}-\d{2}-\d{2}\)\n {2}8 of 8 claims checked · Average support from sources: \d+% across 8 judged claims$/m,
    );
    expect(stdout).toMatch(
      /^\[RED {3}\] +0% {2}The Great Wall of China is visible from the Moon with the naked eye\.$/m,
    );
    expect(stdout).toMatch(/^\[GREY {2}\] +— +I think Paris is the most beautiful city in the world\.$/m);
    expect(stdout).toContain('→ refuted');
    expect(stdout).toContain(`${world.sites.get('eiffel')!.origin}/eiffel`);
    expect(stdout).toContain('✎ Suggested: The Great Wall of China is not visible from the Moon with the naked eye.');
    expect(stdout).toMatch(/Model calls: \d+, tokens: \d+ in \+ \d+ out; searches: 8/);
  });

  it('prints the whole result as JSON with --json', async () => {
    const { code, stdout } = await check(
      ['--text', 'Mount Everest is the highest mountain on Earth, at 8,849 metres.', '--json'],
      env,
    );
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as { claims: unknown[]; assessments: Array<{ verdict: string }> };
    expect(result.claims).toHaveLength(2);
    expect(result.assessments.map((a) => a.verdict)).toEqual(['supported', 'supported']);
  });

  it('with no FACTLIGHT_BASE_URL, runs evidence-only mode: sources per sentence, and says verdicts need a model', async () => {
    const {
      FACTLIGHT_BASE_URL: _url,
      FACTLIGHT_API_KEY: _key,
      FACTLIGHT_FAST_MODEL: _fast,
      FACTLIGHT_STRONG_MODEL: _strong,
      ...noModel
    } = env;
    const requestsBefore = world.model.requests.length;
    const { code, stdout, stderr } = await check(['--text', WORLD_TEXT], noModel);
    expect(code).toBe(0);
    expect(stderr).toContain('evidence-only mode');
    expect(stdout).toContain('verdicts need a model');
    expect(stdout).toMatch(
      /^\[SOURCE\] The Great Wall of China is visible from the Moon with the naked eye\.\n {4}Sources to compare: [1-9]\d* found$/m,
    );
    expect(stdout).toContain(`${world.sites.get('eiffel')!.origin}/eiffel`);
    expect(stdout).toMatch(/I think Paris is the most beautiful city in the world\. {2}\(not looked up: an opinion\)/);
    expect(stdout).not.toMatch(/RED|GREEN|refuted|supported/);
    expect(stdout).toMatch(/Searches: 5, pages read: \d+; no model calls\./);
    expect(world.model.requests.length).toBe(requestsBefore);
  });

  it('says clearly what to set when the model endpoint is only half configured', async () => {
    const { code, stderr } = await check(['--text', 'Paris is in France.'], {
      FACTLIGHT_BASE_URL: world.model.baseUrl,
    });
    expect(code).toBe(2);
    expect(stderr).toContain('FACTLIGHT_FAST_MODEL');
  });

  it('says clearly when the endpoint cannot be reached, or the text is empty', async () => {
    const unreachable = await check(['--text', 'Paris is in France.'], {
      ...env,
      FACTLIGHT_BASE_URL: 'http://127.0.0.1:1/v1',
    });
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain('The model endpoint is not usable: Could not reach http://127.0.0.1:1/v1.');
    const empty = await check(['--text', '  '], env);
    expect(empty.stderr).toContain('The text is empty');
  });

  it('says clearly, without a stack trace, when the --file does not exist', async () => {
    const missing = resolve(ROOT, 'no-such-file.txt');
    const { code, stderr } = await check(['--file', missing], env);
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(`Cannot read ${missing}: no such file.`);
  });
});
