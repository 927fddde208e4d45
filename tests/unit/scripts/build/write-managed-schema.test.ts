import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { MANAGED_SCHEMA_PATH, managedSchemaText } from '../../../../scripts/build/write-managed-schema';

describe('public/managed-schema.json', () => {
  it('is the schema of the policy keys (else run: npx tsx scripts/build/write-managed-schema.ts)', () => {
    expect(readFileSync(MANAGED_SCHEMA_PATH, 'utf8')).toBe(managedSchemaText());
  });
});
