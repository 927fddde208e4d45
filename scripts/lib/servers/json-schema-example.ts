/**
 * Builds the smallest boring instance that validates against a JSON Schema, so the fake model answers a
 * `response_format: json_schema` request with something the app's own schema validation accepts.
 *
 * Covers what structured-output schemas use: type (also type arrays), properties/required, items/prefixItems,
 * enum, const, anyOf/oneOf (first branch), allOf (merged), $ref into $defs/definitions (any local JSON pointer),
 * string formats and length, numeric bounds, minItems.
 */

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The JSON Schema keywords the generator reads; everything else is ignored. */
export interface JsonSchemaObject {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  enum?: JsonValue[];
  const?: JsonValue;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  [keyword: string]: unknown;
}

/** A schema: an object, or `true`/`false`. */
export type JsonSchema = boolean | JsonSchemaObject;

/** Deep enough for any real schema; only reached by recursion that has no finite instance. */
const MAX_DEPTH = 64;

/** Example strings for formats a validator may check, since "" would fail them. */
const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '1970-01-01T00:00:00Z',
  date: '1970-01-01',
  time: '00:00:00Z',
  email: 'a@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': '/',
  uuid: '00000000-0000-0000-0000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `$ref` ("#", "#/$defs/Claim", "#/definitions/a~1b") from the root schema. */
function resolveRef(root: JsonSchema, ref: string): JsonSchema {
  if (!ref.startsWith('#')) throw new Error(`only local $ref is supported, got ${ref}`);
  let node: unknown = root;
  for (const raw of ref
    .slice(1)
    .split('/')
    .filter((part) => part !== '')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = node[key];
    else node = undefined;
    if (node === undefined) throw new Error(`$ref ${ref} does not resolve`);
  }
  if (typeof node !== 'boolean' && !isRecord(node)) throw new Error(`$ref ${ref} does not point at a schema`);
  return node as JsonSchema;
}

function inferType(schema: JsonSchemaObject): string | undefined {
  if (Array.isArray(schema.type)) return schema.type[0];
  if (schema.type !== undefined) return schema.type;
  if (schema.properties || schema.required) return 'object';
  if (schema.items !== undefined || schema.prefixItems) return 'array';
  return undefined;
}

function exampleNumber(schema: JsonSchemaObject, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  let value = 0;
  if (typeof schema.minimum === 'number' && value < schema.minimum) value = schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    value = schema.exclusiveMinimum + step;
  if (schema.exclusiveMinimum === true && typeof schema.minimum === 'number' && value <= schema.minimum)
    value = schema.minimum + step;
  if (typeof schema.maximum === 'number' && value > schema.maximum) value = schema.maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    value = schema.exclusiveMaximum - step;
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return integer ? Math.ceil(value) : value;
}

function merge(parts: JsonValue[]): JsonValue {
  if (parts.length > 0 && parts.every(isRecord)) return Object.assign({}, ...parts) as JsonValue;
  return parts[0] ?? null;
}

function build(schema: JsonSchema, root: JsonSchema, depth: number): JsonValue {
  if (depth > MAX_DEPTH) throw new Error('schema recursion has no finite instance');
  if (schema === true) return null;
  if (schema === false) throw new Error('schema `false` has no valid instance');
  const next = (sub: JsonSchema): JsonValue => build(sub, root, depth + 1);

  if (typeof schema.$ref === 'string') return next(resolveRef(root, schema.$ref));
  if ('const' in schema && schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0] ?? null;
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch !== undefined) return next(branch);
  if (schema.allOf && schema.allOf.length > 0) {
    const { allOf, ...own } = schema;
    const parts = allOf.map(next);
    if (inferType(own) !== undefined) parts.unshift(next(own));
    return merge(parts);
  }

  switch (inferType(schema)) {
    case 'object': {
      const result: { [key: string]: JsonValue } = {};
      for (const key of schema.required ?? []) {
        result[key] = next(schema.properties?.[key] ?? schema.additionalProperties ?? true);
      }
      return result;
    }
    case 'array': {
      const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : []);
      const items = Array.isArray(schema.items) ? true : (schema.items ?? true);
      const length = schema.minItems ?? 0;
      return Array.from({ length }, (_, i) => next(tuple[i] ?? items));
    }
    case 'string': {
      const base = (schema.format && FORMAT_EXAMPLES[schema.format]) || '';
      return base.padEnd(schema.minLength ?? 0, 'a');
    }
    case 'integer':
      return exampleNumber(schema, true);
    case 'number':
      return exampleNumber(schema, false);
    case 'boolean':
      return false;
    default:
      // 'null', or a schema with no type constraints at all: null is valid for both.
      return null;
  }
}

/** The minimal instance valid against `schema` (see the file comment for the supported keywords). */
export function exampleFromSchema(schema: JsonSchema): JsonValue {
  return build(schema, schema, 0);
}
