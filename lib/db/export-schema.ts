/**
 * The JSON export format, version 1, validated on import. Imported files are untrusted: every field is
 * checked against the records' own types (the `z.ZodType<…>` annotations make the compiler prove the
 * schema matches them), unknown fields are dropped, and offsets must point inside the check's text.
 */
import { z } from 'zod';

import { composedEnglish } from '../core/composed-english';
import type { ComposedEvidence } from '../core/composed-evidence';
import type { SearchProviderId } from '../core/ports';
import type { LinkAudit } from '../core/quality/links/types';
import type { Headline, VerdictCounts } from '../core/score/headline';
import {
  type Claim,
  type ClaimAssessment,
  type ClaimQueries,
  type Evidence,
  type EvidenceOrigin,
  EXPLANATION_CODES,
  RATIONALE_CODES,
  type Revision,
  type Sentence,
  SOURCE_TYPES,
  type StageName,
} from '../core/types';
import type { HeadlineWords } from '../view/headline-words';
import type { CheckRecord, ClaimRecord } from './entities';
import { buildQualitySchemas } from './export-quality-schema';

export const EXPORT_FORMAT = 'factlight-checks';
/** Bumped when the format changes incompatibly; older files then need a migration here. */
export const EXPORT_VERSION = 1;

/** A check's summary row as exported: `searchWords` is derived, so it is recomputed on import. */
export type ExportedCheckRecord = Omit<CheckRecord, 'searchWords'>;
/** A sentence without its record id (rebuilt from the check id on import). */
export type ExportedSentence = Sentence & { kind?: string };
/** A claim with its search queries and assessment, when they exist. */
export type ExportedClaim = Omit<ClaimRecord, 'id' | 'checkId'>;
/** One check and all its parts. */
export interface ExportedCheck {
  check: ExportedCheckRecord;
  sentences: ExportedSentence[];
  claims: ExportedClaim[];
  evidence: Evidence[];
  revisions: Revision[];
  /** The link audit; absent in files from before it existed. */
  links?: LinkAudit[];
  /** The first line a person reads, every source counted; absent in files from before it existed. */
  headline?: ExportedHeadline;
}
/**
 * The headline in an export: its words and colour, the counts it leads with, the average it shows as a
 * second figure (0..1), and why claims could not be judged when some could not. Its words are the English
 * catalogue's (lib/view/headline-words.ts), the file's machine-readable form, whatever the interface language
 * (the codes the views word are not exported).
 */
export type ExportedHeadline = Pick<Headline, 'state' | 'band' | 'worst'> &
  Omit<HeadlineWords, 'leftOut'> & {
    counts: VerdictCounts;
    averageSupport: number | null;
    failure?: string;
    /** The run's warnings in English words (the check row lists coded ones by their key). */
    warnings?: string[];
  };
/** The whole file. */
export interface ChecksExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  checks: ExportedCheck[];
}

const PROVIDERS = [
  'wikipedia',
  'searxng',
  'serper',
  'tavily',
  'brave',
  'exa',
  'google-factcheck',
  'wikidata',
] as const satisfies ReadonlyArray<SearchProviderId | 'wikidata'>;
const STAGES = [
  'sentences',
  'claims',
  'queries',
  'search',
  'pages',
  'passages',
  'source-types',
  'verify',
  'revise',
  'links',
  'explain',
  'debate',
] as const satisfies readonly StageName[];
/**
 * A code of words Factlight writes itself (an explanation, a rationale): kept when this build knows it, so it is
 * worded from our own catalogue (the file's text is never rendered as words of ours); anything else is dropped, not
 * refused, and the English stored beside it is shown. An error code or a warning's is not taken (see
 * docs/i18n/README.md): those carry parameters from the file.
 */
function knownCode<const Codes extends readonly [string, ...string[]]>(codes: Codes) {
  return z.enum(codes).optional().catch(undefined);
}

/** The record without the keys an unknown code left undefined, so the stored row holds no empty key. */
function withoutDropped<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T;
}

/** The origin of the evidence each composed code words. */
const COMPOSED_ORIGIN = {
  'wikidata-statement': 'knowledge-graph',
  'fact-check-review': 'fact-check',
} as const satisfies Record<ComposedEvidence['code'], EvidenceOrigin>;

