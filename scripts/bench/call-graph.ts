import type { CheckResult } from '../../lib/core/pipeline-types';
import { canonicalUrl } from '../../lib/core/sources/url-filter';
import type { Call } from './ideal-schedule';

/**
 * Factlight's call graph for a finished check: claim batches (which also write the search queries) → one
 * search per claim and provider query → page reads (each URL once, after the first search that found it) → one verification
 * per claim → revisions and the explanations' scoring (after all verdicts) and source types (after all pages).
 */
export function factlightCallGraph(result: CheckResult, shape: { claimBatches: string[][]; searchesPerClaim: number }): Call[] {
  const calls: Call[] = [];
  shape.claimBatches.forEach((_ids, b) => calls.push({ id: `claims${b}`, pool: 'model', after: [] }));
  const pageCall = new Map<string, string>();
  shape.claimBatches.forEach((ids, b) => {
    const worthy = ids.filter((id) => result.claims.find((c) => c.id === id)?.checkWorthy);
    for (const claimId of worthy) {
      const searches = Array.from({ length: shape.searchesPerClaim }, (_, s) => `search:${claimId}:${s}`);
      for (const id of searches) calls.push({ id, pool: 'search', after: [`claims${b}`] });
      const urls = new Set(result.evidence.filter((e) => e.claimId === claimId && (e.origin === 'page' || e.origin === 'snippet')).map((e) => canonicalUrl(e.source.url)));
      const pages: string[] = [];
      for (const url of urls) {
        if (!pageCall.has(url)) {
          pageCall.set(url, `page:${url}`);
          calls.push({ id: `page:${url}`, pool: 'page', after: searches });
        }
        pages.push(pageCall.get(url)!);
      }
      if (result.evidence.some((e) => e.claimId === claimId)) calls.push({ id: `verify:${claimId}`, pool: 'model', after: [...searches, ...pages] });
    }
  });
  const verifies = calls.filter((c) => c.id.startsWith('verify:')).map((c) => c.id);
  if (result.revisions.length > 0) calls.push({ id: 'revise', pool: 'model', after: verifies });
  if (result.usage.byStage['source-types']?.calls) calls.push({ id: 'source-types', pool: 'model', after: [...pageCall.values()] });
  // Fast mode scores the explanations as soon as every verdict is in, beside the revisions.
  if (result.usage.byStage.explain?.calls && !result.usage.byStage.debate?.calls) calls.push({ id: 'explain', pool: 'model', after: verifies });
  return calls;
}
