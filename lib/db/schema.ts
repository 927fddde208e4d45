/**
 * The one Dexie schema of Factlight. Every version lists only the tables it changes and carries an
 * `.upgrade()` when data must move; each version has a frozen example database under
 * tests/unit/lib/db/fixtures/ and is upgraded to the latest by tests/unit/lib/db/schema.migrations.test.ts.
 *
 * Only queried fields are indexed: ids, the check a row belongs to, time, status, site, the input hash
 * and the history search words.
 */
import { Dexie, type EntityTable } from 'dexie';

import { DATABASE_NAME, DATABASE_VERSION } from './database-name';
import type {
  CacheRecord,
  CheckRecord,
  ClaimRecord,
  EvidenceRecord,
  LinkRecord,
  RatingRecord,
  RevisionRecord,
  SentenceRecord,
} from './entities';
import { upgradeToV2 } from './upgrades/v2-core-records';

export { DATABASE_NAME };

export const LATEST_VERSION = DATABASE_VERSION;

export class FactlightDb extends Dexie {
  checks!: EntityTable<CheckRecord, 'id'>;
  sentences!: EntityTable<SentenceRecord, 'id'>;
  claims!: EntityTable<ClaimRecord, 'id'>;
  evidence!: EntityTable<EvidenceRecord, 'id'>;
  revisions!: EntityTable<RevisionRecord, 'id'>;
  links!: EntityTable<LinkRecord, 'id'>;
  ratings!: EntityTable<RatingRecord, 'id'>;
  cache!: EntityTable<CacheRecord, 'id'>;

  constructor(name: string = DATABASE_NAME) {
    super(name);
    // i18n-exempt: Dexie's index specification (key paths), code not words
    this.version(1).stores({
      checks: 'id, createdAt, updatedAt, status, site, inputHash',
      sentences: 'id, checkId',
      claims: 'id, checkId, sentenceId',
      evidence: 'id, checkId, claimId',
      cache: 'id, kind, expiresAt',
    });
    // i18n-exempt: Dexie's index specification (key paths), code not words
    this.version(2)
      .stores({
        checks: 'id, createdAt, updatedAt, status, site, inputHash, *searchWords',
        claims: 'id, checkId',
        evidence: 'id, checkId',
        revisions: 'id, checkId',
      })
      .upgrade(upgradeToV2);
    // v3 adds the link audit and explanation ratings; existing rows need nothing (new claim fields are optional).
    // i18n-exempt: Dexie's index specification (key paths), code not words
    this.version(3).stores({
      links: 'id, checkId',
      ratings: 'id, createdAt',
    });
  }
}
