/**
 * What each background command may carry, checked by zod before its handler runs
 * (lib/background/authorized-handler.ts): types, sizes, counts, http(s) URLs and known names. Messages come
 * only from our own pages and content scripts, but a content script runs in hostile pages and its data is
 * read from them; a command that does not fit is refused with the field and what is wrong (issue 24: a
 * `javascript:` page URL, 500 citations, a 1 MB capture, `text: 42`, an unknown origin were stored or threw).
 * Unknown fields are dropped. Settings drafts are checked field by field by the settings schema in their
 * handlers (lib/settings/schema.ts); here they only have to be objects of bounded size.
 */
import '../validation/english-issues';

import * as z from 'zod/mini';

import { MAX_IMPORT_MESSAGE_CHARS } from '../db/import-limit';
import { MODEL_PRESET_IDS } from '../settings/model-presets';
import type { BackgroundCommand } from './protocol';
import { httpUrl, MAX_MESSAGE_TEXT, MAX_TITLE, MAX_URL, START_CHECK_SCHEMA } from './start-check-schema';

/** Check and rating ids: only looked up, so any short string (checks imported before ids were strict too). */
const id = z.string().check(z.minLength(1), z.maxLength(200));
const childId = z.string().check(z.minLength(1), z.maxLength(100));
const tabId = z.int().check(z.nonnegative());

// i18n-exempt: a refused command's detail, inside validateCommand's English error for developers
const TOO_LARGE = 'too large';

/** A settings draft: any object of bounded size; its fields are the settings schema's to judge. */
const draft = z
  .record(z.string().check(z.maxLength(100)), z.unknown())
  .check(z.refine((value) => JSON.stringify(value).length < 1_000_000, { message: TOO_LARGE }));
const none = z.unknown();

export const COMMAND_SCHEMAS: Record<BackgroundCommand, z.ZodMiniType> = {
  getSettings: none,
  saveSettings: draft,
  // A settings file (issue 26): the same bounded size as a draft; its fields are parsed by settings-file.ts.
  importSettings: z.object({ json: z.string().check(z.maxLength(1_000_000)) }),
  testModelConnection: z.object({ preset: z.enum(MODEL_PRESET_IDS), profile: draft }),
  testSearchConnection: z.object({
    provider: z.enum(['wikipedia', 'searxng', 'serper', 'tavily', 'brave', 'exa', 'google-factcheck']),
    baseUrl: z.optional(z.string().check(z.maxLength(MAX_URL))),
    apiKey: z.optional(z.string().check(z.maxLength(MAX_URL))),
  }),
  getStatus: none,
  startCheck: START_CHECK_SCHEMA,
  cancelCheck: z.object({ checkId: id }),
  recheck: z.object({ checkId: id }),
  judgeCheck: z.object({ checkId: id }),
  deleteChecks: z.union([
    z.object({ checkIds: z.array(id).check(z.maxLength(1_000_000)) }),
    z.object({ all: z.literal(true) }),
  ]),
  importChecks: z.object({ json: z.string().check(z.maxLength(MAX_IMPORT_MESSAGE_CHARS)) }),
  resumeChecks: none,
  // The page's offer after a too-long refusal: check the first `limit` characters (the background caps it).
  checkSelectionHere: z.optional(z.object({ limit: z.optional(z.number()) })),
  openSetup: none,
  // A content script's few message keys (issue 25): bounded count and length; unknown keys are simply absent.
  getInterfaceCatalogue: z.object({ keys: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(100)) }),
  checkPageInTab: z.object({ tabId }),
  getCaptureSettings: none,
  revealClaim: z.object({ checkId: id, claimId: childId }),
  clearPageHighlights: z.object({ checkId: id }),
  rateExplanation: z.object({
    claim: z.string().check(z.maxLength(MAX_MESSAGE_TEXT)),
    explanation: z.string().check(z.maxLength(MAX_MESSAGE_TEXT)),
    pageUrl: z.optional(httpUrl),
    pageTitle: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  }),
  resumeRatings: none,
  readPageSelection: z.object({ tabId }),
  openInSidePanel: z.object({ checkId: id, claimId: z.optional(childId) }),
  // A check's claims: the spans a page draws are at most the claims of a text the size limit allows.
  pagePlaced: z.object({
    checkId: id,
    notFound: z.array(childId).check(z.maxLength(10_000)),
    total: z.int().check(z.nonnegative(), z.maximum(10_000)),
  }),
};

/** The command's data as its schema keeps it, or an error that names each wrong field. */
export function validateCommand(command: BackgroundCommand, data: unknown): unknown {
  const parsed = COMMAND_SCHEMAS[command].safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(message)'}: ${issue.message}`);
  throw new Error(`Refused "${command}": ${problems.join('; ')}.`);
}
