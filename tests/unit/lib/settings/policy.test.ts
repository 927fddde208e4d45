/**
 * The organisation's policy over the person's settings: each key checked on its own (a bad type or value
 * is a warning and the person's setting stays for that key only), applied over the person's settings, and
 * locked against saving and importing.
 */
import { describe, expect, it } from 'vitest';

import type { Catalogue } from '../../../../lib/i18n/catalogue';
import { setMessageSource } from '../../../../lib/i18n/i18n';
import { browserSource, catalogueSource } from '../../../../lib/i18n/sources';
import {
  applyPolicy,
  keepOwnManaged,
  lockedKeysChangedBy,
  managedSummary,
  organisationModelServer,
  parsePolicy,
  type Policy,
} from '../../../../lib/settings/policy';
import { policyWarningText } from '../../../../lib/settings/policy-warnings';
import { DEFAULT_SETTINGS, type Settings, settingsSchema } from '../../../../lib/settings/schema';
import { shippedCatalogue } from '../../support/catalogue-keys';

const own: Settings = {
  ...DEFAULT_SETTINGS,
  model: {
    preset: 'openai',
    profiles: {
      openai: {
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-mine',
        fastModel: 'gpt-mine-mini',
        strongModel: 'gpt-mine',
        embeddingModel: '',
        structuredOutput: 'auto',
      },
    },
  },
  evidence: { ...DEFAULT_SETTINGS.evidence, excludedDomains: ['mine.example'] },
  checking: { ...DEFAULT_SETTINGS.checking, mode: 'thorough' },
};

/** The warnings as the options page says them (in English here: the unit tests' browser speaks English). */
const said = (policy: Policy) => policy.warnings.map((warning) => policyWarningText(warning));

const organisation = {
  preset: 'custom',
  baseUrl: 'https://llm.acme.example/v1',
  apiKey: 'acme-gateway-token',
  fastModel: 'acme-fast',
  strongModel: 'acme-strong',
  searxngUrl: 'https://search.acme.example',
  wikipedia: false,
  allowPrivateNetwork: true,
};

describe('reading a policy', () => {
  it('takes the public contract keys as they are, with no warning', () => {
    const policy = parsePolicy(organisation);
    expect(policy.warnings).toEqual([]);
    expect(policy.values).toEqual(organisation);
  });

  it('skips each key of the wrong type or value with a warning naming it, and keeps the rest', () => {
    const policy = parsePolicy({
      ...organisation,
      wikipedia: 'yes',
      tokenBudget: -5,
      mode: 'fastest',
      excludedDomains: 'a.example',
      historyDays: 1.5,
    });
    expect(Object.keys(policy.values).sort()).toEqual(
      Object.keys(organisation)
        .sort()
        .filter((k) => k !== 'wikipedia'),
    );
    expect(policy.warnings).toHaveLength(5);
    expect(policy.warnings).toContainEqual({
      code: 'badValue',
      key: 'wikipedia',
      got: { kind: 'string', json: '"yes"' },
    });
    const words = said(policy);
    expect(words).toContain(
      'Policy key "wikipedia": expected true or false, got "yes"; your own setting is used for it.',
    );
    expect(words.find((w) => w.includes('"tokenBudget"'))).toMatch(/expected a whole number, 0 or more, got -5/);
    expect(words.find((w) => w.includes('"mode"'))).toMatch(/expected fast or thorough, got "fastest"/);
    expect(words.find((w) => w.includes('"excludedDomains"'))).toMatch(/a list of host names/);
    expect(words.find((w) => w.includes('"historyDays"'))).toMatch(/got 1\.5/);
  });

  it('never repeats a secret in a warning, only its type', () => {
    const policy = parsePolicy({ baseUrl: 'https://llm.acme.example/v1', apiKey: 12345678, serperApiKey: ['s3cret'] });
    expect(JSON.stringify(policy.warnings)).not.toMatch(/12345678|s3cret/);
    const words = said(policy);
    expect(words.join(' ')).not.toMatch(/12345678|s3cret/);
    expect(words).toContain('Policy key "apiKey": expected a string, got a number; your own setting is used for it.');
    expect(words.find((w) => w.includes('"serperApiKey"'))).toMatch(/got a list;/);
  });

  it('names keys it does not know, and refuses what is not an object of keys', () => {
    expect(said(parsePolicy({ baseUrl: 'ftp://x', surprise: 1 }))).toEqual([
      'Policy key "baseUrl": expected an http:// or https:// URL, got "ftp://x"; your own setting is used for it.',
      'Policy key "surprise" is not one Factlight knows; it was ignored.',
    ]);
    expect(parsePolicy(['preset']).values).toEqual({});
    expect(said(parsePolicy('custom'))).toEqual(['The policy is a string, not an object of keys; it was ignored.']);
    expect(parsePolicy(undefined)).toEqual({ values: {}, warnings: [] });
  });

  it('uses a token only with the server the same policy names', () => {
    const policy = parsePolicy({ apiKey: 'acme-gateway-token', headers: { 'X-Org': 'acme' }, fastModel: 'f' });
    expect(policy.values).toEqual({ fastModel: 'f' });
    expect(policy.warnings).toHaveLength(2);
    expect(policy.warnings[0]).toEqual({ code: 'needsBaseUrl', key: 'apiKey' });
    expect(said(policy)[0]).toMatch(/"apiKey" is only used with "baseUrl"/);
  });

  it('means the custom preset when it sets a server and no preset, and not when its preset was bad', () => {
    expect(parsePolicy({ baseUrl: 'https://llm.acme.example/v1' }).values.preset).toBe('custom');
    expect(parsePolicy({ baseUrl: 'https://llm.acme.example/v1', preset: 'vllm' }).values.preset).toBeUndefined();
    expect(parsePolicy({ baseUrl: 'https://llm.acme.example/v1', preset: 'ollama' }).values.preset).toBe('ollama');
  });

  it('refuses header names and values that would break the request', () => {
    const policy = parsePolicy({ baseUrl: 'https://llm.acme.example/v1', headers: { 'Bad Name': 'x' } });
    expect(policy.values.headers).toBeUndefined();
    expect(parsePolicy({ baseUrl: 'https://a.example', headers: { 'X-A': 'a\r\nX-B: b' } }).values.headers).toBe(
      undefined,
    );
  });
});

