/**
 * What a `startCheck` may carry (see command-schemas.ts for why commands are checked), in a module of its own: the
 * check intake (lib/background/check-intake.ts) takes in only what this schema takes unchanged, checked without zod
 * in a worker that has just woken (start-check-shape.ts, held to this schema by its test; issue 27). Its issues are
 * worded by the English locale command-schemas.ts loads: the intake never words them (what does not fit, it leaves
 * to the router, which refuses it in words).
 */
import * as z from 'zod/mini';

import {
  isHttpAddress,
  MAX_CITATIONS,
  MAX_MAP_RUNS,
  MAX_MESSAGE_ID,
  MAX_MESSAGE_TEXT,
  MAX_PAGE_OFFSET,
  MAX_TITLE,
  MAX_URL,
  START_ORIGINS,
} from './start-check-limits';

export { MAX_MESSAGE_TEXT, MAX_TITLE, MAX_URL } from './start-check-limits';

// i18n-exempt: a refused command's detail, inside validateCommand's English error for developers
const NOT_HTTP = 'must be an http(s) address';

export const httpUrl = z.string().check(z.maxLength(MAX_URL), z.refine(isHttpAddress, NOT_HTTP));

const offset = z.int().check(z.minimum(-1), z.maximum(MAX_MESSAGE_TEXT));
const pageOffset = z.int().check(z.minimum(-1), z.maximum(MAX_PAGE_OFFSET));

const capture = z.object({
  quote: z.object({
    type: z.literal('TextQuoteSelector'),
    exact: z.string().check(z.maxLength(MAX_MESSAGE_TEXT)),
    prefix: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
    suffix: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  }),
  position: z.object({ type: z.literal('TextPositionSelector'), start: pageOffset, end: pageOffset }),
  // A chatbot reply's text map (issue 21): where each run of the checked text sits in the page's text. Without
  // it a reply whose page text differs from its checked text (an excluded heading) cannot be highlighted.
  map: z.optional(
    z.object({ type: z.literal('TextMapSelector'), runs: z.array(offset).check(z.maxLength(MAX_MAP_RUNS)) }),
  ),
});

const citation = z.object({
  url: httpUrl,
  title: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  start: offset,
  end: offset,
  quote: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
});

export const START_CHECK_SCHEMA = z.object({
  text: z.string().check(z.maxLength(MAX_MESSAGE_TEXT)),
  origin: z.enum(START_ORIGINS),
  pageUrl: z.optional(httpUrl),
  pageTitle: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  fresh: z.optional(z.boolean()),
  capture: z.optional(capture),
  messageId: z.optional(z.string().check(z.maxLength(MAX_MESSAGE_ID))),
  citations: z.optional(z.array(citation).check(z.maxLength(MAX_CITATIONS))),
});
