/** Prompts fitted to a small context window by rule: the longest data blocks (passages) shortened first. */
import { describe, expect, it } from 'vitest';

import { fitPrompt, trimLongestBlock } from '../../../../lib/llm/prompt-fit';

const passage = (n: number, words: number) =>
  `<<<PASSAGE ${n}>>>\n${Array.from({ length: words }, (_, i) => `word${i}`).join(' ')}\n<<<END PASSAGE ${n}>>>`;
const measure = (messages: ReadonlyArray<{ content: string }>) =>
  messages.reduce((sum, m) => sum + Math.ceil(m.content.length / 4), 0);

describe('fitPrompt', () => {
  it('shortens the passages of the last turn until it fits, leaving instructions and the claim alone', async () => {
    const system = { role: 'system', content: 'Judge each passage against the claim.' };
    const user = {
      role: 'user',
      content: `<<<CLAIM>>>\nThe tower is 330 m tall.\n<<<END CLAIM>>>\n${passage(1, 400)}\n${passage(2, 300)}`,
    };
    const before = measure([system, user]);
    const fitted = await fitPrompt([system, user], 700, measure);
    expect(before).toBeGreaterThan(700);
    expect(fitted).toBeDefined();
    expect(fitted!.promptTokens).toBeLessThanOrEqual(700);
    expect(fitted!.trimmed).toEqual(['passages']);
    expect(fitted!.input[0]).toEqual(system);
    expect(fitted!.input[1]!.content).toContain('<<<CLAIM>>>\nThe tower is 330 m tall.\n<<<END CLAIM>>>');
    expect(fitted!.input[1]!.content).toContain('[…]\n<<<END PASSAGE 1>>>');
  });

  it('leaves a prompt that fits as it is, and gives up when nothing more can be shortened', async () => {
    const short = [{ role: 'user', content: passage(1, 10) }];
    expect(await fitPrompt(short, 100, measure)).toEqual({ input: short, promptTokens: measure(short), trimmed: [] });
    expect(await fitPrompt([{ role: 'user', content: 'x'.repeat(4_000) }], 100, measure)).toBeUndefined();
  });
});

describe('trimLongestBlock', () => {
  it('cuts the longest block to about 60% at a word boundary', () => {
    const text = `${passage(1, 50)}\n${passage(2, 200)}`;
    const next = trimLongestBlock(text)!;
    expect(next.label).toBe('PASSAGE 2');
    expect(next.text.length).toBeLessThan(text.length);
    expect(next.text).toContain(passage(1, 50));
  });
});
