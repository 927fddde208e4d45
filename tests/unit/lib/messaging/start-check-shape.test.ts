import { isDeepStrictEqual } from 'node:util';

import { describe, expect, it } from 'vitest';

import { START_CHECK_SCHEMA } from '../../../../lib/messaging/start-check-schema';
import { startCheckShape } from '../../../../lib/messaging/start-check-shape';
import { seededRandom } from '../../support/seeded-random';

/** Requests as Factlight's pages and content scripts send them. */
const REQUESTS: Record<string, unknown>[] = [
  { text: 'The Eiffel Tower is in Paris.', origin: 'typed' },
  {
    text: 'It was completed in 1889.',
    origin: 'selection',
    pageUrl: 'https://news.example.com/story?id=1',
    pageTitle: 'A story',
    fresh: true,
    capture: {
      quote: { type: 'TextQuoteSelector', exact: 'It was completed in 1889.', prefix: 'Paris. ', suffix: ' It is' },
      position: { type: 'TextPositionSelector', start: 120, end: 145 },
    },
  },
  {
    text: 'Marie Curie won two Nobel Prizes [1].',
    origin: 'chatbot-reply',
    pageUrl: 'http://chat.example.org/c/1',
    messageId: 'msg-42',
    citations: [
      { url: 'https://en.wikipedia.org/wiki/Marie_Curie', title: 'Marie Curie', start: 33, end: 36, quote: 'two' },
      { url: 'https://nobelprize.org/', start: -1, end: -1 },
    ],
    capture: {
      quote: { type: 'TextQuoteSelector', exact: 'Marie Curie won two Nobel Prizes' },
      position: { type: 'TextPositionSelector', start: 0, end: 36 },
      map: { type: 'TextMapSelector', runs: [0, 36, 40, 76] },
    },
  },
  { text: '', origin: 'page', pageTitle: '' },
];

/** Values a mutation puts in place of another: every type, the limits and just past them, the odd number. */
const VALUES: unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  -2,
  1.5,
  200_000,
  200_001,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  2 ** 53,
  '',
  'x',
  'typed',
  'TextQuoteSelector',
  'TextPositionSelector',
  'TextMapSelector',
  'https://example.com/',
  'ftp://example.com/',
  'javascript:alert(1)',
  'not a url',
  'a'.repeat(200),
  'a'.repeat(201),
  'a'.repeat(10_000),
  'a'.repeat(10_001),
  `https://example.com/${'a'.repeat(32_748)}`,
  `https://example.com/${'a'.repeat(32_749)}`,
  [],
  [0, 1],
  [1.5],
  {},
  { type: 'TextQuoteSelector', exact: 'x' },
  { url: 'https://example.com/', start: 0, end: 1 },
  Array.from({ length: 301 }, () => ({ url: 'https://example.com/', start: 0, end: 1 })),
];

/** Every object and array inside `value`, itself first. */
function containers(value: unknown): Array<Record<string, unknown> | unknown[]> {
  if (typeof value !== 'object' || value === null) return [];
  const own = Array.isArray(value) ? value : Object.values(value);
  return [value as Record<string, unknown>, ...own.flatMap(containers)];
}

