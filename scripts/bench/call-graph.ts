import { canonicalUrl } from '../../lib/core/evidence/sources/url-filter';
import type { CheckResult } from '../../lib/core/pipeline-types';
import { callDurationMs, type LatencyProfile, tokenTimeMs } from '../lib/servers';
import type { Call } from './ideal-schedule';
import { type LoggedCall, promptBlock } from './model-call-log';

/**
 * Factlight's call graph for a finished check, each model call with its latency under `profile` (from the
 * tokens it wrote, `log`): claim batches, streamed (each claim's searches start once its queries are written)
 * → one search per claim and provider query → page reads (each URL once, after the first search that found
 * it) → one verification per claim → revisions and the explanations' scoring (after all verdicts) and
 * source types (after all pages).
 */
export function factlightCallGraph(
  result: CheckResult,
  log: readonly LoggedCall[],
  profile: LatencyProfile,
  shape: { searchesPerClaim: number },
): Call[] {
  const calls: Call[] = [];
  const model = (id: string, entry: LoggedCall | undefined, after: Call['after']) =>
    calls.push({ id, pool: 'model', after, durationMs: callDurationMs(profile, entry?.outputTokens ?? 0) });
  const claimCall = new Map<string, { id: string; atMs: number }>();
  const claimSearchable = new Map<string, { id: string; atMs: number }>();
  log
    .filter((entry) => entry.name === 'atomic_claims')
    .forEach((entry, b) => {
      model(`claims${b}`, entry, []);
      for (const [claimId, tokens] of entry.claimEnds ?? [])
        claimCall.set(claimId, { id: `claims${b}`, atMs: tokenTimeMs(profile, tokens) });
      for (const [claimId, tokens] of entry.claimSearchable ?? [])
        claimSearchable.set(claimId, { id: `claims${b}`, atMs: tokenTimeMs(profile, tokens) });
    });
  // Verifications by claim text (a text may be judged more than once).
  const verifications = new Map<string, LoggedCall[]>();
  for (const entry of log.filter((e) => e.name === 'claim_verification')) {
    const text = promptBlock(entry.userText, 'CLAIM') ?? '';
    verifications.set(text, [...(verifications.get(text) ?? []), entry]);
  }
  const pageCall = new Map<string, string>();
  const verifies: string[] = [];
  for (const claim of result.claims.filter((c) => c.checkWorthy)) {
    const written = claimCall.get(claim.id);
    if (!written) continue;
    const searchable = claimSearchable.get(claim.id) ?? written;
    const searches = Array.from({ length: shape.searchesPerClaim }, (_, s) => `search:${claim.id}:${s}`);
    for (const id of searches) calls.push({ id, pool: 'search', after: [searchable] });
    const urls = new Set(
      result.evidence
        .filter((e) => e.claimId === claim.id && (e.origin === 'page' || e.origin === 'snippet'))
        .map((e) => canonicalUrl(e.source.url)),
    );
    const pages: string[] = [];
    for (const url of urls) {
      if (!pageCall.has(url)) {
        pageCall.set(url, `page:${url}`);
        calls.push({ id: `page:${url}`, pool: 'page', after: searches });
      }
      pages.push(pageCall.get(url)!);
    }
    if (result.evidence.some((e) => e.claimId === claim.id)) {
      // Judged once its evidence is in and the claim is whole (recorded before its evidence and verdict).
      model(`verify:${claim.id}`, verifications.get(claim.text)?.shift(), [...searches, ...pages, written]);
      verifies.push(`verify:${claim.id}`);
    }
  }
  const last = (name: string) => log.filter((e) => e.name === name).at(-1);
  if (result.revisions.length > 0) model('revise', last('minimal_revisions'), verifies);
  if (result.usage.byStage['source-types']?.calls) model('source-types', last('source_types'), [...pageCall.values()]);
  // Fast mode scores the explanations as soon as every verdict is in, beside the revisions.
  if (result.usage.byStage.explain?.calls && !result.usage.byStage.debate?.calls)
    model('explain', last('explanation_quality'), verifies);
  return calls;
}
