/**
 * The link audit of one check: retrieve every distinct link (a few at a time, each URL once, cached),
 * then judge them all in one model call. One bad link never stops the others.
 */
import pLimit from 'p-limit';

import { isCancellation, ProviderError } from '../../errors';
import type { ModelCallContext } from '../../model/structured-call';
import type { Cache } from '../../ports';
import { causeOf } from '../../stage-notices';
import type { Sentence } from '../../types';
import { isJudgeable, judgeLinks } from './judge-links';
import { englishLinkReason, type LinkReason } from './link-reasons';
import { type LinkRetrievalDeps, retrieveLink } from './retrieve-link';
import type { CitedLink, LinkAudit, LinkRetrieval } from './types';

export interface LinkAuditDeps extends LinkRetrievalDeps {
  /**
   * Keeps retrievals (kind 'page', keys prefixed `link:`), so a re-check fetches nothing again. A run's never throws
   * (run-context.ts).
   */
  cache?: Cache;
}

/** Progress of an audit: each retrieval as it completes, then the judging call. */
export type LinkAuditEvent =
  | { type: 'retrieved'; linkIds: string[]; retrieval: LinkRetrieval; done: number; total: number }
  | { type: 'judging'; links: number };

export interface AuditLinksOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Links retrieved at once; default 4. */
  concurrency?: number;
  /** Ignore cached retrievals (a "Re-check"). */
  fresh?: boolean;
  /** BCP 47 language of the checked text, for splitting pages into sentences. */
  lang?: string;
  /** The language named to the judge (`promptLanguage`), so its rationales are written in it. */
  promptLanguage?: string;
  onEvent?: (event: LinkAuditEvent) => void;
}

const DEFAULT_CONCURRENCY = 4;
/**
 * Bumped when the retrieval's shape or classification changes, to orphan old entries. 3: an unreadable page's
 * cause carries its code (`causeNotice`), so a cached one would show its English cause in every language.
 */
const CACHE_VERSION = 3;
/** A page that was read stays valid for a week, as evidence pages do (read-pages.ts). */
const READ_TTL_MS = 7 * 24 * 3600 * 1000;
/** A failure is remembered only briefly: sites come back, rate limits end. */
const FAILED_TTL_MS = 3600 * 1000;

/** One retrieval per URL and quote: a link's fragment or reply quote changes what is looked for. */
function retrievalKey(link: CitedLink): string {
  return `link:v${CACHE_VERSION}:${link.url}${link.quote ? ` quote:${link.quote}` : ''}`;
}

async function remember(cache: Cache | undefined, key: string, retrieval: LinkRetrieval): Promise<void> {
  const read = retrieval.text !== undefined || retrieval.status === 'not-text' || retrieval.doi?.registered === false;
  await cache?.set('page', key, retrieval, read ? READ_TTL_MS : FAILED_TTL_MS);
}

/**
 * Audits `links` (from `findLinks`) against the check's `sentences` and returns one `LinkAudit` per link,
 * in link order. The model call uses `ctx` (stage 'links'); fetches use `ctx.signal`. Throws only
 * `ProviderError('cancelled')` when the check is cancelled during retrieval.
 */
export async function auditLinks(
  ctx: ModelCallContext,
  deps: LinkAuditDeps,
  links: readonly CitedLink[],
  sentences: readonly Sentence[],
  options: AuditLinksOptions,
): Promise<LinkAudit[]> {
  if (links.length === 0) return [];
  const groups = new Map<string, CitedLink[]>();
  for (const link of links) {
    const key = retrievalKey(link);
    groups.set(key, [...(groups.get(key) ?? []), link]);
  }

  const limit = pLimit(Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY));
  const total = groups.size;
  let done = 0;
  const retrieve = async (key: string, group: CitedLink[]): Promise<[string, LinkRetrieval]> => {
    const first = group[0]!;
    let retrieval = options.fresh ? undefined : await deps.cache?.get<LinkRetrieval>('page', key);
    if (!retrieval) {
      try {
        retrieval = await retrieveLink(first.url, deps, {
          timeoutMs: options.timeoutMs,
          maxBytes: options.maxBytes,
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          ...(first.quote ? { quote: first.quote } : {}),
        });
        await remember(deps.cache, key, retrieval);
      } catch (error) {
        if (isCancellation(error)) throw error;
        // i18n-exempt: a cancellation: the run stops and says so itself; this message is never shown
        if (ctx.signal?.aborted) throw new ProviderError('cancelled', 'The link audit was cancelled.');
        // retrieveLink classifies every failure of the link itself; this is a bug or a broken port.
        const reason: LinkReason = { code: 'not-followed', ...causeOf(error) };
        retrieval = { url: first.url, status: 'dead', detail: englishLinkReason(reason), reasons: [reason] };
      }
    }
    done += 1;
    options.onEvent?.({ type: 'retrieved', linkIds: group.map((link) => link.id), retrieval, done, total });
    return [key, retrieval];
  };
  const retrievals = new Map(await Promise.all([...groups].map(([key, group]) => limit(() => retrieve(key, group)))));

  const toJudge = links.map((link) => ({ link, retrieval: retrievals.get(retrievalKey(link))! }));
  options.onEvent?.({ type: 'judging', links: toJudge.filter(({ retrieval }) => isJudgeable(retrieval)).length });
  return judgeLinks(ctx, toJudge, sentences, {
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.promptLanguage ? { promptLanguage: options.promptLanguage } : {}),
  });
}
