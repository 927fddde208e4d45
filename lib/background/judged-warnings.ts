/**
 * The warnings "Judge these sources" carries from the evidence-only check it judges (issue of the Rate/judge review):
 * only those that say why some of that evidence is missing or how it was chosen — a search source that failed, passages
 * ranked by words, and uncoded ones (checks stored before codes listed only search failures so). The others describe
 * that run, not its evidence (its cache not working, its link audit capped), and the judging run says its own.
 */
import type { RunNotice } from '../core/notices';
import type { CheckRecord } from '../db/entities';

const ABOUT_THE_EVIDENCE: ReadonlySet<RunNotice['code']> = new Set(['source-failed', 'passages-by-words']);

export interface CarriedWarnings {
  warnings: string[];
  notices?: Record<string, RunNotice>;
}

/** What the judging run lists first, with the codes of those that have one; undefined when nothing is carried. */
export function carriedWarnings(
  judged: Pick<CheckRecord, 'warnings' | 'notices'> | undefined,
): CarriedWarnings | undefined {
  if (!judged) return undefined;
  const notices: Record<string, RunNotice> = {};
  const warnings = judged.warnings.filter((warning) => {
    const notice = judged.notices?.[warning];
    if (!notice) return true;
    if (!ABOUT_THE_EVIDENCE.has(notice.code)) return false;
    notices[warning] = notice;
    return true;
  });
  if (warnings.length === 0) return undefined;
  return Object.keys(notices).length > 0 ? { warnings, notices } : { warnings };
}