/**
 * Whether a file's composed values say what its evidence says: a statement's words only over Wikidata's evidence, a
 * review's only over a fact-check's (never a page's passage), and the English Factlight writes from the values is
 * the file's English passage (and a statement's title). Otherwise a forged file could show, in Factlight's own
 * sentence, a rating or a value the passage the model read does not have.
 */
function saysThePassage(
  composed: ComposedEvidence,
  evidence: { origin: EvidenceOrigin; passage: string; source: { title: string; provider: string } },
): boolean {
  if (COMPOSED_ORIGIN[composed.code] !== evidence.origin) return false;
  // A statement is Wikidata's only (a review may come from any provider that gives a ClaimReview).
  if (composed.code === 'wikidata-statement' && evidence.source.provider !== 'wikidata') return false;
  const english = composedEnglish(composed);
  return (
    english.passage === evidence.passage && (english.title === undefined || english.title === evidence.source.title)
  );
}

/**
 * Evidence Factlight worded from structured data (`Evidence.composed`): its code and values, worded from our
 * catalogue when shown. The values are the file's; they are kept only when they say what the file's English passage
 * says (`saysThePassage`), which is what is shown without them. A code this build does not know or values of the
 * wrong shape are dropped, not refused, as `knownCode` drops an unknown code: the stored passage is shown.
 */
function composedEvidence() {
  const time = z.object({
    time: z.string().regex(/^[+-]\d+-\d{2}-\d{2}T/),
    precision: z.number().int().min(0).max(14),
  });
  const value = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: z.string().min(1) }),
    time.extend({ kind: z.literal('time') }),
    z.object({
      kind: z.literal('quantity'),
      amount: z.string().regex(/^-?\d+(\.\d+)?$/),
      unit: z.string().min(1).optional(),
    }),
    z.object({
      kind: z.literal('coordinates'),
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-360).max(360),
    }),
  ]);
  const composed: z.ZodType<ComposedEvidence> = z.discriminatedUnion('code', [
    z.object({
      code: z.literal('wikidata-statement'),
      params: z.object({
        subject: z.string().min(1),
        property: z.string().min(1),
        value,
        asOf: time.optional(),
        from: time.optional(),
        until: time.optional(),
      }),
    }),
    z.object({
      code: z.literal('fact-check-review'),
      params: z.object({
        publisher: z.string(),
        claimText: z.string(),
        textualRating: z.string(),
        claimant: z.string().min(1).optional(),
        reviewDate: z.string().min(1).optional(),
      }),
    }),
  ]);
  return composed.optional().catch(undefined);
}

const VERDICTS = [
  'supported',
  'refuted',
  'disputed',
  'not-enough-evidence',
  'could-not-check',
  'not-check-worthy',
] as const;

const COUNTED_VERDICTS = VERDICTS.filter(
  (verdict): verdict is Exclude<(typeof VERDICTS)[number], 'not-check-worthy'> => verdict !== 'not-check-worthy',
);

/**
 * A check id as Factlight makes them (`crypto.randomUUID()`; tests use short names): letters, digits, "-" and
 * "_". Child rows are keyed `${checkId}:${childId}`, so an id with ":" could name another check's rows
 * (issue 24: `<victim>:c0-0` with evidence `e0` is the victim's `<victim>:c0-0:e0`).
 */
export const CHECK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** Cross-record rules a valid check obeys, reported with the offending path. */
function checkConsistency(value: ExportedCheck, ctx: z.RefinementCtx): void {
  const length = value.check.text.length;
  const issue = (path: Array<string | number>, message: string) => ctx.addIssue({ code: 'custom', path, message });
  const inText = (s: { start: number; end: number }) => s.start <= s.end && s.end <= length;
  // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
  value.sentences.forEach((s, i) => inText(s) || issue(['sentences', i], 'offsets outside the checked text'));
  const claimIds = new Set<string>();
  value.claims.forEach((entry, i) => {
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    if (claimIds.has(entry.claim.id)) issue(['claims', i, 'claim', 'id'], `duplicate claim id "${entry.claim.id}"`);
    claimIds.add(entry.claim.id);
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    if (!inText(entry.claim.span)) issue(['claims', i, 'claim', 'span'], 'offsets outside the checked text');
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    if (entry.assessment && entry.assessment.claimId !== entry.claim.id)
      issue(['claims', i, 'assessment', 'claimId'], 'does not match the claim');
  });
  const evidenceIds = new Set<string>();
  value.evidence.forEach((item, i) => {
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    if (evidenceIds.has(item.id)) issue(['evidence', i, 'id'], `duplicate evidence id "${item.id}"`);
    evidenceIds.add(item.id);
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    if (!claimIds.has(item.claimId)) issue(['evidence', i, 'claimId'], `no claim "${item.claimId}" in this check`);
  });
}

