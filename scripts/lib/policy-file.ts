/**
 * `npm run check -- --policy FILE`: the organisation's policy for batch checks, in the same shape the
 * browsers take (docs/ADMINISTRATORS.md). The file may hold the policy object itself, or a whole Chrome
 * policy file (`{"3rdparty": {"extensions": {"<id>": {…}}}}`) or Firefox policies.json
 * (`{"policies": {"3rdparty": {"Extensions": {"<gecko id>": {…}}}}}`), so the file deployed to the browsers
 * can be used as it is. Keys are checked one by one, as in the extension.
 */
import { readFileSync } from 'node:fs';

import { parsePolicy, type Policy } from '../../lib/settings/policy';
import { CHROME_EXTENSION_ID, GECKO_ID } from '../build/extension-identity';

type Json = Record<string, unknown>;

const objectAt = (value: unknown, ...path: string[]): Json | undefined => {
  let at: unknown = value;
  for (const step of path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as Json)[step];
  }
  return typeof at === 'object' && at !== null && !Array.isArray(at) ? (at as Json) : undefined;
};

/** Factlight's part of a policy document: under our Chrome id or gecko id when it is a browser's file. */
export function policyPart(document: unknown): unknown {
  const chrome = objectAt(document, '3rdparty', 'extensions');
  if (chrome) return chrome[CHROME_EXTENSION_ID] ?? {};
  const firefox = objectAt(document, 'policies', '3rdparty', 'Extensions');
  if (firefox) return firefox[GECKO_ID] ?? {};
  return document;
}

/** The policy in a file; an unreadable file or one that is not JSON throws, saying which and why. */
export function readPolicyFile(path: string): Policy {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`Cannot read the policy ${path}: ${code === 'ENOENT' ? 'no such file' : String(error)}.`, {
      cause: error,
    });
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`The policy ${path} is not JSON: ${(error as Error).message}.`, { cause: error });
  }
  return parsePolicy(policyPart(document));
}
