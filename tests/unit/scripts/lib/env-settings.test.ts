import { describe, expect, it } from 'vitest';

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
