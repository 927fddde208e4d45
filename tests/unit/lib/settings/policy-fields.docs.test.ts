/**
 * docs/ADMINISTRATORS.md is where administrators learn the policy keys: every key of the policy language is in
 * its table, with the type Chrome's schema declares and the key's words from the English catalogue (what it
 * takes, its default, what it does), and the README points to it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { describe, expect, it } from 'vitest';

import { POLICY_FIELDS } from '../../../../lib/settings/policy-fields';
import { defaultTranslator } from '../../../../scripts/lib/node-messages';

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

  it('says what each key takes, its default and what it does in the English catalogue’s words', () => {
    const english = defaultTranslator();
    const rows = new Map(
      admins
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |`| \|$/g, '')))
        .map(([key, , ...words]) => [key, words]),
    );
    for (const field of POLICY_FIELDS)
      expect(rows.get(field.key), field.key).toEqual([
        field.expects(english),
        field.default(english),
        field.description(english),
      ]);
  });

  it('is linked from the README', () => {
    expect(readFileSync(resolve(root, 'README.md'), 'utf8')).toContain('docs/ADMINISTRATORS.md');
  });
});
