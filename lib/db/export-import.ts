/**
 * Export and import of checks as JSON. Everything here is pure except `writeImportedChecks`, which
 * takes the database as an argument, so the background's `importChecks` handler and the tests can use it
 * without any extension API.
 */
import type { z } from 'zod';

import { errorMessage } from '../core/errors';
import { summarizeScores } from '../core/score/headline';
import { viewHeadline } from '../view/check-headline';
import { failureWords, headlineWords, type Words } from '../view/headline-words';
import { warningWords } from '../view/notice-words';
import type { CheckView } from './check-view';
import type { CheckRecord, ClaimRecord, EvidenceRecord, LinkRecord, RevisionRecord, SentenceRecord } from './entities';
import {
  type ChecksExport,
  checksExportSchema,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedCheck,
  type ExportedHeadline,
} from './export-schema';
import { englishImportProblem, type ImportProblem } from './import-problems';
import type { FactlightDb } from './schema';
import { searchWordsFor } from './search-words';

export { exportCheckMarkdown, exportChecksMarkdown } from './export-markdown';

/** Serialises checks with every record (check, sentences, claims with queries and assessments,
 * evidence, revisions), so that an import restores exactly what `loadCheckView` returned. */
/** `english`: the English catalogue's words (`loadDefaultTranslator`, Node's `defaultTranslator`) for the headline. */
export function exportChecksJson(views: readonly CheckView[], english: Words, now: Date = new Date()): string {
  const file: ChecksExport = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    checks: views.map((view) => toExported(view, english)),
  };
  return JSON.stringify(file, null, 2);
}

function toExported(view: CheckView, english: Words): ExportedCheck {
  // A draft's `unsettled` mark is this browser's bookkeeping (check-intake.ts), not part of the check.
  const { searchWords: _derived, unsettled: _draft, ...check } = view.check;
  return {
    check,
    sentences: view.sentences.map(({ id: _id, checkId: _checkId, ...sentence }) => sentence),
    claims: view.claims.map((claim) => ({
      claim,
      ...(view.queries.has(claim.id) ? { queries: view.queries.get(claim.id)! } : {}),
      ...(view.assessments.has(claim.id) ? { assessment: view.assessments.get(claim.id)! } : {}),
      ...(view.actionability.has(claim.id) ? { actionability: view.actionability.get(claim.id)! } : {}),
      ...(view.attribution.has(claim.id) ? { attribution: view.attribution.get(claim.id)! } : {}),
      ...(view.refinements.has(claim.id) ? { refinement: view.refinements.get(claim.id)! } : {}),
      ...(view.searches.has(claim.id) ? { search: view.searches.get(claim.id)! } : {}),
    })),
    evidence: view.evidence,
    revisions: view.revisions,
    links: view.links,
    headline: exportedHeadline(view, english),
  };
}

/** The headline with every source counted, as the Markdown report and the history show it, in English. */
function exportedHeadline(view: CheckView, english: Words): ExportedHeadline {
  const { headline, scores, failureSummary } = viewHeadline(view);
  const failure = failureSummary ? failureWords(failureSummary, failureSummary.cause.message, english) : undefined;
  const { leftOut: _none, ...words } = headlineWords(headline, english);
  const summary = summarizeScores(scores.claims.values());
  return {
    state: headline.state,
    band: headline.band,
    ...(headline.worst ? { worst: headline.worst } : {}),
    ...words,
    counts: view.check.evidenceOnly ? {} : summary.counts,
    averageSupport: view.check.evidenceOnly ? null : summary.average,
    ...(failure
      ? { failure }
      : view.check.status === 'failed' && view.check.error
        ? { failure: view.check.error }
        : {}),
    ...(view.check.warnings.length > 0 ? { warnings: warningWords(view.check, english) } : {}),
  };
}

/** One imported check as database rows, ids derived from the check's id. */
export interface ImportedCheck {
  check: CheckRecord;
  sentences: SentenceRecord[];
  claims: ClaimRecord[];
  evidence: EvidenceRecord[];
  revisions: RevisionRecord[];
  links: LinkRecord[];
}

/** The rows to write, or why the file cannot be imported. */
export type ParsedChecksImport =
  { ok: true; checks: ImportedCheck[] } | { ok: false; error: string; problem: ImportProblem };

/** The failure for `problem`: its code, and its English words in `error` (lib/db/import-problems.ts). */
function refused(problem: ImportProblem): ParsedChecksImport {
  return { ok: false, error: englishImportProblem(problem), problem };
}