/**
 * The whole export file's schema, built on its first use (an import): building these schemas is a noticeable part
 * of what the engine runs when it loads, and the engine loads for every check after a pause (issue 27).
 */
export function checksExportSchema(): z.ZodType<ChecksExport> {
  return (built ??= buildChecksExportSchema());
}
let built: z.ZodType<ChecksExport> | undefined;

function buildChecksExportSchema(): z.ZodType<ChecksExport> {
  const quality = buildQualitySchemas();
  const count = z.number().int().nonnegative();
  const span = z.object({ start: count, end: count });
  const stageUsage = z.object({ promptTokens: count, completionTokens: count, calls: count });

  const checkRecord: z.ZodType<ExportedCheckRecord> = z.object({
    // i18n-exempt: a damaged import's technical detail, shown as given beside zod's own (English) messages
    id: z.string().regex(CHECK_ID_PATTERN, 'a check id is 1 to 100 letters, digits, "-" or "_"'),
    createdAt: z.number(),
    updatedAt: z.number(),
    status: z.enum(['queued', 'running', 'done', 'cancelled', 'failed']),
    origin: z.enum(['selection', 'page', 'chatbot-reply', 'typed']),
    text: z.string(),
    inputHash: z.string(),
    pageUrl: z.string().optional(),
    pageTitle: z.string().optional(),
    site: z.string().optional(),
    language: z.string().optional(),
    stage: z.string().optional(),
    score: z.number().min(0).max(1).nullable().optional(),
    band: z.enum(['green', 'orange', 'red', 'grey', 'unknown', 'neutral']).optional(),
    claimsChecked: count.optional(),
    claimsTotal: count.optional(),
    verdicts: z.partialRecord(z.enum(COUNTED_VERDICTS), count).optional(),
    averagedOver: count.optional(),
    servedFromCache: z.object({ checkedAt: z.number() }).optional(),
    error: z.string().optional(),
    // Why no claim could be judged, as counts (worded when shown); its cause's English only: a cause's code is not
    // taken from a file (the views show the English then), so an imported check keeps its reason.
    failure: z
      .object({
        failed: count,
        claims: count,
        others: count,
        cause: z.object({ message: z.string(), claims: count }),
      })
      .optional(),
    progress: z.object({ sentences: count, claims: count, checkWorthy: count, verdicts: count, evidence: count }),
    usage: z
      .object({
        byStage: z.partialRecord(z.enum(STAGES), stageUsage),
        total: stageUsage,
        searchCalls: count,
        pageFetches: count,
      })
      .optional(),
    warnings: z.array(z.string()),
    stopped: z.enum(['budget', 'cancelled']).optional(),
    fresh: z.boolean().optional(),
    today: z.string().optional(),
    textAttribution: quality.attribution.optional(),
    evidenceOnly: z.boolean().optional(),
    evidenceOnlyReason: z.string().optional(),
    onDevice: z.boolean().optional(),
    judgeOf: z.string().optional(),
  });

  const sentence: z.ZodType<ExportedSentence> = span.extend({
    index: count,
    text: z.string(),
    kind: z.string().optional(),
  });

  const claim: z.ZodType<Claim> = z.object({
    id: z.string().min(1),
    sentenceIndex: count,
    text: z.string(),
    span,
    anchored: z.boolean(),
    checkWorthy: z.boolean(),
    triple: z.object({ subject: z.string(), predicate: z.string(), object: z.string() }).optional(),
  });

  const queries: z.ZodType<ClaimQueries> = z.object({
    claimId: z.string(),
    query: z.string(),
    question: z.string(),
    englishQuery: z.string().optional(),
    englishQuestion: z.string().optional(),
  });

  const assessment: z.ZodType<ClaimAssessment> = z
    .object({
      claimId: z.string(),
      verdict: z.enum(VERDICTS),
      judgements: z.array(
        z
          .object({
            evidenceId: z.string(),
            stance: z.enum(['supports', 'partially-supports', 'refutes', 'irrelevant']),
            rationale: z.string(),
            rationaleCode: knownCode(RATIONALE_CODES),
          })
          .transform(withoutDropped),
      ),
      explanation: z.string(),
      explanationCode: knownCode(EXPLANATION_CODES),
      citedEvidenceIds: z.array(z.string()),
      error: z.string().optional(),
      explaining: z.literal(true).optional(),
    })
    // "No evidence" is said only of a claim with none: a file cannot put those words over a judged claim's own.
    .transform(({ explanationCode, ...rest }) =>
      withoutDropped({
        ...rest,
        explanationCode:
          explanationCode === 'no-evidence' &&
          (rest.judgements.length > 0 ||
            rest.citedEvidenceIds.length > 0 ||
            (rest.verdict !== 'not-enough-evidence' && rest.verdict !== 'could-not-check'))
            ? undefined
            : explanationCode,
      }),
    );

  const evidence: z.ZodType<Evidence> = z
    .object({
      id: z.string().min(1),
      claimId: z.string(),
      source: z.object({
        url: z.string(),
        host: z.string(),
        title: z.string(),
        siteName: z.string().optional(),
        publishedAt: z.string().optional(),
        provider: z.enum(PROVIDERS),
        sourceType: z.enum(SOURCE_TYPES),
      }),
      passage: z.string(),
      origin: z.enum(['page', 'snippet', 'knowledge-graph', 'fact-check']),
      textFragment: z
        .object({
          start: z.string().min(1),
          end: z.string().optional(),
          prefix: z.string().optional(),
          suffix: z.string().optional(),
        })
        .optional(),
      composed: composedEvidence(),
    })
    .transform(({ composed, ...rest }) =>
      withoutDropped({ ...rest, composed: composed && saysThePassage(composed, rest) ? composed : undefined }),
    );

  const revision: z.ZodType<Revision> = z.object({
    sentenceIndex: count,
    original: z.string(),
    revised: z.string(),
    changes: z.array(z.object({ from: z.string(), to: z.string(), evidenceIds: z.array(z.string()) })),
  });

  /** The headline as exported (lib/core/score/headline.ts): for readers of the file; recomputed, never imported. */
  const exportedHeadline: z.ZodType<ExportedHeadline> = z.object({
    state: z.enum(['running', 'failed', 'judged', 'nothing-to-check', 'sources']),
    band: z.enum(['green', 'orange', 'red', 'grey', 'unknown', 'neutral']),
    worst: z.enum(COUNTED_VERDICTS).optional(),
    text: z.string(),
    word: z.string(),
    progress: z.string().optional(),
    average: z.string().optional(),
    counts: z.partialRecord(z.enum(COUNTED_VERDICTS), count),
    averageSupport: z.number().min(0).max(1).nullable(),
    failure: z.string().optional(),
    warnings: z.array(z.string()).optional(),
  });

  const exportedCheck: z.ZodType<ExportedCheck> = z
    .object({
      check: checkRecord,
      sentences: z.array(sentence),
      claims: z.array(
        z.object({
          claim,
          queries: queries.optional(),
          assessment: assessment.optional(),
          actionability: quality.actionability.optional(),
          attribution: quality.attribution.optional(),
          refinement: quality.refinement.optional(),
          search: z.object({ failures: z.array(z.string()), allFailed: z.boolean() }).optional(),
        }),
      ),
      evidence: z.array(evidence),
      revisions: z.array(revision),
      links: z.array(quality.linkAudit).optional(),
      headline: exportedHeadline.optional(),
    })
    .superRefine(checkConsistency);

  return z.object({
    format: z.literal(EXPORT_FORMAT),
    version: z.literal(EXPORT_VERSION),
    exportedAt: z.string(),
    checks: z.array(exportedCheck),
  });
}
