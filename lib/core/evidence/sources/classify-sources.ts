/**
 * The source type of every evidence host: known hosts by rule, the rest by one batched model call per
 * check, remembered per host in the cache for a month (a site's nature rarely changes). This is the
 * host's type only: a page a path rule knows keeps its own (see takes-host-type.ts).
 */
import { z } from 'zod';

import { DATA_BLOCK_RULE, dataBlock } from '../../model/prompt-safety';
import { type ModelCallContext, structuredCall } from '../../model/structured-call';
import type { RunNotice } from '../../notices';
import { causeOf, stageWarning } from '../../stage-notices';
import { normaliseHost } from '../../text/hosts';
import { SOURCE_TYPES, type SourceType } from '../../types';
import { sourceTypeByHost } from './source-type-rules';

const HOST_TTL_MS = 30 * 24 * 3600 * 1000;

const typesSchema = z.object({
  hosts: z.array(z.object({ host: z.string(), type: z.enum(SOURCE_TYPES as [SourceType, ...SourceType[]]) })),
});

// i18n-exempt: a prompt sent to the model, English by design
const SYSTEM = `You classify websites by what kind of source they are, from the host name and a page title.
Types: news (news organisations and magazines), fact-check (fact-checking organisations), wiki (encyclopedias and wikis),
government (governments, public agencies, intergovernmental bodies), scientific (journals, universities, research
institutes, medical institutions), blog (personal or company blogs, newsletters), social (social networks, forums,
video platforms, Q&A sites), other (shops, company sites, anything else). Return every host. ${DATA_BLOCK_RULE}`;

/** A host (normalised, as in `EvidenceSource.host`) and the title of one of its pages, for the model. */
export interface HostSample {
  host: string;
  title: string;
}

/** Classifies every host of `samples`; returns host → type for all of them. */
export async function classifySources(
  ctx: ModelCallContext & { onWarning?: (message: string, notice: RunNotice) => void },
  samples: readonly HostSample[],
): Promise<Map<string, SourceType>> {
  const types = new Map<string, SourceType>();
  const unknown = new Map<string, HostSample>();
  for (const sample of samples) {
    const { host } = sample;
    if (!host || types.has(host) || unknown.has(host)) continue;
    const byRule = sourceTypeByHost(host);
    if (byRule) types.set(host, byRule);
    else unknown.set(host, sample);
  }
  for (const host of [...unknown.keys()]) {
    const cached = await ctx.cache?.get<SourceType>('source-type', host);
    if (cached) {
      types.set(host, cached);
      unknown.delete(host);
    }
  }
  if (unknown.size === 0) return types;

  const list = [...unknown].map(([host, sample]) => `${host} — ${sample.title.slice(0, 120)}`).join('\n');
  try {
    const { value } = await structuredCall(ctx, {
      stage: 'source-types',
      role: 'fast',
      name: 'source_types',
      schema: typesSchema,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: dataBlock('HOSTS', list) },
      ],
    });
    for (const entry of value.hosts) {
      const host = normaliseHost(entry.host);
      if (host === undefined || !unknown.has(host)) continue;
      types.set(host, entry.type);
      await ctx.cache?.set('source-type', host, entry.type, HOST_TTL_MS);
    }
  } catch (error) {
    // A failed classification must not sink the check: unclassified hosts show as "other".
    ctx.onWarning?.(...stageWarning({ code: 'source-types-not-classified', ...causeOf(error) }));
  }
  for (const host of unknown.keys()) if (!types.has(host)) types.set(host, 'other');
  return types;
}
