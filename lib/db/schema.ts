import { Dexie, type EntityTable } from 'dexie';
import type { CacheRecord, CheckRecord, ClaimRecord, EvidenceRecord, SentenceRecord } from './entities';

/**
 * The one Dexie schema of Factlight. Every version lists only the tables it changes and carries an
 * `.upgrade()` when data must move; each version has a frozen example database under
 * tests/unit/db/fixtures/ and is upgraded to the latest by tests/unit/db/migrations.test.ts.
 *
 * Only queried fields are indexed: ids, foreign keys, time, status, site and the input hash.
 */
export const DATABASE_NAME = 'factlight';

/** Version 1 stores, exported so tests can build a frozen v1 database from the very same declaration. */
export const V1_STORES = {
  checks: 'id, createdAt, updatedAt, status, site, inputHash',
  sentences: 'id, checkId',
  claims: 'id, checkId, sentenceId',
  evidence: 'id, checkId, claimId',
  cache: 'id, kind, expiresAt',
} as const;

export const LATEST_VERSION = 1;

export class FactlightDb extends Dexie {
  checks!: EntityTable<CheckRecord, 'id'>;
  sentences!: EntityTable<SentenceRecord, 'id'>;
  claims!: EntityTable<ClaimRecord, 'id'>;
  evidence!: EntityTable<EvidenceRecord, 'id'>;
  cache!: EntityTable<CacheRecord, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    this.version(1).stores(V1_STORES);
  }
}
