/**
 * Export-file schemas of the link audit and the explanation-quality results (issue 6 data), kept apart
 * from export-schema.ts so each file stays about one thing. The `z.ZodType<…>` annotations make the
 * compiler prove each schema matches the core's type.
 */
import { z } from 'zod';

import type { ActionabilityScore, AttributionResult, Refinement } from '../core/quality/explanations/types';
import { LINK_STATUSES, type LinkAudit } from '../core/quality/links/types';

/** Built by export-schema.ts on its first use (see there why not at load). */
export function buildQualitySchemas() {
  const count = z.number().int().nonnegative();
  const level = z.union([z.literal(0), z.literal(1), z.literal(2)]);

  const linkAudit: z.ZodType<LinkAudit> = z.object({
    linkId: z.string().min(1).max(50),
    sentenceIndex: count.nullable().optional(),
    url: z.string(),
    status: z.enum(LINK_STATUSES as [LinkAudit['status'], ...LinkAudit['status'][]]),
    detail: z.string(),
    httpStatus: z.number().int().optional(),
    finalUrl: z.string().optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    archivedUrl: z.string().optional(),
    textFragment: z.object({ quote: z.string(), found: z.boolean() }).optional(),
    doi: z.object({ doi: z.string(), registered: z.boolean(), title: z.string().optional() }).optional(),
    exists: z.boolean(),
    relevant: z.boolean().nullable(),
    supports: z.boolean().nullable(),
    rationale: z.string(),
    passage: z.string().optional(),
  });

  const actionability: z.ZodType<ActionabilityScore> = z.object({
    errorDetection: level,
    correction: level,
    links: z.number().min(0).max(2),
    total: z.number().min(0).max(6),
    outOfFive: z.number().min(0).max(5),
    errors: z.array(
      z.object({
        subClaim: z.string(),
        error: z.string(),
        correction: z.string(),
        named: z.boolean(),
        corrected: z.boolean(),
      }),
    ),
    linkScores: z.array(
      z.object({ url: z.string(), works: z.boolean(), relevant: z.boolean(), supports: z.boolean() }),
    ),
  });

  const ratio = z.number().min(0).max(1).nullable();

  const attribution: z.ZodType<AttributionResult> = z.object({
    citations: z.array(z.object({ sentenceIndex: count, citation: count, supported: z.boolean() })),
    precision: ratio,
    recall: ratio,
    f1: ratio,
  });

  const refinement: z.ZodType<Refinement> = z.object({
    claimId: z.string(),
    rounds: count,
    agreed: z.boolean(),
    feedback: z.array(z.string()),
    explanationBefore: z.string(),
    explanationAfter: z.string(),
    revisionBefore: z.string().optional(),
    revisionAfter: z.string().optional(),
  });
  return { linkAudit, actionability, attribution, refinement };
}
