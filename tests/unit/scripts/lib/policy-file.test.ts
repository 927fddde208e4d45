/**
 * `npm run check -- --policy FILE` reads the same policy as the browsers: the object itself, or a whole
 * Chrome policy file or Firefox policies.json, from which Factlight's part is taken.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { policyWarningText } from '../../../../lib/settings/policy-warnings';
import { CHROME_EXTENSION_ID, GECKO_ID } from '../../../../scripts/build/extension-identity';
import { policyPart, readPolicyFile } from '../../../../scripts/lib/policy-file';

const ours = { baseUrl: 'https://llm.acme.example/v1', wikipedia: false };
const dir = mkdtempSync(join(tmpdir(), 'factlight-policy-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('a policy file', () => {
  it('may be the policy itself, a Chrome policy file or Firefox policies.json', () => {
    expect(policyPart(ours)).toEqual(ours);
    expect(
      policyPart({ '3rdparty': { extensions: { [CHROME_EXTENSION_ID]: ours, otherextensionid: { x: 1 } } } }),
    ).toEqual(ours);
    expect(policyPart({ policies: { '3rdparty': { Extensions: { [GECKO_ID]: ours } } } })).toEqual(ours);
    // A browser's file that names only other extensions holds nothing for Factlight.
    expect(policyPart({ policies: { '3rdparty': { Extensions: { 'other@example': ours } } } })).toEqual({});
  });

  it('is read and checked key by key', () => {
    const policy = readPolicyFile(
      file(
        'chrome.json',
        JSON.stringify({ '3rdparty': { extensions: { [CHROME_EXTENSION_ID]: { ...ours, mode: 'x' } } } }),
      ),
    );
    expect(policy.values).toMatchObject(ours);
    expect(policy.warnings.map((warning) => policyWarningText(warning))).toEqual([
      'Policy key "mode": expected fast or thorough, got "x"; your own setting is used for it.',
    ]);
  });

  it('says which file cannot be read and why', () => {
    expect(() => readPolicyFile(join(dir, 'missing.json'))).toThrow(
      /Cannot read the policy .*missing\.json: no such file/,
    );
    expect(() => readPolicyFile(file('bad.json', '{ not json'))).toThrow(/The policy .*bad\.json is not JSON/);
  });
});
