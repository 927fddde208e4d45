/**
 * A policy's problems said in words, in whichever language the translator speaks: each code has its sentence
 * in every catalogue, what the key takes is said in that language, a value seen in the policy is quoted as
 * JSON (cut when long), and a secret only by its kind.
 */
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../../../lib/i18n/catalogue';
import { catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import { parsePolicy, type PolicyWarning } from '../../../../lib/settings/policy';
import { policyWarningText } from '../../../../lib/settings/policy-warnings';
import { readCatalogues } from '../../../../scripts/i18n/catalogue-rules';

const catalogues = readCatalogues(resolve(import.meta.dirname, '../../../../public/_locales'));
/** Only this locale's messages, no English behind them: a missing one comes out as its key's name. */
const speaking = (locale: string) => createTranslator(catalogueSource(locale, catalogues.get(locale)!));

const EVERY_KIND: PolicyWarning[] = [
  { code: 'badValue', key: 'mode', got: { kind: 'string', json: '"fastest"' } },
  { code: 'badValue', key: 'apiKey', got: { kind: 'number' } },
  { code: 'badValue', key: 'excludedDomains', got: { kind: 'list', json: '["a.example","b.example"', cut: true } },
  { code: 'unknownKey', key: 'surprise' },
  { code: 'notAnObject', got: { kind: 'list' } },
  { code: 'needsBaseUrl', key: 'headers' },
  { code: 'unreadable', reason: 'storage is broken' },
];

describe('policyWarningText', () => {
  it('says every warning in English, the words administrators and the options page had', () => {
    const english = EVERY_KIND.map((warning) => policyWarningText(warning, speaking('en')));
    expect(english).toEqual([
      'Policy key "mode": expected fast or thorough, got "fastest"; your own setting is used for it.',
      'Policy key "apiKey": expected a string, got a number; your own setting is used for it.',
      'Policy key "excludedDomains": expected a list of host names, got a list (["a.example","b.example"…); ' +
        'your own setting is used for it.',
      'Policy key "surprise" is not one Factlight knows; it was ignored.',
      'The policy is a list, not an object of keys; it was ignored.',
      'Policy key "headers" is only used with "baseUrl" in the same policy, so that it goes only to that server; ' +
        'it was ignored.',
      'Your organisation’s policy could not be read (storage is broken); it was ignored.',
    ]);
  });

  it.each(LOCALES)('has every sentence in the %s catalogue, with the key and the value seen in it', (locale) => {
    const say = speaking(locale);
    for (const warning of EVERY_KIND) {
      const words = policyWarningText(warning, say);
      expect(words, `${locale} ${warning.code}`).not.toMatch(/policy\w+|\$/);
      if ('key' in warning) expect(words).toContain(`"${warning.key}"`);
    }
    expect(policyWarningText(EVERY_KIND[0]!, say)).toContain('"fastest"');
    expect(policyWarningText(EVERY_KIND[6]!, say)).toContain('storage is broken');
  });

  it('speaks the interface language: what a key takes and the kind of a value are translated', () => {
    const [badMode, secret] = EVERY_KIND;
    expect(policyWarningText(badMode!, speaking('es'))).toBe(
      'Clave de política "mode": se esperaba fast o thorough y se encontró "fastest"; se usa tu propio ajuste.',
    );
    expect(policyWarningText(secret!, speaking('ja'))).toBe(
      'ポリシーのキー "apiKey": 文字列 が必要ですが、数値 でした。このキーにはご自身の設定が使われます。',
    );
  });

  it('words what parsePolicy finds, and by default in the interface language in use', () => {
    const policy = parsePolicy({ resultsPerClaim: 40, braveApiKey: false, excludedDomains: 'x'.repeat(100) });
    expect(policy.warnings.map((warning) => policyWarningText(warning))).toEqual([
      'Policy key "resultsPerClaim": expected a whole number from 1 to 10, got 40; your own setting is used for it.',
      'Policy key "braveApiKey": expected a string (the API key; "" turns it off), got a boolean; ' +
        'your own setting is used for it.',
      `Policy key "excludedDomains": expected a list of host names, got a string ("${'x'.repeat(56)}…); ` +
        'your own setting is used for it.',
    ]);
  });
});
