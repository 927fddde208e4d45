/**
 * The policy's keys and the schema Chrome is given for them: every key has one entry, the public contract
 * keys are there with their meaning, and the schema keeps to what Chrome accepts (a top-level object with
 * no additionalProperties, exactly one JSON type per property, no constraints that would make Chrome drop
 * a value silently instead of letting the extension warn).
 */
import { describe, expect, it } from 'vitest';

import {
  chromeManagedSchema,
  POLICY_FIELDS,
  POLICY_KEYS,
  SEARCH_POLICY_KEY,
} from '../../../../lib/settings/policy-fields';
import { SEARCH_PROVIDER_IDS } from '../../../../lib/settings/search-keys';

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

describe('Chrome’s managed storage schema', () => {
  const schema = chromeManagedSchema() as { type: string; properties: Record<string, Record<string, unknown>> };

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
});
