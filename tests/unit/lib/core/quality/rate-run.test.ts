import { describe, expect, it } from 'vitest';

import { ProviderError } from '../../../../../lib/core/errors';
import { runRating } from '../../../../../lib/core/quality/rate-run';
import { fakeRun } from '../../../support/fake-run';

const PAGE = 'Quokkas live on Rottnest Island. They are small marsupials. Visitors often photograph them.';

describe('runRating', () => {
  it("audits an explanation's links in order, keeping only the judged passage of each page", async () => {
    const { deps, options } = fakeRun({
      'https://quokka-daily.example/a': PAGE,
      'https://quokka-daily.example/b': PAGE,
    });
    const explanation =
      'Quokkas do live on Rottnest Island, see https://quokka-daily.example/a. They are marsupials (https://quokka-daily.example/b).';
    const result = await runRating({ claim: 'Quokkas live on Rottnest Island.', explanation }, deps, options);
    expect(result.links.map((link) => [link.url, link.sentenceIndex])).toEqual([
      ['https://quokka-daily.example/a', 0],
      ['https://quokka-daily.example/b', 1],
    ]);
    expect(result.links.every((link) => !('text' in link))).toBe(true);
    expect(result.evidence.length).toBeGreaterThan(0);
  });

  it('tells the rating call the language of the claim, so the errors it lists are written in it', async () => {
    const { deps, options, modelCalls } = fakeRun({ 'https://quokka-daily.example/a': PAGE });
    // No language given: the claim's is guessed, as when a person rates a selection.
    const { language: _english, ...guessing } = options;
    await runRating(
      { claim: 'Die Quokkas leben auf der Insel Rottnest und sie sind nicht groß.', explanation: 'Das stimmt.' },
      deps,
      guessing,
    );
    const rating = modelCalls.find((call) => call.jsonSchema?.name === 'explanation_rating')!;
    expect(rating.messages.find((message) => message.role === 'user')?.content).toMatch(/^Language of the text: de\./);
  });

  it('names no language when the claim is too short for a reliable guess (issue 25)', async () => {
    const { deps, options, modelCalls } = fakeRun({ 'https://quokka-daily.example/a': PAGE });
    const { language: _english, ...guessing } = options;
    await runRating({ claim: 'Einstein ganó el Premio Nobel en 1921.', explanation: 'Es verdad.' }, deps, guessing);
    const rating = modelCalls.find((call) => call.jsonSchema?.name === 'explanation_rating')!;
    // The best guess is 'en': said to the model, the errors would come in English.
    expect(rating.messages.find((message) => message.role === 'user')?.content).not.toContain('Language of the text');
  });

  it('rates on passages chosen by words when the embedding model fails, and says so once', async () => {
    const embedder = {
      embed: () => Promise.reject(new ProviderError('rate-limit', 'OpenAI is rate limiting requests (429).')),
    };
    const { deps, options } = fakeRun(
      { 'https://quokka-daily.example/a': PAGE, 'https://quokka-daily.example/b': PAGE },
      { embedder },
    );
    const result = await runRating(
      { claim: 'Quokkas live on Rottnest Island.', explanation: 'They do.' },
      deps,
      options,
    );
    expect(result.evidence.filter((item) => item.origin === 'page')).toHaveLength(2);
    expect(result.warnings).toEqual([
      'Passages were chosen by word match alone because the embedding model failed: OpenAI is rate limiting requests (429).',
    ]);
  });

  it('keeps a failed search source among its warnings, by its English words with its code beside them', async () => {
    const { deps, options } = fakeRun({ 'https://quokka-daily.example/a': PAGE });
    const down = { code: 'search-http', provider: 'Brave', status: 401, reason: 'key-rejected' } as const;
    deps.providers = [
      ...deps.providers,
      { id: 'brave', search: () => Promise.reject(new ProviderError('auth', down)) },
    ];
    const told: string[] = [];
    const result = await runRating({ claim: 'Quokkas live on Rottnest Island.', explanation: 'They do.' }, deps, {
      ...options,
      onWarning: (message) => told.push(message),
    });
    expect(result.evidence.length).toBeGreaterThan(0);
    expect(result.warnings).toEqual(['Brave rejected the API key (401).']);
    expect(result.notices).toEqual({ 'Brave rejected the API key (401).': { code: 'source-failed', error: down } });
    // Told as it came, so a rating that fails afterwards still has it.
    expect(told).toEqual(result.warnings);
  });

  it('audits at most 30 links of an explanation, as a check does, and says how many it left out', async () => {
    const { deps, options } = fakeRun({ 'https://quokka-daily.example/a': PAGE });
    const explanation = `Quokkas live on Rottnest Island. Sources: ${Array.from({ length: 35 }, (_, i) => `https://gone.example/p${i}`).join(' ')}`;
    const result = await runRating({ claim: 'Quokkas live on Rottnest Island.', explanation }, deps, options);
    expect(result.links.map((link) => link.url)).toEqual(
      Array.from({ length: 30 }, (_, i) => `https://gone.example/p${i}`),
    );
    const capped = 'The explanation cites 35 links; the first 30 were checked.';
    expect(result.warnings).toContain(capped);
    // With its code, worded in the interface language when shown.
    expect(result.notices?.[capped]).toEqual({ code: 'links-capped', where: 'explanation', found: 35, checked: 30 });
  });
});
