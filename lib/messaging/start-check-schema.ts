/**
 * What a `startCheck` may carry (see command-schemas.ts for why commands are checked): in a module of its own because
 * the check intake (lib/background/check-intake.ts) checks it before the rest of the worker is loaded (issue 27), and
 * its script should carry this schema and no other. Its issues are worded by the English locale command-schemas.ts
 * loads: the intake never words them (what does not fit, it leaves to the router, which refuses it in words).
 */
import * as z from 'zod/mini';

/** Longer than any text a check accepts (50,000 characters), so the run manager's own message says the limit. */
export const MAX_MESSAGE_TEXT = 200_000;
// Generous limits: a real page or reply never reaches them (a refused command refuses the whole check), while
// a message built to flood the store does.
const MAX_CITATIONS = 300;
export const MAX_URL = 32_768;
export const MAX_TITLE = 10_000;

// i18n-exempt: a refused command's detail, inside validateCommand's English error for developers
const NOT_HTTP = 'must be an http(s) address';

export const httpUrl = z.string().check(
  z.maxLength(MAX_URL),
  z.refine((value) => {
    try {
      const { protocol } = new URL(value);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  }, NOT_HTTP),
);

const offset = z.int().check(z.minimum(-1), z.maximum(MAX_MESSAGE_TEXT));

const capture = z.object({
  quote: z.object({
    type: z.literal('TextQuoteSelector'),
    exact: z.string().check(z.maxLength(MAX_MESSAGE_TEXT)),
    prefix: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
    suffix: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  }),
  position: z.object({ type: z.literal('TextPositionSelector'), start: offset, end: offset }),
  // A chatbot reply's text map (issue 21): where each run of the checked text sits in the page's text. Without
  // it a reply whose page text differs from its checked text (an excluded heading) cannot be highlighted.
  map: z.optional(
    z.object({ type: z.literal('TextMapSelector'), runs: z.array(offset).check(z.maxLength(4 * MAX_MESSAGE_TEXT)) }),
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
  origin: z.enum(['selection', 'page', 'chatbot-reply', 'typed']),
  pageUrl: z.optional(httpUrl),
  pageTitle: z.optional(z.string().check(z.maxLength(MAX_TITLE))),
  fresh: z.optional(z.boolean()),
  capture: z.optional(capture),
  messageId: z.optional(z.string().check(z.maxLength(200))),
  citations: z.optional(z.array(citation).check(z.maxLength(MAX_CITATIONS))),
});