/** One change somewhere in `request` (a copy): a value replaced or removed, a key added, an array item added. */
function mutate(request: unknown, next: (below: number) => number): void {
  const all = containers(request);
  const target = all[next(all.length)]!;
  // A copy: the same object put in twice (or into itself) would make the request a cycle, which no message is.
  const value = structuredClone(VALUES[next(VALUES.length)]);
  if (Array.isArray(target)) {
    if (next(3) === 0) target.push(value);
    else if (target.length > 0) target[next(target.length)] = value;
    return;
  }
  const keys = Object.keys(target);
  const choice = next(6);
  // An own key, as JSON.parse makes one (assigning "__proto__" would set the prototype instead).
  if (choice === 0)
    Object.defineProperty(target, ['extra', '__proto__', 'constructor', 'text', 'type'][next(5)]!, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else if (keys.length === 0) target.extra = value;
  else if (choice === 1) delete target[keys[next(keys.length)]!];
  else target[keys[next(keys.length)]!] = value;
}

/** Whether `value` holds a key present but undefined, which the intake leaves to the router. */
function holdsUndefined(value: unknown): boolean {
  return containers(value).some((container) => Object.values(container).some((item) => item === undefined));
}

describe('startCheckShape', () => {
  it("takes in the requests Factlight's pages send, as they are", () => {
    for (const request of REQUESTS) {
      expect(startCheckShape(request)).toBe(request);
      expect(START_CHECK_SCHEMA.safeParse(request).success).toBe(true);
    }
  });

  it('takes in only what the schema accepts unchanged, and leaves to the router only what it would strip', () => {
    const next = seededRandom(27);
    let taken = 0;
    let refusedByBoth = 0;
    let handedBack = 0;
    for (let round = 0; round < 10_000; round++) {
      const request = structuredClone(REQUESTS[next(REQUESTS.length)]!);
      for (let changes = next(4) === 0 ? 2 : 1; changes > 0; changes--) mutate(request, next);
      const parsed = START_CHECK_SCHEMA.safeParse(request);
      const shaped = startCheckShape(request);
      if (shaped) {
        taken++;
        expect(shaped).toBe(request);
        expect(parsed.success && isDeepStrictEqual(parsed.data, request), JSON.stringify(request)).toBe(true);
      } else if (parsed.success) {
        handedBack++;
        // The schema took it only by dropping a key it does not name, or with a key present but undefined.
        expect(!isDeepStrictEqual(parsed.data, request) || holdsUndefined(request), JSON.stringify(request)).toBe(true);
      } else refusedByBoth++;
    }
    // Enough of each for the comparison to mean something.
    expect(taken).toBeGreaterThan(1_000);
    expect(refusedByBoth).toBeGreaterThan(2_000);
    expect(handedBack).toBeGreaterThan(500);
  });

  it("holds the schema's limits to the item, for every bounded value", () => {
    const [typed, selected, reply] = REQUESTS as [
      Record<string, unknown>,
      Record<string, unknown>,
      Record<string, unknown>,
    ];
    const capture = reply.capture as Record<string, Record<string, unknown>>;
    const withQuote = (quote: Record<string, unknown>) => ({
      ...reply,
      capture: { ...capture, quote: { ...capture.quote, ...quote } },
    });
    const withCitation = (fields: Record<string, unknown>) => ({
      ...typed,
      citations: [{ url: 'https://example.com/', start: 0, end: 1, ...fields }],
    });
    const withPosition = (start: number) => ({
      ...selected,
      capture: { ...(selected.capture as object), position: { type: 'TextPositionSelector', start, end: start + 5 } },
    });
    const runs = (length: number) => ({
      ...reply,
      capture: { ...capture, map: { type: 'TextMapSelector', runs: Array(length).fill(0) } },
    });
    const citation = { url: 'https://example.com/', start: 0, end: 1 };
    const url = (length: number) => `https://example.com/${'a'.repeat(length - 20)}`;
    const text = (length: number) => 'a'.repeat(length);
    const limits: Array<[string, unknown, unknown]> = [
      ['text', { ...typed, text: text(200_000) }, { ...typed, text: text(200_001) }],
      ['page title', { ...typed, pageTitle: text(10_000) }, { ...typed, pageTitle: text(10_001) }],
      ['page address', { ...typed, pageUrl: url(32_768) }, { ...typed, pageUrl: url(32_769) }],
      ['message id', { ...typed, messageId: text(200) }, { ...typed, messageId: text(201) }],
      [
        'citations',
        { ...typed, citations: Array(300).fill(citation) },
        { ...typed, citations: Array(301).fill(citation) },
      ],
      ['citation address', withCitation({ url: url(32_768) }), withCitation({ url: url(32_769) })],
      ['citation title', withCitation({ title: text(10_000) }), withCitation({ title: text(10_001) })],
      ['citation quote', withCitation({ quote: text(10_000) }), withCitation({ quote: text(10_001) })],
      ['citation offset', withCitation({ end: 200_000 }), withCitation({ end: 200_001 })],
      ['citation unknown offset', withCitation({ start: -1 }), withCitation({ start: -2 })],
      ['quoted text', withQuote({ exact: text(200_000) }), withQuote({ exact: text(200_001) })],
      ['quote prefix', withQuote({ prefix: text(10_000) }), withQuote({ prefix: text(10_001) })],
      ['quote suffix', withQuote({ suffix: text(10_000) }), withQuote({ suffix: text(10_001) })],
      // A place in a long page's whole text runs past any text a check takes.
      ['page position', withPosition(1_500_000), withPosition(2 ** 29)],
      ['map runs', runs(800_000), runs(800_001)],
    ];
    for (const [what, within, beyond] of limits) {
      expect(startCheckShape(within), what).toBe(within);
      expect(START_CHECK_SCHEMA.safeParse(within).success, what).toBe(true);
      expect(startCheckShape(beyond), what).toBeUndefined();
      expect(START_CHECK_SCHEMA.safeParse(beyond).success, what).toBe(false);
    }
  });

  it('leaves to the router an object that is not a plain one: nothing inherited is read as a key', () => {
    const inherited = Object.assign(Object.create({ pageUrl: 'javascript:alert(1)' }) as object, REQUESTS[0]);
    expect(startCheckShape(inherited)).toBeUndefined();
    expect(START_CHECK_SCHEMA.safeParse(inherited).success).toBe(false);
    const bare = Object.assign(Object.create(null) as object, REQUESTS[0]);
    expect(startCheckShape(bare)).toBeUndefined();
    expect(
      startCheckShape({ ...REQUESTS[1], capture: Object.assign(Object.create({}) as object, REQUESTS[1]!.capture) }),
    ).toBeUndefined();
  });

  it('refuses what is not a request: other values, arrays, a prototype key, a hole in an array', () => {
    for (const value of [undefined, null, 'text', 42, [], [REQUESTS[0]]])
      expect(startCheckShape(value)).toBeUndefined();
    expect(startCheckShape(JSON.parse('{"text":"x","origin":"typed","__proto__":{"fresh":true}}'))).toBeUndefined();
    const withHole = structuredClone(REQUESTS[2]!) as { citations: unknown[] };
    withHole.citations.length = 3;
    expect(startCheckShape(withHole)).toBeUndefined();
    expect(START_CHECK_SCHEMA.safeParse(withHole).success).toBe(false);
  });
});
