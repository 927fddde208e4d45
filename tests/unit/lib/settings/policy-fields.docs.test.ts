/**
 * docs/ADMINISTRATORS.md is where administrators learn the policy keys: every key of the policy language is in
 * its table, with the type Chrome's schema declares, and the README points to it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { POLICY_FIELDS } from '../../../../lib/settings/policy-fields';

const root = resolve(import.meta.dirname, '../../../..');
const admins = readFileSync(resolve(root, 'docs/ADMINISTRATORS.md'), 'utf8');

describe('docs/ADMINISTRATORS.md', () => {
  it('lists every policy key in its table, with its JSON type', () => {
    const rows = new Map(
      admins
        .split('\n')
        .map((line) => /^\| `([A-Za-z]+)` \| ([a-z ]+?)(?: \(secret\))? \|/.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1], match[2]]),
    );
    const types = { string: 'string', boolean: 'boolean', integer: 'integer', array: 'list of strings' };
    for (const field of POLICY_FIELDS) {
      const expected = field.chrome.type === 'object' ? 'object of strings' : types[field.chrome.type];
      expect(rows.get(field.key), field.key).toBe(expected);
    }
    expect(rows.size).toBe(POLICY_FIELDS.length);
  });

  it('is linked from the README', () => {
    expect(readFileSync(resolve(root, 'README.md'), 'utf8')).toContain('docs/ADMINISTRATORS.md');
  });
});
