/** The Ollama loopback cuts a prompt the way Ollama's llama_server.go does (see ollama-context.ts for the sources). */
import { describe, expect, it } from 'vitest';

import {
  cutToContext,
  promptTokensOf,
  showModel,
} from '../../../../../../scripts/lib/servers/provider-rules/ollama-context';

const system = { role: 'system', content: `INSTRUCTIONS ${'rule '.repeat(400)}` };
const user = { role: 'user', content: `${'passage text '.repeat(1_200)}THE QUESTION AT THE END` };

describe('cutToContext', () => {
  it('reads a prompt shorter than the context whole', () => {
    const short = [{ role: 'user', content: 'hello' }];
    expect(cutToContext(short, 4_096, 1_024)).toMatchObject({ cut: false, messages: short });
  });

  it('keeps the first num_keep tokens and the tail, down to about half the context, and says nothing', () => {
    const sent = promptTokensOf([system, user]);
    expect(sent).toBeGreaterThan(4_096);
    const { messages, cut, promptTokens, sentTokens } = cutToContext([system, user], 4_096);
    expect(cut).toBe(true);
    expect(sentTokens).toBe(sent);
    // num_ctx - (num_ctx - num_keep) / 2 = 2,050 tokens, as Ollama's contextShiftPromptLimit.
    expect(promptTokens).toBeGreaterThan(2_040);
    expect(promptTokens).toBeLessThanOrEqual(2_050);
    // The head of the system prompt (16 characters) survives; the rest of the instructions are lost.
    expect(messages[0]!.content).toBe('INSTRUCTIONS rul');
    expect(String(messages[1]!.content).endsWith('THE QUESTION AT THE END')).toBe(true);
  });
});

describe('cutToContext with the reply', () => {
  const prompt = [{ role: 'user', content: 'word '.repeat(2_000) }];

  it('counts a reply that would run past num_ctx as a cut: Ollama shifts the context and drops the middle', () => {
    const sent = promptTokensOf(prompt);
    expect(cutToContext(prompt, 4_096, 4_096 - sent)).toMatchObject({ cut: false, sentTokens: sent });
    expect(cutToContext(prompt, 4_096, 4_096 - sent + 1)).toMatchObject({ cut: true, messages: prompt });
  });
});

describe('showModel', () => {
  it('answers /api/show with the trained context in model_info and no num_ctx in parameters', () => {
    const show = showModel('llama3.1:8b', 131_072);
    expect(show.model_info).toMatchObject({ 'llama.context_length': 131_072 });
    expect(String(show.parameters)).not.toMatch(/num_ctx/);
  });
});