/**
 * Validates an export file and turns it into database rows; on failure, `problem` says what is wrong as a code
 * (worded where shown) and `error` in plain English words.
 */
export function parseChecksImport(json: string): ParsedChecksImport {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (error) {
    return refused({ code: 'not-json', detail: errorMessage(error) });
  }
  const header = typeof raw === 'object' && raw !== null ? (raw as { format?: unknown; version?: unknown }) : {};
  if (header.format !== EXPORT_FORMAT) return refused({ code: 'not-an-export', format: EXPORT_FORMAT });
  if (header.version !== EXPORT_VERSION) {
    const found = JSON.stringify(header.version) ?? 'none';
    return refused({ code: 'unsupported-version', found, version: EXPORT_VERSION });
  }
  const parsed = checksExportSchema().safeParse(raw);
  if (!parsed.success) return refused({ code: 'damaged', issues: describeIssues(parsed.error) });
  return { ok: true, checks: parsed.data.checks.map(toRecords) };
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}.`;
}

/** Rows for one exported check. Child ids and `checkId` are rebuilt from the check's own id, so a file
 * cannot slip rows into another check. */
function toRecords(exported: ExportedCheck): ImportedCheck {
  const source = exported.check;
  const checkId = source.id;
  // An imported check has no run behind it; left "running", resumeChecks would start it again and spend
  // the user's tokens on someone else's file. It keeps its results and reads as cancelled.
  const unfinished = source.status === 'queued' || source.status === 'running';
  const check: CheckRecord = {
    ...source,
    ...(unfinished ? { status: 'cancelled' as const, stopped: 'cancelled' as const } : {}),
    searchWords: searchWordsFor(source.text, source.pageTitle, source.site),
  };
  return {
    check,
    sentences: exported.sentences.map((sentence) => ({ ...sentence, id: `${checkId}:s${sentence.index}`, checkId })),
    claims: exported.claims.map((entry) => ({ id: `${checkId}:${entry.claim.id}`, checkId, ...entry })),
    evidence: exported.evidence.map((evidence) => ({
      id: `${checkId}:${evidence.id}`,
      checkId,
      claimId: evidence.claimId,
      evidence,
    })),
    revisions: exported.revisions.map((revision) => ({
      id: `${checkId}:r${revision.sentenceIndex}`,
      checkId,
      revision,
    })),
    links: (exported.links ?? []).map((audit) => ({ id: `${checkId}:${audit.linkId}`, checkId, audit })),
  };
}

/**
 * Adds the imported checks whose ids are not in the database yet, in one transaction (all or nothing);
 * checks already present, or repeated in the file, are skipped and left untouched, and no row of another
 * check is ever replaced.
 */
export async function writeImportedChecks(
  db: FactlightDb,
  parsed: { checks: readonly ImportedCheck[] },
): Promise<{ imported: number; skipped: number }> {
  return db.transaction('rw', [db.checks, db.sentences, db.claims, db.evidence, db.revisions, db.links], async () => {
    const existing = await db.checks.bulkGet(parsed.checks.map((entry) => entry.check.id));
    const seen = new Set<string>();
    const fresh = parsed.checks.filter((entry, i) => {
      if (existing[i] || seen.has(entry.check.id)) return false;
      seen.add(entry.check.id);
      return true;
    });
    await db.checks.bulkAdd(fresh.map((entry) => entry.check));
    // Rows left behind by an earlier, interrupted delete of the same id belong to no check: they go first.
    // Then every row is added, never put: a row that exists already (another check's) fails the whole import
    // instead of being overwritten.
    const ids = fresh.map((entry) => entry.check.id);
    const children = [db.sentences, db.claims, db.evidence, db.revisions, db.links] as const;
    for (const table of children) await table.where('checkId').anyOf(ids).delete();
    await db.sentences.bulkAdd(fresh.flatMap((entry) => entry.sentences));
    await db.claims.bulkAdd(fresh.flatMap((entry) => entry.claims));
    await db.evidence.bulkAdd(fresh.flatMap((entry) => entry.evidence));
    await db.revisions.bulkAdd(fresh.flatMap((entry) => entry.revisions));
    await db.links.bulkAdd(fresh.flatMap((entry) => entry.links));
    return { imported: fresh.length, skipped: parsed.checks.length - fresh.length };
  });
}
