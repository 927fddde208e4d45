import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  normalizeStrictSchema,
  StrictSchemaError,
  toStrictJsonSchema,
} from '../../../../../lib/core/model/strict-schema';

type Json = Record<string, unknown>;

const ALLOWED = new Set([
  'type',
  'description',
  'title',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  '$ref',
  '$defs',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * OpenAI's strict-mode rules, as a checker: root is an object, every object requires all its properties and
 * forbids others, only supported keywords, every schema has a type, enum, anyOf or $ref.
 */
function violations(schema: Json, path = '$', root = true): string[] {
  const found: string[] = [];
  if (root && (schema.type !== 'object' || 'anyOf' in schema)) found.push(`${path}: root must be a plain object`);
  for (const key of Object.keys(schema)) if (!ALLOWED.has(key)) found.push(`${path}: keyword ${key}`);
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types) if (!TYPES.has(type as string)) found.push(`${path}: type ${String(type)}`);
  if (types.length === 0 && !('enum' in schema) && !('anyOf' in schema) && !('$ref' in schema))
    found.push(`${path}: no type`);
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    if (schema.additionalProperties !== false) found.push(`${path}: additionalProperties must be false`);
    const required = (schema.required ?? []) as string[];
    if (JSON.stringify([...required].sort()) !== JSON.stringify(Object.keys(properties).sort()))
      found.push(`${path}: not all properties required`);
    for (const [name, sub] of Object.entries(properties)) found.push(...violations(sub, `${path}.${name}`, false));
  }
  if (schema.items !== undefined) found.push(...violations(schema.items as Json, `${path}[]`, false));
  for (const [index, option] of ((schema.anyOf ?? []) as Json[]).entries())
    found.push(...violations(option, `${path}|${index}`, false));
  for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Json>))
    found.push(...violations(def, `#/$defs/${name}`, false));
  return found;
}

describe('toStrictJsonSchema', () => {
  it('makes nested objects, arrays, enums and nullable fields strict', () => {
    const schema = z.object({
      claims: z
        .array(
          z.object({
            text: z.string().min(1).describe('the claim'),
            stance: z.enum(['supports', 'refutes']),
            confidence: z.number().min(0).max(1),
            note: z.string().nullable(),
            kind: z.literal('fact'),
            source: z.object({ url: z.url(), year: z.number().int().nullable() }),
          }),
        )
        .min(1),
      verdict: z.enum(['supported', 'refuted']).nullable(),
      language: z.string().default('en'),
    });
    const strict = toStrictJsonSchema(schema);
    expect(violations(strict)).toEqual([]);
    const claim = (strict.properties as Record<string, Json>).claims!.items as Json;
    const props = claim.properties as Record<string, Json>;
    expect(props.text).toEqual({ type: 'string', description: 'the claim' });
    expect(props.stance).toEqual({ type: 'string', enum: ['supports', 'refutes'] });
    expect(props.kind).toEqual({ type: 'string', enum: ['fact'] });
    expect(props.note).toEqual({ type: ['string', 'null'] });
    expect((strict.properties as Record<string, Json>).language).toEqual({ type: 'string' });
    expect(strict.required).toEqual(['claims', 'verdict', 'language']);
  });

  it('turns discriminated unions into anyOf and keeps recursive $defs', () => {
    interface Node {
      name: string;
      children: Node[];
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(node);
      },
    });
    const schema = z.object({
      tree: node,
      event: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), x: z.string() }),
        z.object({ type: z.literal('b'), y: z.number() }),
      ]),
      value: z.union([z.string(), z.number()]),
    });
    const strict = toStrictJsonSchema(schema);
    expect(violations(strict)).toEqual([]);
    const props = strict.properties as Record<string, Json>;
    expect(props.event!.anyOf).toHaveLength(2);
    expect(props.value).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
    expect(props.tree!.$ref).toMatch(/^#\/\$defs\//);
  });

  it('rejects optional fields, naming the fix (strict mode has no optional fields)', () => {
    const schema = z.object({ outer: z.object({ note: z.string().optional() }) });
    expect(() => toStrictJsonSchema(schema)).toThrow(StrictSchemaError);
    expect(() => toStrictJsonSchema(schema)).toThrow(
      '$.outer.note: optional fields are not allowed in strict mode; use .nullable()',
    );
  });

  it.each([
    ['records', z.object({ map: z.record(z.string(), z.number()) }), /records/],
    ['loose objects', z.object({ o: z.looseObject({ a: z.string() }) }), /open objects/],
    ['tuples', z.object({ pair: z.tuple([z.string(), z.number()]) }), /prefixItems|tuples/],
    ['unknown values', z.object({ anything: z.unknown() }), /needs a type/],
    ['a non-object root', z.array(z.string()), /root/],
  ])('rejects %s', (_name, schema, message) => {
    expect(() => toStrictJsonSchema(schema)).toThrow(message);
  });

  it('drops validation keywords but zod still enforces them', () => {
    const schema = z.object({
      name: z
        .string()
        .min(3)
        .max(5)
        .regex(/^[a-z]+$/),
      count: z.number().int().min(1),
    });
    const strict = toStrictJsonSchema(schema);
    expect(JSON.stringify(strict)).not.toMatch(/minLength|maxLength|pattern|minimum|\$schema/);
    expect(schema.safeParse({ name: 'ab', count: 1 }).success).toBe(false);
  });

  it('refuses nesting deeper than OpenAI allows', () => {
    let raw: Json = { type: 'string' };
    for (let level = 0; level < 11; level++) raw = { type: 'object', properties: { inner: raw }, required: ['inner'] };
    expect(() => normalizeStrictSchema(raw)).toThrow(/deeper than 10/);
  });

  it('memoises per schema object', () => {
    const schema = z.object({ a: z.string() });
    expect(toStrictJsonSchema(schema)).toBe(toStrictJsonSchema(schema));
  });
});
