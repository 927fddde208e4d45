/**
 * An error's English, built from its code: the words a `ProviderError` carries as its message and a claim
 * stores as its `error` (older rows, logs, the CLI and the JSON export read them), the same words as before
 * errors had codes.
 */
import { describe, expect, it } from 'vitest';

import { describeWait, englishError } from '../../../../lib/core/error-notices';
import { errorNotice, ProviderError } from '../../../../lib/core/errors';
import { NOT_CHECKED_BUDGET, NOT_CHECKED_CANCELLED } from '../../../../lib/core/verify/not-checked';

describe('englishError', () => {
  it('words each code as the adapters did before', () => {
    expect(englishError({ code: 'key-rejected', provider: 'OpenAI', detail: 'Incorrect API key provided' })).toBe(
      'OpenAI rejected the API key (401: Incorrect API key provided): check the API key in the settings.',
    );
    expect(englishError({ code: 'rate-limited', provider: 'Groq', freeTier: false })).toBe(
      'Groq is rate-limiting this key (rate limit): wait a minute, or check its limits.',
    );
    expect(englishError({ code: 'rate-limited', provider: 'Google Gemini', freeTier: true, waitMs: 46_000 })).toBe(
      'Google Gemini asks to wait 46 s (free-tier limit).',
    );
    expect(englishError({ code: 'out-of-credit', provider: 'Custom server', branded: false })).toMatch(
      /^The account behind this key is out of credit \(billing\)/,
    );
    expect(englishError({ code: 'unreachable', url: 'http://127.0.0.1:9/v1' })).toBe(
      'Could not reach http://127.0.0.1:9/v1.',
    );
    expect(englishError({ code: 'context-too-long', tokens: 4096 })).toBe(
      "This step does not fit Ollama's 4,096-token context even with its passages shortened; raise num_ctx in Ollama, or check a shorter text.",
    );
    expect(englishError({ code: 'reply-malformed', step: 'verify', problem: '' })).toBe(
      'The model\'s reply for "verify" did not match the expected format twice.',
    );
    expect(NOT_CHECKED_BUDGET).toBe('Not checked: the token budget for this check was reached.');
    expect(NOT_CHECKED_CANCELLED).toBe('Not checked: the check was cancelled.');
  });

  it('rounds a wait the way a person reads it', () => {
    expect(describeWait(46_000)).toBe('46 s');
    expect(describeWait(125_000)).toBe('2 min 5 s');
    expect(describeWait(35_652_500)).toBe('9 h 54 min');
  });
});

describe('a ProviderError built from a code', () => {
  it('keeps the code and takes its English as the message; one built from words has no code', () => {
    const notice = { code: 'timed-out', provider: 'OpenAI' } as const;
    const coded = new ProviderError('timeout', notice);
    expect(coded.message).toBe('OpenAI did not answer in time.');
    expect(errorNotice(coded)).toEqual(notice);
    expect(errorNotice(new ProviderError('timeout', 'late'))).toBeUndefined();
    expect(errorNotice(new Error('x'))).toBeUndefined();
  });
});
