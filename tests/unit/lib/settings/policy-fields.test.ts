/**
 * The policy's keys and the schema Chrome is given for them: every key has one entry, the public contract
 * keys are there with their meaning, and the schema keeps to what Chrome accepts (a top-level object with
 * no additionalProperties, exactly one JSON type per property, no constraints that would make Chrome drop
 * a value silently instead of letting the extension warn). Every key's words are in every catalogue.
 */
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { LOCALES } from '../../../../lib/i18n/catalogue';
import { catalogueSource } from '../../../../lib/i18n/sources';
import { createTranslator } from '../../../../lib/i18n/translator';
import {
  chromeManagedSchema,
  POLICY_FIELDS,
  POLICY_KEYS,
  SEARCH_POLICY_KEY,
} from '../../../../lib/settings/policy-fields';
import { SEARCH_PROVIDER_IDS } from '../../../../lib/settings/search-keys';
import { readCatalogues } from '../../../../scripts/i18n/catalogue-rules';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';

const catalogues = readCatalogues(resolve(import.meta.dirname, '../../../../public/_locales'));

describe('policy keys', () => {
  it('has one entry per key, in the order the keys are listed', () => {
    expect(POLICY_FIELDS.map((entry) => entry.key)).toEqual([...POLICY_KEYS]);
  });

  it('keeps the public contract: these keys, with these JSON types', () => {
    const types = Object.fromEntries(POLICY_FIELDS.map((entry) => [entry.key, entry.chrome.type]));
    expect(types).toMatchObject({
      preset: 'string',
      baseUrl: 'string',
      apiKey: 'string',
      fastModel: 'string',
      strongModel: 'string',
      searxngUrl: 'string',
      wikipedia: 'boolean',
      allowPrivateNetwork: 'boolean',
    });
  });

  it('marks every key, token and header as a secret', () => {
    const secrets = POLICY_FIELDS.filter((entry) => entry.secret).map((entry) => entry.key);
    expect(secrets.sort()).toEqual(
      ['apiKey', 'headers', 'serperApiKey', 'tavilyApiKey', 'braveApiKey', 'exaApiKey', 'googleFactCheckApiKey'].sort(),
    );
  });

  it('locks every search provider through one key', () => {
    for (const provider of SEARCH_PROVIDER_IDS) expect(POLICY_KEYS).toContain(SEARCH_POLICY_KEY[provider]);
  });
});

describe('the words of each key', () => {
  it.each(LOCALES)('are all in the %s catalogue, with their placeholders filled', (locale) => {
    // Only this locale's messages, no English behind them: a missing one comes out as its key's name.
    const say = createTranslator(catalogueSource(locale, catalogues.get(locale)!));
    for (const entry of POLICY_FIELDS)
      for (const words of [entry.expects(say), entry.default(say), entry.description(say)]) {
        expect(words, `${locale} ${entry.key}`).not.toMatch(/^policy\w+$/);
        expect(words, `${locale} ${entry.key}`).not.toMatch(/\$/);
      }
  });

  it('say what each key takes in the interface language', () => {
    const german = createTranslator(catalogueSource('de', catalogues.get('de')!));
    expect(POLICY_FIELDS.find((entry) => entry.key === 'resultsPerClaim')!.expects(german)).toBe(
      'eine ganze Zahl von 1 bis 10',
    );
    expect(POLICY_FIELDS.find((entry) => entry.key === 'braveApiKey')!.description(german)).toBe(
      'API-Schlüssel für Brave Search; wird er gesetzt, ist Brave Search an, "" schaltet es aus.',
    );
  });
});

describe('Chrome’s managed storage schema', () => {
  type Schema = { type: string; properties: Record<string, Record<string, unknown>> };
  const schema = chromeManagedSchema(defaultTranslator()) as Schema;

  it('is a top-level object of properties without additionalProperties', () => {
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('additionalProperties');
    expect(Object.keys(schema.properties)).toEqual([...POLICY_KEYS]);
  });

  it('declares exactly one JSON type per key and no constraint Chrome would enforce silently', () => {
    for (const [key, property] of Object.entries(schema.properties)) {
      expect(['string', 'boolean', 'integer', 'array', 'object'], key).toContain(property.type);
      for (const constraint of ['enum', 'minimum', 'maximum', 'pattern', '$ref', 'required'])
        expect(property, `${key}.${constraint}`).not.toHaveProperty(constraint);
      expect(typeof property.description, key).toBe('string');
    }
    expect(schema.properties.excludedDomains).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema.properties.headers).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('describes each key in English, from the English catalogue', () => {
    expect(schema.properties.wikipedia!.description).toBe('Search Wikipedia (and Wikidata) for evidence.');
    expect(schema.properties.googleFactCheckApiKey!.description).toBe(
      'Google Fact Check Tools API key; setting it turns Google Fact Check Tools on, "" turns it off.',
    );
  });
});
