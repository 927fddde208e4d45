/**
 * v1 → v2: claims, evidence and revisions hold the pipeline's own types; checks gain search words,
 * progress and warnings. v1 kept a stance on each evidence row; v2 keeps judgements in the claim's
 * assessment, so stances move there.
 */
import type { Transaction } from 'dexie';

import type { ClaimAssessment, Evidence, Judgement, Stance } from '../../core/types';
import { searchWordsFor } from '../search-words';

interface V1Check {
  id: string;
  text: string;
  pageTitle?: string;
  site?: string;
  claimsTotal?: number;
  claimsChecked?: number;
}
interface V1Sentence {
  id: string;
  index: number;
}
interface V1Claim {
  id: string;
  checkId: string;
  sentenceId: string;
  text: string;
  start: number;
  end: number;
  checkWorthy: boolean;
  verdict?: string;
}
interface V1Evidence {
  id: string;
  checkId: string;
  claimId: string;
  url: string;
  title: string;
  passage: string;
  stance?: string;
  rationale?: string;
}

/** The claim's own id inside its check: "chk-1:c0" → "c0". */
const localId = (recordId: string, checkId: string) =>
  recordId.startsWith(`${checkId}:`) ? recordId.slice(checkId.length + 1) : recordId;

/**
 * Frozen on purpose rather than core's `hostOf`: a migration must turn a v1 record into the same v2 record
 * whenever it runs, so it does not follow later changes to shared helpers.
 */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

export async function upgradeToV2(tx: Transaction): Promise<void> {
  await tx
    .table('checks')
    .toCollection()
    .modify((check: V1Check & Record<string, unknown>) => {
      check.searchWords = searchWordsFor(check.text, check.pageTitle, check.site);
      check.progress = {
        sentences: 0,
        claims: check.claimsTotal ?? 0,
        checkWorthy: check.claimsTotal ?? 0,
        verdicts: check.claimsChecked ?? 0,
        evidence: 0,
      };
      check.warnings = [];
    });

  const sentenceIndex = new Map(((await tx.table('sentences').toArray()) as V1Sentence[]).map((s) => [s.id, s.index]));
  const evidenceRows = (await tx.table('evidence').toArray()) as V1Evidence[];
  const judgementsByClaim = new Map<string, Judgement[]>();
  const newEvidence = evidenceRows.map((row) => {
    const claimId = localId(row.claimId, row.checkId);
    const evidenceId = localId(row.id, row.checkId);
    if (row.stance) {
      const list = judgementsByClaim.get(row.claimId) ?? [];
      list.push({ evidenceId, stance: row.stance as Stance, rationale: row.rationale ?? '' });
      judgementsByClaim.set(row.claimId, list);
    }
    const evidence: Evidence = {
      id: evidenceId,
      claimId,
      passage: row.passage,
      origin: 'page',
      source: { url: row.url, host: hostOf(row.url), title: row.title, provider: 'searxng', sourceType: 'other' },
    };
    return { id: row.id, checkId: row.checkId, claimId, evidence };
  });
  await tx.table('evidence').clear();
  await tx.table('evidence').bulkAdd(newEvidence);

  const claims = (await tx.table('claims').toArray()) as V1Claim[];
  await tx.table('claims').clear();
  await tx.table('claims').bulkAdd(
    claims.map((row) => {
      const claimId = localId(row.id, row.checkId);
      const judgements = judgementsByClaim.get(row.id) ?? [];
      const assessment: ClaimAssessment | undefined = row.verdict
        ? {
            claimId,
            verdict: row.verdict as ClaimAssessment['verdict'],
            judgements,
            explanation: '',
            citedEvidenceIds: judgements.map((j) => j.evidenceId),
          }
        : undefined;
      return {
        id: row.id,
        checkId: row.checkId,
        claim: {
          id: claimId,
          sentenceIndex: sentenceIndex.get(row.sentenceId) ?? 0,
          text: row.text,
          span: { start: row.start, end: row.end },
          anchored: true,
          checkWorthy: row.checkWorthy,
        },
        ...(assessment ? { assessment } : {}),
      };
    }),
  );
}