describe('the settings in force', () => {
  it('puts the policy over the person’s settings, in the profile of the preset it sets', () => {
    const effective = applyPolicy(own, parsePolicy(organisation));
    expect(settingsSchema.parse(effective)).toEqual(effective);
    expect(effective.model.preset).toBe('custom');
    expect(effective.model.profiles.custom).toMatchObject({
      baseUrl: 'https://llm.acme.example/v1',
      apiKey: 'acme-gateway-token',
      fastModel: 'acme-fast',
      strongModel: 'acme-strong',
    });
    expect(effective.model.profiles.openai).toEqual(own.model.profiles.openai);
    expect(effective.search.searxng).toEqual({ enabled: true, baseUrl: 'https://search.acme.example' });
    expect(effective.search.wikipedia).toEqual({ enabled: false });
    expect(effective.evidence.allowPrivateNetwork).toBe(true);
    // What the policy does not set stays the person's.
    expect(effective.checking.mode).toBe('thorough');
    expect(effective.evidence.excludedDomains).toEqual(['mine.example']);
  });

  it('falls back to the person’s setting for a bad key only', () => {
    const effective = applyPolicy(own, parsePolicy({ ...organisation, mode: 'fastest', tokenBudget: 5000 }));
    expect(effective.checking.mode).toBe('thorough');
    expect(effective.limits.tokensPerCheck).toBe(5000);
    expect(effective.model.profiles.custom?.baseUrl).toBe('https://llm.acme.example/v1');
  });

  it('turns a search provider on with its key and off with ""', () => {
    const on = applyPolicy(own, parsePolicy({ braveApiKey: 'brave-org' }));
    expect(on.search.brave).toEqual({ enabled: true, apiKey: 'brave-org' });
    const off = applyPolicy(
      { ...own, search: { ...own.search, searxng: { enabled: true, baseUrl: 'https://mine.example' } } },
      parsePolicy({ searxngUrl: '' }),
    );
    expect(off.search.searxng).toEqual({ enabled: false, baseUrl: '' });
  });

  it('sets the history, the floating button, the budget and the mode', () => {
    const effective = applyPolicy(
      own,
      parsePolicy({ keepHistory: false, historyDays: 30, floatingButton: false, tokenBudget: 20000, mode: 'fast' }),
    );
    expect(effective.history).toEqual({ keep: false, days: 30 });
    expect(effective.capture.floatingButton).toBe(false);
    expect(effective.limits.tokensPerCheck).toBe(20000);
    expect(effective.checking.mode).toBe('fast');
  });
});

