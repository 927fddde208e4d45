import type { ActionabilityScore, AttributionResult, Refinement } from '../core/quality/explanations/types';
import type { LinkAudit } from '../core/quality/links/types';
import type { Claim, ClaimAssessment, ClaimQueries, Evidence, Revision, SearchOutcome } from '../core/types';
import type { CheckRecord, ClaimRecord, SentenceRecord } from './entities';
import type { FactlightDb } from './schema';

/** Everything a UI needs to show one check, read from the database (the UIs' only source). */
export interface CheckView {
  check: CheckRecord;
  sentences: SentenceRecord[];
  claims: Claim[];
  queries: Map<string, ClaimQueries>;
  assessments: Map<string, ClaimAssessment>;
  evidence: Evidence[];
  revisions: Revision[];
  /** The links the text cites, in text order, with what the audit found. */
  links: LinkAudit[];
  actionability: Map<string, ActionabilityScore>;
  attribution: Map<string, AttributionResult>;
  refinements: Map<string, Refinement>;
  /** By claim: the sources that failed while its evidence was searched (claims where one did). */
  searches: Map<string, SearchOutcome>;
}

/** Loads a check with its parts, ordered as in the text; undefined when it does not exist. */
export async function loadCheckView(db: FactlightDb, checkId: string): Promise<CheckView | undefined> {
  return db.transaction('r', [db.checks, db.sentences, db.claims, db.evidence, db.revisions, db.links], async () => {
    const check = await db.checks.get(checkId);
    if (!check) return undefined;
    const [sentences, claimRows, evidenceRows, revisionRows, linkRows] = await Promise.all([
      db.sentences.where('checkId').equals(checkId).toArray(),
      db.claims.where('checkId').equals(checkId).toArray(),
      db.evidence.where('checkId').equals(checkId).toArray(),
      db.revisions.where('checkId').equals(checkId).toArray(),
      db.links.where('checkId').equals(checkId).toArray(),
    ]);
    sentences.sort((a, b) => a.index - b.index);
    const claims = claimRows
      .map((row) => row.claim)
      .sort(
        (a, b) =>
          a.sentenceIndex - b.sentenceIndex ||
          a.span.start - b.span.start ||
          a.id.localeCompare(b.id, undefined, { numeric: true }),
      );
    const evidenceOrder = (id: string) => Number(/:e(\d+)$/.exec(id)?.[1] ?? 0);
    return {
      check,
      sentences,
      claims,
      queries: byClaimId(claimRows, 'queries'),
      assessments: byClaimId(claimRows, 'assessment'),
      evidence: evidenceRows
        .map((row) => row.evidence)
        .sort(
          (a, b) =>
            a.claimId.localeCompare(b.claimId, undefined, { numeric: true }) ||
            evidenceOrder(a.id) - evidenceOrder(b.id),
        ),
      revisions: revisionRows.map((row) => row.revision).sort((a, b) => a.sentenceIndex - b.sentenceIndex),
      links: linkRows
        .map((row) => row.audit)
        .sort((a, b) => a.linkId.localeCompare(b.linkId, undefined, { numeric: true })),
      actionability: byClaimId(claimRows, 'actionability'),
      attribution: byClaimId(claimRows, 'attribution'),
      refinements: byClaimId(claimRows, 'refinement'),
      searches: byClaimId(claimRows, 'search'),
    };
  });
}

type ClaimPart = 'queries' | 'assessment' | 'actionability' | 'attribution' | 'refinement' | 'search';

/** One optional part of each claim row, keyed by claim id; rows without it are left out. */
function byClaimId<K extends ClaimPart>(rows: ClaimRecord[], part: K): Map<string, NonNullable<ClaimRecord[K]>> {
  const map = new Map<string, NonNullable<ClaimRecord[K]>>();
  for (const row of rows) {
    const value = row[part];
    if (value) map.set(row.claim.id, value);
  }
  return map;
}
