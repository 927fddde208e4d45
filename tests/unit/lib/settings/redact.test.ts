import { describe, expect, it } from 'vitest';

import { parseDomainList, profileFor, toDraft } from '../../../../lib/settings/options-form';
import { applyDraft, redactSettings } from '../../../../lib/settings/redact';
import { DEFAULT_SETTINGS, type Settings } from '../../../../lib/settings/schema';
import { repairSettings } from '../../../../lib/settings/store';

const saved: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'openai',
    profiles: {
      openai: {
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-openai',
        fastModel: 'f',
        strongModel: 's',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
      groq: {
        baseUrl: 'https://api.groq.com/openai/v1',
        apiKey: 'gsk-groq',
        fastModel: 'g',
        strongModel: 'g',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
  search: { ...DEFAULT_SETTINGS.search, tavily: { enabled: true, apiKey: 'tvly-key' } },
};

describe('settings as the options page sees and sends them', () => {
  it('round-trips through the form without touching saved keys', () => {
    const form = { settings: redactSettings(saved), typedKeys: {} };
    expect(applyDraft(saved, toDraft(form))).toEqual(saved);
  });

  it('replaces a key the user typed and removes one the user cleared, leaving the others', () => {
    const form = {
      settings: redactSettings(saved),
      typedKeys: { 'model:openai': ' sk-new ', 'search:tavily': '' } as const,
    };
    const next = applyDraft(saved, toDraft(form));
    expect(next.model.profiles.openai?.apiKey).toBe('sk-new');
    expect(next.model.profiles.groq?.apiKey).toBe('gsk-groq');
    expect(next.search.tavily.apiKey).toBe('');
  });

  it('creates a profile from the preset defaults when switching to a new provider', () => {
    const settings = redactSettings(saved);
    const draft = toDraft({ settings: { ...settings, model: { ...settings.model, preset: 'ollama' } }, typedKeys: {} });
    const next = applyDraft(saved, draft);
    expect(next.model.preset).toBe('ollama');
    expect(next.model.profiles.ollama).toMatchObject({ baseUrl: 'http://localhost:11434/v1', apiKey: '' });
    expect(next.model.profiles.openai?.apiKey).toBe('sk-openai');
  });

  it('keeps valid sections and repairs an invalid one from defaults', () => {
    const broken = { ...saved, evidence: { resultsPerClaim: 'many' } };
    const repaired = repairSettings(broken);
    expect(repaired.model.profiles.openai?.apiKey).toBe('sk-openai');
    expect(repaired.evidence).toEqual(DEFAULT_SETTINGS.evidence);
    expect(repairSettings(undefined)).toEqual(DEFAULT_SETTINGS);
  });

  it('loads settings saved before embedding models and token budgets existed, losing nothing', () => {
    const { limits: _limits, ...withoutLimits } = saved;
    const oldProfile = {
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-old',
      fastModel: 'f',
      strongModel: 's',
      structuredOutput: 'auto',
    };
    const old = { ...withoutLimits, model: { preset: 'openai', profiles: { openai: oldProfile } } };
    const loaded = repairSettings(old);
    expect(loaded.model.profiles.openai).toEqual({ ...oldProfile, embeddingModel: '' });
    expect(loaded.limits).toEqual({ tokensPerCheck: 0 });
    expect(loaded.search.tavily.apiKey).toBe('tvly-key');
  });

  it('loads settings saved before the checking mode and link audit existed with their defaults, and round-trips a change', () => {
    const { checking: _checking, ...withoutChecking } = saved;
    const loaded = repairSettings(withoutChecking);
    expect(loaded.checking).toEqual({
      mode: 'fast',
      auditLinks: true,
      archiveLookup: true,
      webArchiveUrl: 'https://archive.org',
      crossrefUrl: 'https://api.crossref.org',
      engine: 'auto',
    });
    expect(loaded.model.profiles.openai?.apiKey).toBe('sk-openai');
    const form = {
      settings: {
        ...redactSettings(saved),
        checking: { ...saved.checking, mode: 'thorough' as const, archiveLookup: false },
      },
      typedKeys: {},
    };
    expect(applyDraft(saved, toDraft(form)).checking).toMatchObject({ mode: 'thorough', archiveLookup: false });
    expect(
      repairSettings({ ...saved, checking: { ...saved.checking, webArchiveUrl: 'javascript:alert(1)' } }).checking,
    ).toEqual(DEFAULT_SETTINGS.checking);
    // Settings saved before "Checks run on" existed choose automatically (the person's model first, never a cloud one
    // they did not set up).
    const { engine: _engine, ...beforeEngine } = saved.checking;
    expect(repairSettings({ ...saved, checking: beforeEngine }).checking.engine).toBe('auto');
  });

  describe('a saved model key stays with the server it was saved for', () => {
    const withBaseUrl = (baseUrl: string) => {
      const settings = redactSettings(saved);
      return {
        ...settings,
        model: {
          ...settings.model,
          profiles: { ...settings.model.profiles, openai: { ...profileFor(settings, 'openai'), baseUrl } },
        },
      };
    };

    it('keeps the key when only the path changes', () => {
      const next = applyDraft(saved, toDraft({ settings: withBaseUrl('https://api.openai.com/v2'), typedKeys: {} }));
      expect(next.model.profiles.openai?.apiKey).toBe('sk-openai');
      expect(profileFor(withBaseUrl('https://API.openai.com/v2'), 'openai').apiKeySaved).toBe(true);
    });

    it('drops the key, and stops showing it as saved, when the base URL moves to another origin', () => {
      for (const baseUrl of [
        'https://attacker.example/v1',
        'http://api.openai.com/v1',
        'https://api.openai.com:8443/v1',
      ]) {
        const next = applyDraft(saved, toDraft({ settings: withBaseUrl(baseUrl), typedKeys: {} }));
        expect(next.model.profiles.openai?.apiKey, baseUrl).toBe('');
        expect(profileFor(withBaseUrl(baseUrl), 'openai').apiKeySaved, baseUrl).toBe(false);
      }
      expect(
        applyDraft(saved, toDraft({ settings: withBaseUrl('https://other.example/v1'), typedKeys: {} })).model.profiles
          .groq?.apiKey,
      ).toBe('gsk-groq');
    });

    it('shows the key as saved again when the base URL returns to its origin', () => {
      const moved = withBaseUrl('https://attacker.example/v1');
      const back = {
        ...moved,
        model: {
          ...moved.model,
          profiles: {
            ...moved.model.profiles,
            openai: { ...profileFor(moved, 'openai'), baseUrl: 'https://api.openai.com/v1' },
          },
        },
      };
      expect(profileFor(back, 'openai').apiKeySaved).toBe(true);
    });

    it('uses a key typed for the new origin', () => {
      const next = applyDraft(
        saved,
        toDraft({ settings: withBaseUrl('https://other.example/v1'), typedKeys: { 'model:openai': 'sk-other' } }),
      );
      expect(next.model.profiles.openai?.apiKey).toBe('sk-other');
    });
  });

  it('parses excluded domains from free text', () => {
    expect(parseDomainList('https://www.Example.com/path\nfoo.org, bar.net  foo.org')).toEqual([
      'example.com',
      'foo.org',
      'bar.net',
    ]);
  });
});