describe('locked means locked', () => {
  const policy = parsePolicy(organisation);
  const effective = applyPolicy(own, policy);

  it('keeps the person’s own values under every locked key when a draft changes them, and takes the rest', () => {
    const edited: Settings = {
      ...effective,
      model: {
        preset: 'groq',
        profiles: {
          ...effective.model.profiles,
          custom: { ...effective.model.profiles.custom!, baseUrl: 'https://evil.example/v1', embeddingModel: 'emb' },
        },
      },
      search: { ...effective.search, wikipedia: { enabled: true } },
      checking: { ...effective.checking, mode: 'fast' },
    };
    const saved = keepOwnManaged(edited, own, policy);
    expect(saved.model.preset).toBe('openai');
    // The locked model keys of the managed preset are the person's own again (none here: the preset's defaults).
    expect(saved.model.profiles.custom).toMatchObject({ baseUrl: '', apiKey: '', fastModel: '', strongModel: '' });
    // An unlocked key of the same profile is the person's to change.
    expect(saved.model.profiles.custom?.embeddingModel).toBe('emb');
    expect(saved.model.profiles.openai).toEqual(own.model.profiles.openai);
    expect(saved.search.wikipedia).toEqual(own.search.wikipedia);
    expect(saved.search.searxng).toEqual(own.search.searxng);
    expect(saved.evidence.allowPrivateNetwork).toBe(false);
    expect(saved.checking.mode).toBe('fast');
    // Nothing of the organisation's was written into the person's settings.
    expect(JSON.stringify(saved)).not.toContain('acme');
    // And with the policy over it, the locked values are in force again.
    expect(applyPolicy(saved, policy).model.profiles.custom?.baseUrl).toBe('https://llm.acme.example/v1');
  });

  it('names the locked keys an import would have changed: in the file’s sections, unlike the value in force', () => {
    const imported: Settings = {
      ...own,
      // Unlike in force: another SearXNG, Wikipedia on. As in force: the private network. Not in the file: the model.
      search: { ...own.search, searxng: { enabled: true, baseUrl: 'https://other.example' } },
      evidence: { ...own.evidence, allowPrivateNetwork: true },
      checking: { ...own.checking, mode: 'fast' },
    };
    expect(lockedKeysChangedBy(imported, effective, policy, ['search', 'evidence', 'checking'])).toEqual([
      'searxngUrl',
      'wikipedia',
    ]);
  });

  it('tells pages which keys are locked and what was wrong, never a value', () => {
    const summary = managedSummary(parsePolicy({ ...organisation, organisationName: 'Acme', wikipedia: 'no' }));
    expect(summary.keys).toEqual([
      'preset',
      'baseUrl',
      'apiKey',
      'fastModel',
      'strongModel',
      'searxngUrl',
      'allowPrivateNetwork',
      'organisationName',
    ]);
    expect(summary.organisationName).toBe('Acme');
    expect(summary.warnings).toHaveLength(1);
    expect(JSON.stringify(summary)).not.toContain('acme-gateway-token');
  });

  it('names the organisation’s model server by its name, else by its host', () => {
    const named = parsePolicy({ ...organisation, organisationName: 'Acme' });
    expect(organisationModelServer(named, applyPolicy(own, named))).toBe("Acme's model server");
    expect(organisationModelServer(policy, effective)).toBe('the model server at llm.acme.example');
    const searchOnly = parsePolicy({ searxngUrl: 'https://search.acme.example' });
    expect(organisationModelServer(searchOnly, applyPolicy(own, searchOnly))).toBeUndefined();
  });

  it('isolates the organisation’s name and host inside an Arabic sentence', () => {
    setMessageSource(catalogueSource('ar', shippedCatalogue('ar') as Catalogue, shippedCatalogue('en') as Catalogue));
    try {
      const named = parsePolicy({ ...organisation, organisationName: 'Acme Inc.' });
      expect(organisationModelServer(named, applyPolicy(own, named))).toContain('\u2068Acme Inc.\u2069');
      expect(organisationModelServer(policy, effective)).toContain('\u2068llm.acme.example\u2069');
    } finally {
      setMessageSource(browserSource());
    }
  });
});
