/**
 * A `startCheck`'s data checked without zod, for the check intake (lib/background/check-intake.ts, issue 27). The
 * intake runs in a worker that has just woken, where building the zod schema (start-check-schema.ts) took ~1 ms of
 * the first check's wait and zod made its script twice as large. For data shaped as a runtime message is (JSON: plain
 * objects and arrays), it takes in only what the schema accepts unchanged (tests/unit/lib/messaging/
 * start-check-shape.test.ts holds it to the schema on 10,000 variations and every limit); anything else, a key the
 * schema does not name, a key present but undefined, an object that is not a plain one, is left to the router, which
 * checks it with the schema and says why it refuses.
 */
import type { StartCheckRequest } from './protocol';
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

type Check = (value: unknown) => boolean;

const string =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.length <= max;
const literal =
  (word: string): Check =>
  (value) =>
    value === word;
const httpAddress: Check = (value) => string(MAX_URL)(value) && isHttpAddress(value as string);
/** An offset in the checked text, or -1 when unknown (zod's `int`: a safe integer). */
const offset: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= -1 && (value as number) <= MAX_MESSAGE_TEXT;
/** A place in the page's whole text, or -1. */
const pageOffset: Check = (value) =>
  Number.isSafeInteger(value) && (value as number) >= -1 && (value as number) <= MAX_PAGE_OFFSET;

/** An array of at most `max` items, each one as `item` says (a hole is an undefined item). */
const arrayOf =
  (max: number, item: Check): Check =>
  (value) => {
    if (!Array.isArray(value) || value.length > max) return false;
    for (let index = 0; index < value.length; index++) if (!item(value[index])) return false;
    return true;
  };

/**
 * A plain object (as JSON makes one: nothing inherited to read a key from) with the `required` keys and some of the
 * `optional` ones, each as its check says, and no other key.
 */
const object =
  (required: Record<string, Check>, optional: Record<string, Check> = {}): Check =>
  (value) => {
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record))
      if (!Object.hasOwn(required, key) && !Object.hasOwn(optional, key)) return false;
    for (const [key, check] of Object.entries(required))
      if (!Object.hasOwn(record, key) || !check(record[key])) return false;
    for (const [key, check] of Object.entries(optional))
      if (Object.hasOwn(record, key) && !check(record[key])) return false;
    return true;
  };

const capture = object(
  {
    quote: object(
      { type: literal('TextQuoteSelector'), exact: string(MAX_MESSAGE_TEXT) },
      { prefix: string(MAX_TITLE), suffix: string(MAX_TITLE) },
    ),
    position: object({ type: literal('TextPositionSelector'), start: pageOffset, end: pageOffset }),
  },
  { map: object({ type: literal('TextMapSelector'), runs: arrayOf(MAX_MAP_RUNS, offset) }) },
);

const citation = object(
  { url: httpAddress, start: offset, end: offset },
  { title: string(MAX_TITLE), quote: string(MAX_TITLE) },
);

const startCheck = object(
  { text: string(MAX_MESSAGE_TEXT), origin: (value) => (START_ORIGINS as readonly unknown[]).includes(value) },
  {
    pageUrl: httpAddress,
    pageTitle: string(MAX_TITLE),
    fresh: (value) => typeof value === 'boolean',
    capture,
    messageId: string(MAX_MESSAGE_ID),
    citations: arrayOf(MAX_CITATIONS, citation),
  },
);

/** `data` as a `startCheck` request when the schema takes it as it is; undefined leaves it to the router. */
export function startCheckShape(data: unknown): StartCheckRequest | undefined {
  return startCheck(data) ? (data as StartCheckRequest) : undefined;
}
