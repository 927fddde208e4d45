import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { exampleFromSchema, type JsonSchema } from '../../../../../scripts/lib/servers';

/** Asserts the example and checks it with zod's independent JSON Schema import. */
function expectValidExample(schema: JsonSchema, expected: unknown): void {
  const example = exampleFromSchema(schema);
  expect(example).toEqual(expected);
  expect(z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]).safeParse(example).success).toBe(true);
}

describe('exampleFromSchema', () => {
  it('gives the boring value of each primitive type', () => {
    expectValidExample({ type: 'string' }, '');
    expectValidExample({ type: 'number' }, 0);
    expectValidExample({ type: 'integer' }, 0);
    expectValidExample({ type: 'boolean' }, false);
    expectValidExample({ type: 'null' }, null);
    expectValidExample({ type: ['integer', 'null'] }, 0);
  });

  it('fills only required properties of objects', () => {
    expectValidExample(
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'number' } },
        required: ['a'],
        additionalProperties: false,
      },
      { a: '' },
    );
  });

  it('uses enum, const, first anyOf/oneOf branch', () => {
    expectValidExample({ type: 'string', enum: ['low', 'high'] }, 'low');
    expectValidExample({ const: 42 }, 42);
    expectValidExample({ anyOf: [{ type: 'boolean' }, { type: 'string' }] }, false);
    expectValidExample({ oneOf: [{ type: 'string', minLength: 3 }, { type: 'number' }] }, 'aaa');
  });

  it('follows $ref into $defs, definitions and the root', () => {
    expectValidExample(
      {
        type: 'object',
        properties: { x: { $ref: '#/$defs/X' } },
        required: ['x'],
        $defs: { X: { type: 'integer', minimum: 5 } },
      },
      { x: 5 },
    );
    expect(
      exampleFromSchema({
        type: 'object',
        properties: { y: { $ref: '#/definitions/a~1b' } },
        required: ['y'],
        definitions: { 'a/b': { enum: ['v'] } },
      }),
    ).toEqual({ y: 'v' });
    // A recursive tree terminates because arrays are empty by default.
    expect(
      exampleFromSchema({
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#' } } },
        required: ['children'],
      }),
    ).toEqual({
      children: [],
    });
  });

  it('respects bounds, minItems, prefixItems, formats and allOf', () => {
    expectValidExample({ type: 'number', exclusiveMinimum: 0, maximum: 1 }, 0.5);
    expectValidExample({ type: 'integer', maximum: -3 }, -3);
    expectValidExample({ type: 'array', items: { type: 'string' }, minItems: 2 }, ['', '']);
    expect(
      exampleFromSchema({ type: 'array', prefixItems: [{ type: 'number' }, { type: 'boolean' }], minItems: 2 }),
    ).toEqual([0, false]);
    expectValidExample({ type: 'string', format: 'date-time' }, '1970-01-01T00:00:00Z');
    expect(
      exampleFromSchema({
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { const: 1 } }, required: ['b'] },
        ],
      }),
    ).toEqual({ a: '', b: 1 });
  });

  it('refuses schemas without a finite instance', () => {
    expect(() => exampleFromSchema(false)).toThrow(/no valid instance/);
    expect(() =>
      exampleFromSchema({ type: 'object', properties: { self: { $ref: '#' } }, required: ['self'] }),
    ).toThrow(/recursion/);
    expect(() => exampleFromSchema({ $ref: 'https://example.com/schema.json' })).toThrow(/local \$ref/);
  });
});
