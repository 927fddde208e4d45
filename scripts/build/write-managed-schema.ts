/**
 * Writes public/managed-schema.json, Chrome's `storage.managed_schema`, from the policy keys in
 * lib/settings/policy-fields.ts: `npx tsx scripts/build/write-managed-schema.ts` after changing them.
 * tests/unit/scripts/build/write-managed-schema.test.ts fails while the file and the keys differ.
 *
 * The descriptions come from the English catalogue, whatever language the context speaks: Chrome reads the
 * schema as one static file (no `__MSG_` in it, unlike the manifest) and shows it only to administrators
 * (developer.chrome.com/docs/extensions/mv3/manifest/storage), whose docs are English.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { chromeManagedSchema } from '../../lib/settings/policy-fields';
import { defaultTranslator } from '../lib/node-messages';

export const MANAGED_SCHEMA_PATH = resolve(import.meta.dirname, '../../public/managed-schema.json');

/** The file's text: the schema as JSON, two-space indented, as Prettier leaves it. */
export function managedSchemaText(): string {
  return `${JSON.stringify(chromeManagedSchema(defaultTranslator()), null, 2)}\n`;
}

if (process.argv[1] === import.meta.filename) writeFileSync(MANAGED_SCHEMA_PATH, managedSchemaText());
