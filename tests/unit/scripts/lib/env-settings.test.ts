import { describe, expect, it } from 'vitest';

import { parsePolicy } from '../../../../lib/settings/policy';
import { settingsFromEnv } from '../../../../scripts/lib/env-settings';

describe('settingsFromEnv', () => {
  it('takes a preset, whose base URL and models are the defaults', () => {
    const settings = settingsFromEnv({ FACTLIGHT_PRESET: 'groq', FACTLIGHT_API_KEY: 'gsk' });
    expect(settings.model.preset).toBe('groq');
    expect(settings.model.profiles.groq).toMatchObject({
      baseUrl: 'https://api.groq.com/openai/v1',
      apiKey: 'gsk',
      fastModel: 'openai/gpt-oss-20b',
      strongModel: 'openai/gpt-oss-120b',
      structuredOutput: 'auto',
    });
  });

  it('lets the variables override the preset, and without one stays "custom"', () => {
    expect(
      settingsFromEnv({ FACTLIGHT_PRESET: 'openai', FACTLIGHT_FAST_MODEL: 'gpt-5.4-nano' }).model.profiles.openai,
    ).toMatchObject({ fastModel: 'gpt-5.4-nano', strongModel: 'gpt-5.4-nano' });
    const custom = settingsFromEnv({
      FACTLIGHT_BASE_URL: 'http://localhost:8000/v1',
      FACTLIGHT_FAST_MODEL: 'm',
      FACTLIGHT_STRUCTURED_OUTPUT: 'prompt',
    });
    expect(custom.model.preset).toBe('custom');
    expect(custom.model.profiles.custom).toMatchObject({
      baseUrl: 'http://localhost:8000/v1',
      fastModel: 'm',
      strongModel: 'm',
      structuredOutput: 'prompt',
    });
    expect(settingsFromEnv({ FACTLIGHT_PRESET: 'nonsense' }).model.preset).toBe('custom');
  });
});

describe('settingsFromEnv with an organisation’s policy (npm run check -- --policy)', () => {
  it('lets the policy win over the variables for the keys it sets, and only those', () => {
    const policy = parsePolicy({ baseUrl: 'https://llm.acme.example/v1', fastModel: 'acme-fast', wikipedia: 'no' });
    const settings = settingsFromEnv(
      { FACTLIGHT_BASE_URL: 'http://localhost:8000/v1', FACTLIGHT_FAST_MODEL: 'm', FACTLIGHT_WIKIPEDIA: 'false' },
      policy,
    );
    expect(settings.model.preset).toBe('custom');
    expect(settings.model.profiles.custom).toMatchObject({
      baseUrl: 'https://llm.acme.example/v1',
      fastModel: 'acme-fast',
      // Not in the policy: the environment's.
      strongModel: 'm',
    });
    // A bad key falls back to the environment's value.
    expect(settings.search.wikipedia.enabled).toBe(false);
  });
});
